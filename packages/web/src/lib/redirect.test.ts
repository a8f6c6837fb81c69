import { describe, expect, it } from 'vitest';
import { isPublicPath, sanitizeRedirect, signInPath, withRedirect } from './redirect.ts';

describe('sanitizeRedirect', () => {
  it('keeps same-origin paths with query and hash', () => {
    expect(sanitizeRedirect('/my-profile')).toBe('/my-profile');
    expect(sanitizeRedirect('/course/3/settings#course_created')).toBe('/course/3/settings#course_created');
    expect(sanitizeRedirect('/media-library?x=1')).toBe('/media-library?x=1');
  });

  it('refuses anything that could leave the site', () => {
    for (const value of [
      'https://evil.example',
      '//evil.example',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'my-profile',
      '/\tevil',
      ' /my-profile',
    ]) {
      expect(sanitizeRedirect(value), value).toBeNull();
    }
  });

  it('refuses empty values and loops back to sign-in or sign-out', () => {
    expect(sanitizeRedirect(null)).toBeNull();
    expect(sanitizeRedirect(undefined)).toBeNull();
    expect(sanitizeRedirect('')).toBeNull();
    expect(sanitizeRedirect('/sign-in?redirect=/x')).toBeNull();
    expect(sanitizeRedirect('/sign-out')).toBeNull();
  });
});

describe('signInPath', () => {
  it('leaves out the redirect for /, /sign-out and sign-in itself', () => {
    expect(signInPath('/')).toBe('/sign-in');
    expect(signInPath('/?tab=2')).toBe('/sign-in');
    expect(signInPath('/sign-out')).toBe('/sign-in');
    expect(signInPath('/sign-in?redirect=%2Fx')).toBe('/sign-in');
  });

  it('round-trips through sanitizeRedirect', () => {
    const url = new URL(signInPath('/course/1/info?a=b'), 'http://localhost');
    expect(url.pathname).toBe('/sign-in');
    expect(sanitizeRedirect(url.searchParams.get('redirect'))).toBe('/course/1/info?a=b');
  });
});

describe('withRedirect', () => {
  it('carries a safe path along and drops anything else', () => {
    expect(withRedirect('/sign-up', '/join/abc')).toBe('/sign-up?redirect=%2Fjoin%2Fabc');
    expect(withRedirect('/sign-up', null)).toBe('/sign-up');
    expect(withRedirect('/sign-in', '//evil.example')).toBe('/sign-in');
  });
});

describe('isPublicPath', () => {
  it('opens the LTI Dynamic Registration page signed out, and nothing else under /lti', () => {
    expect(isPublicPath('/lti/register/abc_DEF-1')).toBe(true);
    expect(isPublicPath('/lti/register/abc/')).toBe(true);
    expect(isPublicPath('/lti/register/')).toBe(false);
    expect(isPublicPath('/lti/register/a/b')).toBe(false);
    expect(isPublicPath('/lti/deep-link/abc')).toBe(false);
    expect(isPublicPath('/sign-up')).toBe(true);
  });
});
