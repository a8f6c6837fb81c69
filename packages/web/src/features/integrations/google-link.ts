import { GoogleErrorCode, type GoogleInfo } from '@app/contract/integrations';
import { useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router';
import { getAccessToken } from '../../lib/cookies.ts';
import { useUpdateSearchParams } from '../../lib/use-update-search-params.ts';

/** Spec §5, §9: a set due at or before now + 60 s cannot go to Google Classroom. */
export const GOOGLE_DUE_MARGIN_SECONDS = 60;

/** The query parameter Google's round trip comes back with: 1 linked, 0 refused (spec §4). */
export const LINK_RESULT_PARAM = 'gc';

/** How long a pending export waits for the way back from Google (the server's link request lives 10 minutes). */
const PENDING_MAX_AGE_MS = 30 * 60_000;

const pendingKey = (assignmentId: number) => `google_classroom_${assignmentId}`;

interface PendingExport {
  documentId: number;
  at: number;
}

/** UTF-8 safe base64 (the `re` and `id` parameters of spec §4). */
export function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The session id as the Google calls carry it: base64 of the access token. */
export function sessionId(): string {
  return toBase64(getAccessToken() ?? '');
}

export function isPastDue(dueAt: number, nowMs: number = Date.now()): boolean {
  return dueAt <= nowMs / 1000 + GOOGLE_DUE_MARGIN_SECONDS;
}

/** What opening the Google Classroom modal leads to, from a fresh googleInfo. */
export type GoogleStep = { kind: 'form'; courses: GoogleInfo['courses'] } | { kind: 'link' } | { kind: 'message'; message: GoogleMessage };

export type GoogleMessage = 'pastDue' | 'notConfigured' | 'noCourses' | 'permission' | 'infoFailed';

/** Spec §4: error 0 OK, 1 no active courses, 2 insufficient permission, above 2 a general error. */
export function googleStep(info: GoogleInfo): GoogleStep {
  if (!info.configured) return { kind: 'message', message: 'notConfigured' };
  if (!info.linked) return { kind: 'link' };
  if (info.error === GoogleErrorCode.ok) {
    return info.courses.length > 0 ? { kind: 'form', courses: info.courses } : { kind: 'message', message: 'noCourses' };
  }
  if (info.error === GoogleErrorCode.noCourses) return { kind: 'message', message: 'noCourses' };
  if (info.error === GoogleErrorCode.permission) return { kind: 'message', message: 'permission' };
  return { kind: 'message', message: 'infoFailed' };
}

/** The page to come back to: this one, without an earlier round trip's result. */
export function returnUrl(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(LINK_RESULT_PARAM);
  return url.toString();
}

/** `/gc/config?re=…&id=…`: the server sends the browser on to Google's consent page (spec §4). */
export function googleLinkUrl(back: string, accessToken: string): string {
  const query = new URLSearchParams({ re: toBase64(back), id: toBase64(accessToken) });
  return `/gc/config?${query.toString()}`;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers, per assignment set, which document the person was sending when Google took over the tab. */
export function rememberPendingExport(assignmentId: number, documentId: number, now: number = Date.now()) {
  try {
    storage()?.setItem(pendingKey(assignmentId), JSON.stringify({ documentId, at: now } satisfies PendingExport));
  } catch {
    // Without storage the person only has to press the button again after linking.
  }
}

/** The document waiting for this set's way back from Google, or null (none, stale or unreadable). */
export function pendingExport(assignmentId: number, now: number = Date.now()): number | null {
  try {
    const raw = storage()?.getItem(pendingKey(assignmentId));
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<PendingExport>;
    if (typeof stored.documentId !== 'number' || typeof stored.at !== 'number') return null;
    if (now - stored.at > PENDING_MAX_AGE_MS || stored.at > now) return null;
    return stored.documentId;
  } catch {
    return null;
  }
}

export function forgetPendingExport(assignmentId: number) {
  try {
    storage()?.removeItem(pendingKey(assignmentId));
  } catch {
    // Nothing to forget.
  }
}

/** Sends the tab through Google's consent page; the set and document wait in session storage. */
export function startGoogleLink(assignmentId: number, documentId: number) {
  rememberPendingExport(assignmentId, documentId);
  window.location.assign(googleLinkUrl(returnUrl(window.location.href), getAccessToken() ?? ''));
}

/**
 * On the way back from Google (`?gc=1` or `?gc=0`), the row of the document that was being sent
 * takes the pending export once, drops `gc` from the address and hears whether the link worked.
 */
export function useGoogleLinkReturn(assignmentId: number, documentId: number, onReturn: (linked: boolean) => void) {
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  const result = params.get(LINK_RESULT_PARAM);
  const onResult = useEffectEvent(onReturn);

  useEffect(() => {
    if (result !== '1' && result !== '0') return;
    if (pendingExport(assignmentId) !== documentId) return;
    forgetPendingExport(assignmentId);
    updateParams((current) => {
      current.delete(LINK_RESULT_PARAM);
      return current;
    });
    onResult(result === '1');
  }, [result, assignmentId, documentId, updateParams]);
}
