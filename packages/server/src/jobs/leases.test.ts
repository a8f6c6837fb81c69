import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestContext } from '../../test/helpers.ts';
import { releaseLease, tryAcquireLease, withLease } from './leases.ts';

describe.each(dialects)('leases (%s)', (dialect) => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  it('is held by one holder until released or run out', async () => {
    const { db } = t.app.deps;
    expect(await tryAcquireLease(db, t.clock, 'demo-data', 'a', 60)).toBe(true);
    expect(await tryAcquireLease(db, t.clock, 'demo-data', 'b', 60)).toBe(false);
    t.clock.advance(61);
    expect(await tryAcquireLease(db, t.clock, 'demo-data', 'b', 60)).toBe(true);
    await releaseLease(db, 'demo-data', 'a');
    expect(await tryAcquireLease(db, t.clock, 'demo-data', 'a', 60)).toBe(false);
    await releaseLease(db, 'demo-data', 'b');
    expect(await tryAcquireLease(db, t.clock, 'demo-data', 'a', 60)).toBe(true);
  });

  it('runs work of two instances starting together one after the other', async () => {
    const { db } = t.app.deps;
    const events: string[] = [];
    const work = (name: string) => async () => {
      events.push(`${name} start`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      events.push(`${name} end`);
      return name;
    };
    const [a, b] = await Promise.all([
      withLease(db, t.clock, 'demo-data', { seconds: 60, holder: 'a', wait: true }, work('a')),
      withLease(db, t.clock, 'demo-data', { seconds: 60, holder: 'b', wait: true }, work('b')),
    ]);
    expect([a, b]).toEqual(['a', 'b']);
    expect(events[1]).toMatch(/end$/);
    expect(events[3]).toMatch(/end$/);
    // Without waiting, a held lease means "someone else is doing it".
    expect(await tryAcquireLease(db, t.clock, 'orphan-sweep', 'c', 60)).toBe(true);
    expect(await withLease(db, t.clock, 'orphan-sweep', { seconds: 60, holder: 'd', wait: false }, work('d'))).toBeUndefined();
  });
});
