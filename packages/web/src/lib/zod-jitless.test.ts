import { describe, expect, it } from 'vitest';
import { z } from 'zod';

describe('zod in the web build', () => {
  it('is jitless before any schema is defined, so it never calls new Function (CSP, issue 16)', () => {
    expect(z.config().jitless).toBe(true);
    const calls: unknown[] = [];
    const original = globalThis.Function;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        calls.push(args);
        return Reflect.construct(target, args);
      },
      apply(target, self, args) {
        calls.push(args);
        return Reflect.apply(target, self, args);
      },
    });
    try {
      const schema = z.object({ a: z.string(), b: z.object({ c: z.number() }) });
      expect(schema.parse({ a: 'x', b: { c: 1 } })).toEqual({ a: 'x', b: { c: 1 } });
    } finally {
      globalThis.Function = original;
    }
    expect(calls).toEqual([]);
  });
});
