import { getAccessToken } from './cookies.ts';
import { BACKGROUND_HEADER, isUserActive } from './user-activity.ts';

/*
 * The headers of every API call, and GETs started before the code that reads them has arrived
 * (issue 15, decision 045). Apart from api-client.ts, so the entry can start the first screen's
 * data without the API client's error handling and uploads.
 */

/** The headers of every call but the CSRF token: the access token, and whether anyone is at the keyboard. */
export function apiHeaders(): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  const accessToken = getAccessToken();
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  // A poll or refetch with nobody at the keyboard must not keep the session alive.
  if (accessToken && !isUserActive()) headers.set(BACKGROUND_HEADER, '1');
  return headers;
}

/** How long a GET started early waits for the call that reads it; after that the call sends its own. */
const EARLY_GET_MS = 10_000;

/** GETs started before the code that reads them has arrived (`startEarlyGet`), by path. */
const earlyGets = new Map<string, { response: Promise<Response>; at: number }>();

/**
 * Starts GET `path` now, with the headers `apiRequest` would send: the entry calls it for the first
 * screen's data (app/first-requests.ts), so the request leaves with the first script instead of
 * after the app's code has downloaded and run. The next GET of that path within EARLY_GET_MS
 * takes this response (`takeEarlyGet`), once, and api-client reads it as its own (tokens, 401, errors).
 */
export function startEarlyGet(path: string) {
  if (earlyGets.has(path)) return;
  // fetch's defaults are api-client's GET: method GET, credentials same-origin (kept out of the entry's bytes).
  const response = fetch(path, { headers: apiHeaders() });
  // Read (or its failure seen) by the call that takes it; nobody else waits for it.
  response.catch(() => undefined);
  earlyGets.set(path, { response, at: Date.now() });
}

/** The response of a GET of `path` started early, once, unless it is older than EARLY_GET_MS or the caller has given up. */
export function takeEarlyGet(path: string, signal: AbortSignal | undefined): Promise<Response> | undefined {
  const early = earlyGets.get(path);
  if (!early) return undefined;
  earlyGets.delete(path);
  if (signal?.aborted || Date.now() - early.at > EARLY_GET_MS) return undefined;
  return early.response;
}

/**
 * Whether the first screen asked for GET `path` on its last visit in this browser (a student's
 * dashboard asks for /api/due-soon, which only /api/users says it needs): the entry then starts it
 * with /api/users instead of after it. Written by `remember-early-get.ts` in the screen's own code,
 * under the same key, so the entry carries only this read (sign-in's first load budget, issue 15).
 */
export function wantedLastTime(path: string): boolean {
  try {
    return Boolean(localStorage.getItem(`early-get:${path}`));
  } catch {
    return false;
  }
}
