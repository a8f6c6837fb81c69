import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, setUnauthorizedHandler } from './api-client.ts';
import { clearTokens, getAccessToken, getTokenExpire, setTokens } from './cookies.ts';
import { startEarlyGet } from './early-requests.ts';
import { ACTIVITY_WINDOW_MS } from './user-activity.ts';

type Call = { url: string; init: RequestInit };

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

describe('api client', () => {
  let calls: Call[];
  let replies: Response[];

  beforeEach(() => {
    calls = [];
    replies = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        calls.push({ url, init });
        const reply = replies.shift();
        if (!reply) throw new Error(`unexpected call ${url}`);
        return reply;
      }),
    );
    Cookies.remove('csrftoken', { path: '/' });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    clearTokens();
  });

  it('sends the bearer token, unwraps data and stores the renewed token headers', async () => {
    setTokens('old', 1900000000);
    replies.push(json(200, { data: { ok: true } }, { 'X-Access-Token': 'new', 'X-Token-Expire': '2000000000' }));
    await expect(api.get('/api/users')).resolves.toEqual({ ok: true });
    expect(new Headers(calls[0]?.init.headers).get('Authorization')).toBe('Bearer old');
    expect(getAccessToken()).toBe('new');
    expect(getTokenExpire()).toBe(2000000000);
  });

  it('marks a call as background when nobody pressed, tapped or scrolled for a while (issue 16)', async () => {
    setTokens('t', 1900000000);
    const background = () => new Headers(calls.at(-1)?.init.headers).get('X-Background-Request');
    const later = Date.now() + ACTIVITY_WINDOW_MS + 1000;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(later);
      replies.push(json(200, { data: 1 }));
      await api.get('/api/courses/1/discussion/unread-count');
      expect(background()).toBe('1');
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
      replies.push(json(200, { data: 1 }));
      await api.get('/api/courses/1/discussion/unread-count');
      expect(background()).toBeNull();
      vi.setSystemTime(later + ACTIVITY_WINDOW_MS + 1);
      replies.push(json(200, { data: 1 }));
      await api.get('/api/courses/1/discussion/unread-count');
      expect(background()).toBe('1');
      window.dispatchEvent(new Event('pointerdown'));
      replies.push(json(200, { data: 1 }));
      await api.get('/api/courses/1');
      expect(background()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('fetches a CSRF token first when the cookie is missing and sends it on writes', async () => {
    replies.push(json(200, { data: { csrf_token: 'abc' } }), json(201, { data: { email: 'a@b.co' } }));
    await api.post('/api/users', { email: 'a@b.co' });
    expect(calls.map((c) => c.url)).toEqual(['/api/csrf', '/api/users']);
    expect(new Headers(calls[1]?.init.headers).get('X-CSRFToken')).toBe('abc');
  });

  it('rejects with the error list of the envelope', async () => {
    Cookies.set('csrftoken', 't', { path: '/' });
    replies.push(json(400, { errors: [{ field: 'email', messages: ['This email has already been taken.'] }] }));
    const error = await api.post('/api/users', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldMessages('email')).toEqual(['This email has already been taken.']);
  });

  it('on a 401 clears the token cookies and hands the sign-in URL to the router', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    setTokens('tok', 2000000000);
    window.history.replaceState(null, '', '/my-profile?tab=1');
    replies.push(json(401, { errors: [{ code: 'unauthenticated', message: 'You are not signed in.' }] }));
    const error = await api.get('/api/users').catch((e: unknown) => e);
    expect((error as ApiError).handled).toBe(true);
    expect(getAccessToken()).toBeUndefined();
    expect(onUnauthorized).toHaveBeenCalledWith('/sign-in?redirect=%2Fmy-profile%3Ftab%3D1');
  });

  it('does not redirect when the call opts out (a wrong password at sign-in)', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    Cookies.set('csrftoken', 't', { path: '/' });
    replies.push(json(401, { errors: [{ code: 'invalid_credentials', message: 'Email or password is not correct.' }] }));
    const error = await api.post('/api/users/sign-in', {}, { redirectOnUnauthorized: false }).catch((e: unknown) => e);
    expect((error as ApiError).hasCode('invalid_credentials')).toBe(true);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('hands a GET started early to the next call of that path, once, read as its own (issue 15)', async () => {
    setTokens('early', 1900000000);
    replies.push(json(200, { data: { id: 1 } }, { 'X-Access-Token': 'renewed', 'X-Token-Expire': '2000000000' }));
    startEarlyGet('/api/users');
    expect(calls).toHaveLength(1);
    expect(new Headers(calls[0]?.init.headers).get('Authorization')).toBe('Bearer early');
    await expect(api.get('/api/users')).resolves.toEqual({ id: 1 });
    expect(calls).toHaveLength(1);
    expect(getAccessToken()).toBe('renewed');
    // Taken once: the next call sends its own request.
    replies.push(json(200, { data: { id: 2 } }));
    await expect(api.get('/api/users')).resolves.toEqual({ id: 2 });
    expect(calls).toHaveLength(2);
  });

  it('reads a 401 of an early GET like any other: tokens cleared, sign-in through the router', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    setTokens('gone', 2000000000);
    window.history.replaceState(null, '', '/');
    replies.push(json(401, { errors: [{ code: 'unauthenticated', message: 'You are not signed in.' }] }));
    startEarlyGet('/api/users');
    // The router registers its handler after the early start; the answer is read when the call asks for it.
    expect(onUnauthorized).not.toHaveBeenCalled();
    const error = await api.get('/api/users').catch((e: unknown) => e);
    expect((error as ApiError).handled).toBe(true);
    expect(getAccessToken()).toBeUndefined();
    expect(onUnauthorized).toHaveBeenCalledWith('/sign-in');
  });

  it('leaves an early GET that nobody asked for in time, and a write of the same path, to their own requests', async () => {
    setTokens('t', 1900000000);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      replies.push(json(200, { data: { stale: true } }));
      startEarlyGet('/api/users');
      vi.setSystemTime(Date.now() + 11_000);
      replies.push(json(200, { data: { fresh: true } }));
      await expect(api.get('/api/users')).resolves.toEqual({ fresh: true });
      expect(calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
    replies.push(json(200, { data: { early: true } }));
    startEarlyGet('/api/things');
    Cookies.set('csrftoken', 'c', { path: '/' });
    replies.push(json(200, { data: { written: true } }));
    await expect(api.post('/api/things', {})).resolves.toEqual({ written: true });
    expect(calls.at(-1)?.init.method).toBe('POST');
  });
});
