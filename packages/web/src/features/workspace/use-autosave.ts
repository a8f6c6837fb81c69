import type { AnswerEntry } from '@app/contract/workspace';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { saveDraft } from './api/save-draft.ts';
import { writeLocalDraft } from './local-draft.ts';

export type AutosaveStatus = 'idle' | 'saving' | 'saved' | 'offline' | 'failed';

export const AUTOSAVE_DELAY_MS = 800;
const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 15000, 30000];

/** A failure worth trying again (no connection, a busy or restarting server). */
const isTransient = (error: unknown) =>
  error instanceof ApiError ? error.status === 0 || error.status === 429 || error.status >= 500 : !(error instanceof DOMException);

export interface AutosaveOptions {
  userId: number;
  documentId: number;
  /** Seconds to add to the browser's clock to get the server's. */
  clockOffset: number;
  /** Off once the document takes no more work. */
  enabled: boolean;
}

/**
 * Saves the answers as the student types: every change goes to localStorage at once and, after a
 * pause of AUTOSAVE_DELAY_MS, to the server. Without a connection the status says so and the save
 * is retried with backoff and as soon as the browser is back online; the local copy keeps the
 * answers meanwhile (and across a reload, see local-draft.ts).
 */
export function useAutosave({ userId, documentId, clockOffset, enabled }: AutosaveOptions) {
  const [status, setStatus] = useState<AutosaveStatus>('idle');
  const latest = useRef<AnswerEntry[] | null>(null);
  const dirty = useRef(false);
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const attempt = useRef(0);
  const alive = useRef(true);
  const enabledRef = useRef(enabled);
  enabledRef.current = enabled;
  const serverNow = useCallback(() => Math.floor(Date.now() / 1000 + clockOffset), [clockOffset]);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const answers = latest.current;
    if (!answers || !dirty.current) return;
    if (inFlight.current) return;
    inFlight.current = true;
    dirty.current = false;
    setStatus('saving');
    try {
      const saved = await saveDraft(documentId, answers);
      attempt.current = 0;
      if (!alive.current) return;
      if (latest.current === answers) {
        writeLocalDraft(userId, documentId, { answers, edited_at: saved.updated_at, synced: true });
        setStatus('saved');
      }
    } catch (error) {
      if (!alive.current) return;
      dirty.current = true;
      if (isTransient(error)) {
        setStatus('offline');
        const delay = RETRY_DELAYS_MS[Math.min(attempt.current, RETRY_DELAYS_MS.length - 1)] as number;
        attempt.current += 1;
        timer.current = setTimeout(() => void flush(), delay);
      } else {
        setStatus('failed');
      }
      return;
    } finally {
      inFlight.current = false;
    }
    // Typed while the save was on its way: save again after the usual pause.
    if (dirty.current) timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
  }, [documentId, userId]);

  /** Records new answers: kept locally now, sent to the server after the pause. */
  const change = useCallback(
    (answers: AnswerEntry[]) => {
      latest.current = answers;
      dirty.current = true;
      writeLocalDraft(userId, documentId, { answers, edited_at: serverNow(), synced: false });
      if (!enabled) return;
      clearTimeout(timer.current);
      if (!inFlight.current) timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    },
    [documentId, enabled, flush, serverNow, userId],
  );

  useEffect(() => {
    alive.current = true;
    const online = () => {
      attempt.current = 0;
      void flush();
    };
    window.addEventListener('online', online);
    return () => {
      alive.current = false;
      window.removeEventListener('online', online);
      clearTimeout(timer.current);
      // Leaving the screen inside the pause: send what is there (the local copy stays until it lands).
      const answers = latest.current;
      if (answers && dirty.current && !inFlight.current && enabledRef.current) {
        saveDraft(documentId, answers).then(
          (saved) => writeLocalDraft(userId, documentId, { answers, edited_at: saved.updated_at, synced: true }),
          () => undefined,
        );
      }
    };
  }, [flush, documentId, userId]);

  return { status, change, flush };
}
