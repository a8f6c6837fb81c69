import { afterEach, describe, expect, it } from 'vitest';
import { rememberReturnAfterSignUp, takeReturnAfterSignUp } from './return-after-sign-up.ts';

describe('return after sign-up', () => {
  afterEach(() => window.localStorage.clear());

  it('gives the remembered path back once', () => {
    rememberReturnAfterSignUp('/join/abc123', 1_000);
    expect(takeReturnAfterSignUp(2_000)).toBe('/join/abc123');
    expect(takeReturnAfterSignUp(3_000)).toBeNull();
  });

  it('forgets a path older than the create-password link', () => {
    rememberReturnAfterSignUp('/join/abc123', 0);
    expect(takeReturnAfterSignUp(48 * 3600 * 1000 + 1)).toBeNull();
  });

  it('never remembers a path that leaves the site', () => {
    rememberReturnAfterSignUp('//evil.example/join', 1_000);
    expect(takeReturnAfterSignUp(2_000)).toBeNull();
    window.localStorage.setItem('return_after_sign_up', JSON.stringify({ path: 'https://evil.example', at: 1_000 }));
    expect(takeReturnAfterSignUp(2_000)).toBeNull();
  });

  it('a sign-up without a destination clears an older one', () => {
    rememberReturnAfterSignUp('/join/old', 1_000);
    rememberReturnAfterSignUp(null, 2_000);
    expect(takeReturnAfterSignUp(3_000)).toBeNull();
  });
});
