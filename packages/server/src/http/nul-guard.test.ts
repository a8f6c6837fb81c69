import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, errorsOf, type TestContext } from '../../test/helpers.ts';
import { findNul, NUL_MESSAGE } from './nul-guard.ts';

describe('findNul', () => {
  it('names the first string or key with U+0000, through objects and arrays', () => {
    expect(findNul('a\u0000b')).toBe('');
    expect(findNul({ title: 'ok', items: [{ answer: 'x' }, { answer: 'y\u0000' }] })).toBe('items.1.answer');
    expect(findNul({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(findNul({ title: 'ok', n: 1, b: null })).toBeUndefined();
  });
});

// Found by the route fuzz test (issue 16): PostgreSQL refused these with a 500, and Fastify's own
// refusals of a broken address were not in the error envelope.
describe.each(dialects)('addresses and text the server cannot take (%s)', (dialect) => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  it('refuses U+0000 in a body, a query or a path parameter with a 400 naming it, on both engines', async () => {
    const { client } = await t.signedIn({ user_type: 2 });
    const body = await client.post('/api/media-collections', { collection_title: 'Ear\u0000training' });
    expect(body.statusCode, body.body).toBe(400);
    expect(errorsOf(body)).toEqual([{ field: 'collection_title', messages: [NUL_MESSAGE] }]);
    const param = await client.get('/api/media-files/abc%00def/file-url');
    expect(param.statusCode).toBe(400);
    expect(errorsOf(param)).toEqual([{ field: 'file_key', messages: [NUL_MESSAGE] }]);
    const query = await client.get('/api/courses/1/threads?cursor=%00');
    expect(query.statusCode).toBe(400);
  });

  it('answers a malformed address and an over-long path parameter in the error envelope', async () => {
    const client = t.client();
    const bad = await client.get('/api/courses/%zz');
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toEqual([{ code: 'validation_failed', message: 'This address is not valid.' }]);
    const long = await client.get(`/api/courses/${'1'.repeat(500)}`);
    expect(long.statusCode).toBe(414);
    expect(errorsOf(long)).toEqual([{ code: 'validation_failed', message: 'A part of this address is too long.' }]);
  });
});
