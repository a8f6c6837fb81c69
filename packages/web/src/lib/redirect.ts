/** Paths that work without an access token (spec §2, plus /create-password and /confirm-email for e-mailed links). */
export const PUBLIC_PATHS = [
  '/sign-in',
  '/sign-up',
  '/sign-up/confirmation',
  '/reset-password',
  '/create-password',
  '/confirm-email',
] as const;

/** Paths that never make sense as a place to return to after signing in. */
const NO_RETURN_PATHS = ['/', '/sign-out', '/sign-in'];

function normalizePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** Public paths with a parameter: LTI Dynamic Registration, which an LMS opens signed out (issue 28). */
const PUBLIC_PATTERNS = [/^\/lti\/register\/[A-Za-z0-9_-]+$/];

export function isPublicPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return (PUBLIC_PATHS as readonly string[]).includes(path) || PUBLIC_PATTERNS.some((pattern) => pattern.test(path));
}

/**
 * The sign-in URL that brings the user back to `path` (path + search) afterwards. Spec §2 leaves
 * the redirect out for / and /sign-out, for the access rule and a session time-out (§4) alike.
 */
export function signInPath(path: string): string {
  const pathname = normalizePath(path.split(/[?#]/)[0] ?? '/');
  if (isPublicPath(pathname) || NO_RETURN_PATHS.includes(pathname)) return '/sign-in';
  return `/sign-in?redirect=${encodeURIComponent(path)}`;
}

const ORIGIN_PROBE = 'http://redirect.invalid';

/**
 * Returns a same-origin path that is safe to navigate to, or null.
 * Only paths beginning with a single '/' pass: '//evil.com', '/\evil.com' and absolute URLs are refused.
 */
export function sanitizeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//')) return null;
  // Backslashes and control characters are read as '/' or dropped by browsers, which reopens '//host'.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN_PROBE);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN_PROBE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (normalizePath(url.pathname) === '/sign-in' || normalizePath(url.pathname) === '/sign-out') return null;
  return path;
}

/** `path` carrying a safe redirect along (sign-in ⇄ sign-up), or `path` alone without one. */
export function withRedirect(path: string, redirect: string | null): string {
  const safe = sanitizeRedirect(redirect);
  return safe ? `${path}?redirect=${encodeURIComponent(safe)}` : path;
}
