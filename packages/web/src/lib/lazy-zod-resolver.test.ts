import type { SignInRequest } from '@app/contract/users';
import { describe, expect, it, vi } from 'vitest';
import { lazyZodResolver } from './lazy-zod-resolver.ts';

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyZodResolver', () => {
  it('loads the schema once, on the first validation, and answers as the contract schema does', async () => {
    const load = vi.fn(async () => (await import('@app/contract/users')).SignInRequest);
    const resolver = lazyZodResolver<SignInRequest>(load);
    expect(load).not.toHaveBeenCalled();

    const empty = await resolver({ email: '', password: '' }, undefined, options);
    expect(empty.errors.email?.message).toBe('Email is required.');
    expect(empty.errors.password?.message).toBe('Password is required.');

    const valid = await resolver({ email: ' Ada@Example.com ', password: 'x' }, undefined, options);
    expect(valid.errors).toEqual({});
    // The schema's own normalisation comes through (trim, lower case).
    expect(valid.values).toEqual({ email: 'ada@example.com', password: 'x' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('uses the readable zod messages of the contract where a schema has none of its own', async () => {
    const { z } = await import('zod');
    const resolver = lazyZodResolver<{ age: number }>(async () => z.object({ age: z.number().min(18) }));
    const result = await resolver({ age: 3 }, undefined, options);
    expect(result.errors.age?.message).toBe('This number must be at least 18.');
  });
});
