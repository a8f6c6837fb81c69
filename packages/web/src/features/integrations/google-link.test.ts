import { afterEach, describe, expect, it } from 'vitest';
import {
  forgetPendingExport,
  googleLinkUrl,
  googleStep,
  isPastDue,
  pendingExport,
  rememberPendingExport,
  returnUrl,
  toBase64,
} from './google-link.ts';
import { googleInfo } from './test-data.ts';

describe('Google Classroom rules (spec §4, §5)', () => {
  it('treats a set due at or before now + 60 s as past due', () => {
    const now = 1_900_000_000_000;
    expect(isPastDue(now / 1000 + 60, now)).toBe(true);
    expect(isPastDue(now / 1000 + 30, now)).toBe(true);
    expect(isPastDue(now / 1000 - 3600, now)).toBe(true);
    expect(isPastDue(now / 1000 + 61, now)).toBe(false);
  });

  it('turns googleInfo into the next step: error 0 OK, 1 no courses, 2 permission, above 2 general', () => {
    expect(googleStep(googleInfo({ configured: false, linked: false, error: 3 }))).toEqual({ kind: 'message', message: 'notConfigured' });
    expect(googleStep(googleInfo({ linked: false, courses: [] }))).toEqual({ kind: 'link' });
    expect(googleStep(googleInfo())).toEqual({ kind: 'form', courses: googleInfo().courses });
    expect(googleStep(googleInfo({ error: 1, courses: [] }))).toEqual({ kind: 'message', message: 'noCourses' });
    expect(googleStep(googleInfo({ error: 0, courses: [] }))).toEqual({ kind: 'message', message: 'noCourses' });
    expect(googleStep(googleInfo({ error: 2, courses: [] }))).toEqual({ kind: 'message', message: 'permission' });
    expect(googleStep(googleInfo({ error: 3, courses: [] }))).toEqual({ kind: 'message', message: 'infoFailed' });
    expect(googleStep(googleInfo({ error: 7, courses: [] }))).toEqual({ kind: 'message', message: 'infoFailed' });
  });

  it('sends the browser to /gc/config with re = base64 return URL and id = base64 session token', () => {
    const back = returnUrl('http://localhost:3000/course/1/assignment/2?gc=0&tab=x#docs');
    expect(back).toBe('http://localhost:3000/course/1/assignment/2?tab=x#docs');
    const url = new URL(googleLinkUrl(back, 'tok+/en='), 'http://localhost:3000');
    expect(url.pathname).toBe('/gc/config');
    expect(atob(url.searchParams.get('re') ?? '')).toBe(back);
    expect(atob(url.searchParams.get('id') ?? '')).toBe('tok+/en=');
    expect(toBase64('Ünïcode')).toBe(Buffer.from('Ünïcode', 'utf8').toString('base64'));
  });
});

describe('the pending export in session storage', () => {
  afterEach(() => window.sessionStorage.clear());

  it('is kept per assignment set', () => {
    rememberPendingExport(8, 31, 1_000);
    rememberPendingExport(9, 44, 1_000);
    expect(pendingExport(8, 2_000)).toBe(31);
    expect(pendingExport(9, 2_000)).toBe(44);
    forgetPendingExport(8);
    expect(pendingExport(8, 2_000)).toBeNull();
    expect(pendingExport(9, 2_000)).toBe(44);
  });

  it('is ignored when stale, from the future or unreadable', () => {
    rememberPendingExport(8, 31, 1_000);
    expect(pendingExport(8, 1_000 + 31 * 60_000)).toBeNull();
    expect(pendingExport(8, 500)).toBeNull();
    window.sessionStorage.setItem('google_classroom_8', '{not json');
    expect(pendingExport(8, 1_000)).toBeNull();
    window.sessionStorage.setItem('google_classroom_8', JSON.stringify({ documentId: '31', at: 1_000 }));
    expect(pendingExport(8, 1_000)).toBeNull();
  });
});
