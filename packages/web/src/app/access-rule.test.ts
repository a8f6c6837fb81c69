import { describe, expect, it } from 'vitest';
import { accessRedirect } from './access-rule.ts';

const at = (pathname: string, search = '') => ({ pathname, search });

describe('accessRedirect', () => {
  it('lets a signed-in user go anywhere', () => {
    expect(accessRedirect(at('/my-profile'), true)).toBeNull();
    expect(accessRedirect(at('/nowhere'), true)).toBeNull();
  });

  it('keeps the public pages open without a token', () => {
    for (const path of ['/sign-in', '/sign-up', '/sign-up/confirmation', '/reset-password', '/create-password', '/sign-in/']) {
      expect(accessRedirect(at(path), false)).toBeNull();
    }
  });

  it('sends other paths to sign-in with the original path and query as redirect', () => {
    expect(accessRedirect(at('/my-profile'), false)).toBe('/sign-in?redirect=%2Fmy-profile');
    expect(accessRedirect(at('/course/7/people', '?tab=ta'), false)).toBe('/sign-in?redirect=%2Fcourse%2F7%2Fpeople%3Ftab%3Dta');
    expect(accessRedirect(at('/change-password'), false)).toBe('/sign-in?redirect=%2Fchange-password');
    expect(accessRedirect(at('/no-such-page'), false)).toBe('/sign-in?redirect=%2Fno-such-page');
  });

  it('leaves out the redirect for / and /sign-out', () => {
    expect(accessRedirect(at('/'), false)).toBe('/sign-in');
    expect(accessRedirect(at('/sign-out'), false)).toBe('/sign-in');
  });
});
