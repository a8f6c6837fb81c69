import Cookies from 'js-cookie';
import { vi } from 'vitest';

/*
 * The one stand-in for the API in component tests: it stubs `fetch`, records every call and
 * answers from the test's `answer` function in the envelope of DESIGN §5.
 */

export type Call = { method: string; url: string; body: unknown };
export type Reply = { status: number; body: unknown };

/** A success envelope: `{ data }`. */
export const ok = (data: unknown, status = 200): Reply => ({ status, body: { data } });
/** An error envelope with one coded message. */
export const fail = (status: number, message: string, code = 'x'): Reply => ({ status, body: { errors: [{ code, message }] } });

/** The recorded calls, in order, with two filters. */
export type Calls = Call[] & {
  /** The calls of one method and URL. */
  to: (method: string, url: string) => Call[];
  /** Every call that is not a GET. */
  writes: () => Call[];
};

/**
 * Stubs fetch until `vi.unstubAllGlobals()`. `answer` replies to each call; a call it does not
 * answer (undefined) is a 404. Sets the CSRF cookie, and an access token unless `signedIn: false`.
 */
export function fakeApi(answer: (call: Call) => Reply | undefined, { signedIn = true }: { signedIn?: boolean } = {}): Calls {
  const calls = Object.assign([] as Call[], {
    to: (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url),
    writes: () => calls.filter((c) => c.method !== 'GET'),
  });
  Cookies.set('csrftoken', 'test-csrf', { path: '/' });
  if (signedIn) Cookies.set('access_token', 'token-1', { path: '/' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { method: init.method ?? 'GET', url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      const reply = answer(call) ?? fail(404, 'Not found.', 'not_found');
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}
