import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, errorsOf, type TestContext } from '../../test/helpers.ts';

// Issue 18: the envelope names each sentence's code beside the errors, so the web app translates
// by code; the errors themselves keep the spec's English and the shape of DESIGN §5.
describe.each(dialects)('message codes in the error envelope (%s)', (dialect) => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  it('codes a service error beside its message', async () => {
    const res = await t.client().post('/api/users/sign-in', { email: 'nobody@example.com', password: 'WrongPass123' });
    expect(res.statusCode).toBe(401);
    expect(errorsOf(res)).toEqual([{ code: 'invalid_credentials', message: 'Email or password is not correct.' }]);
    expect(res.json().message_codes).toEqual([[{ code: 'api.invalidCredentials' }]]);
  });

  it('codes each message of a field error from a contract schema, and zod’s defaults with their values', async () => {
    const { client } = await t.signedIn({ user_type: 2 });
    const empty = await client.post('/api/media-collections', { collection_title: '' });
    expect(empty.statusCode).toBe(400);
    expect(errorsOf(empty)).toEqual([{ field: 'collection_title', messages: ['Collection title is required.'] }]);
    expect(empty.json().message_codes).toEqual([[{ code: 'media.collectionTitleRequired' }]]);

    const missing = await client.post('/api/media-collections', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message_codes).toEqual([[{ code: 'zod.required' }]]);
  });

  it('codes Fastify’s own refusals and the catch-all not-found answer', async () => {
    const res = await t.client().get('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(errorsOf(res)).toEqual([{ code: 'not_found', message: 'No such path: GET /api/no-such-thing.' }]);
    expect(res.json().message_codes).toEqual([[{ code: 'api.noSuchPath', params: { route: 'GET /api/no-such-thing' } }]]);
    const bad = await t.client().get('/api/courses/%zz');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message_codes).toEqual([[{ code: 'api.addressInvalid' }]]);
  });

  it('codes the sentences the server’s own layers write: the NUL guard, id parameters, file links', async () => {
    const { client } = await t.signedIn({ user_type: 2 });
    const nul = await client.post('/api/media-collections', { collection_title: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(errorsOf(nul)).toEqual([{ field: 'collection_title', messages: ['Text cannot contain the NUL character (U+0000).'] }]);
    expect(nul.json().message_codes).toEqual([[{ code: 'api.textHasNul' }]]);

    const id = await client.get('/api/documents/0/workspace');
    expect(id.statusCode).toBe(400);
    expect(id.json().message_codes).toEqual([[{ code: 'api.idInvalid' }]]);

    const link = await t.client().get('/files/documents/x.har?exp=1&sig=nope');
    expect(link.statusCode).toBe(403);
    expect(errorsOf(link)).toEqual([{ code: 'forbidden', message: 'This file link is not valid or has expired.' }]);
    expect(link.json().message_codes).toEqual([[{ code: 'api.fileLinkInvalid' }]]);
  });
});
