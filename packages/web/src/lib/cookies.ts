import { SESSION_TIMED_OUT_FLAG_SECONDS } from '@app/contract/constants';
import Cookies from 'js-cookie';

/** The browser cookies of DESIGN §5; every read and write of them goes through this module. */
export const CookieName = {
  accessToken: 'access_token',
  tokenExpire: 'token_expire',
  sessionTimedOut: 'session_timed_out',
  locale: 'locale',
  csrf: 'csrftoken',
} as const;

function attributes(expires?: Date | number): Cookies.CookieAttributes {
  return {
    path: '/',
    sameSite: 'strict',
    secure: typeof window !== 'undefined' && window.location.protocol === 'https:',
    ...(expires === undefined ? {} : { expires }),
  };
}

export function getAccessToken(): string | undefined {
  return Cookies.get(CookieName.accessToken) || undefined;
}

/** Epoch seconds at which the access token expires, or undefined when unknown. */
export function getTokenExpire(): number | undefined {
  const raw = Cookies.get(CookieName.tokenExpire);
  if (!raw) return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

/** Stores the token pair that the server sends in X-Access-Token and X-Token-Expire. */
export function setTokens(accessToken: string, expiresAt: number) {
  // The cookies live as long as the token does, so a browser restart keeps a valid session.
  const expires = Number.isFinite(expiresAt) && expiresAt > 0 ? new Date(expiresAt * 1000) : undefined;
  Cookies.set(CookieName.accessToken, accessToken, attributes(expires));
  Cookies.set(CookieName.tokenExpire, String(expiresAt), attributes(expires));
}

export function clearTokens() {
  Cookies.remove(CookieName.accessToken, attributes());
  Cookies.remove(CookieName.tokenExpire, attributes());
}

export function markSessionTimedOut() {
  const expires = new Date(Date.now() + SESSION_TIMED_OUT_FLAG_SECONDS * 1000);
  Cookies.set(CookieName.sessionTimedOut, '1', attributes(expires));
}

export function hasSessionTimedOut(): boolean {
  return Cookies.get(CookieName.sessionTimedOut) !== undefined;
}

export function clearSessionTimedOut() {
  Cookies.remove(CookieName.sessionTimedOut, attributes());
}

export function getLocaleCookie(): string | undefined {
  return Cookies.get(CookieName.locale) || undefined;
}

export function setLocaleCookie(locale: string) {
  Cookies.set(CookieName.locale, locale, attributes(365));
}

export function getCsrfCookie(): string | undefined {
  return Cookies.get(CookieName.csrf) || undefined;
}
