import { sanitizeRedirect } from './redirect.ts';

/**
 * A new account is finished from an e-mailed create-password link, often in another tab, so the
 * page the person was headed for (typically an invitation's /join/{token}) cannot ride along in
 * the URL. Sign-up remembers it here; the create-password page goes there once signed in.
 */
const KEY = 'return_after_sign_up';

/** As long as the create-password link lives (48 hours): an older note belongs to someone else's attempt. */
const MAX_AGE_MS = 48 * 3600 * 1000;

interface Stored {
  path: string;
  at: number;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off; the person then lands on the dashboard, which still works.
    return null;
  }
}

/** Remembers where to go after the password is created; ignores anything but a same-site path. */
export function rememberReturnAfterSignUp(path: string | null, now: number = Date.now()) {
  const safe = sanitizeRedirect(path);
  const store = storage();
  if (!store) return;
  try {
    if (safe) store.setItem(KEY, JSON.stringify({ path: safe, at: now } satisfies Stored));
    else store.removeItem(KEY);
  } catch {
    // A full or blocked storage only loses the convenience.
  }
}

/** The remembered path, once: reading it forgets it. Null when none, expired or unsafe. */
export function takeReturnAfterSignUp(now: number = Date.now()): string | null {
  const store = storage();
  if (!store) return null;
  let raw: string | null = null;
  try {
    raw = store.getItem(KEY);
    store.removeItem(KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Partial<Stored>;
    if (typeof stored.path !== 'string' || typeof stored.at !== 'number' || now - stored.at > MAX_AGE_MS || stored.at > now) return null;
    return sanitizeRedirect(stored.path);
  } catch {
    return null;
  }
}
