import type { AnswerEntry, Draft } from '@app/contract/workspace';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import { notify } from '../../lib/notifications.ts';
import { currentDraft, isDraftChanged, saveDraft } from './api/save-draft.ts';
import { localDraftKey, parseLocalDraft, writeLocalDraft } from './local-draft.ts';
import { changedSince, mergeAnswers, sameAnswers } from './merge-draft.ts';

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
  /** The server draft the screen's answers started from: its revision (0: none) and answers (decision 046). */
  base: { revision: number; answers: AnswerEntry[] };
  /** The answers the screen starts with (the base's, a local copy's or the last hand-in's). */
  initial: AnswerEntry[];
  /**
   * Another copy's answers were taken in (merged with this one's changes): the screen shows `answers`.
   * When they came from the server (another device, or a tab that saved) the hook also tells the student.
   */
  onMerged: (answers: AnswerEntry[]) => void;
}

/**
 * Saves the answers as the student types: every change goes to localStorage at once and, after a
 * pause of AUTOSAVE_DELAY_MS, to the server. Without a connection the status says so and the save
 * is retried with backoff and as soon as the browser is back online; the local copy keeps the
 * answers meanwhile (and across a reload, see local-draft.ts).
 *
 * Two open copies (decision 046): each save carries the revision it started from; when another
 * copy saved since, the server refuses it (409) and this copy merges (its own changes since its
 * base win, the rest is the server's), shows the result and saves that. Tabs of one browser take
 * in each other's changes at once from the shared local copy's `storage` event.
 */
export function useAutosave({ userId, documentId, clockOffset, enabled, base, initial, onMerged }: AutosaveOptions) {
  const [status, setStatus] = useState<AutosaveStatus>('idle');
  const latest = useRef<AnswerEntry[] | null>(initial);
  const dirty = useRef(false);
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const attempt = useRef(0);
  const alive = useRef(true);
  const enabledRef = useRef(enabled);
  enabledRef.current = enabled;
  const baseRevision = useRef(base.revision);
  const baseAnswers = useRef(base.answers);
  const { t } = useTranslation();
  // Another copy's answers: the screen shows them, and a word says so when they came from the server.
  const merged = useRef<(answers: AnswerEntry[], notice: boolean) => void>(() => undefined);
  merged.current = (answers, notice) => {
    onMerged(answers);
    if (notice) notify({ severity: 'success', message: t('workspace.save.merged') });
  };
  const flushRef = useRef<() => Promise<void>>(async () => undefined);
  const serverNow = useCallback(() => Math.floor(Date.now() / 1000 + clockOffset), [clockOffset]);

  /** Keeps the answers in this browser with their base and what changed since it (the other tabs hear it). */
  const keepLocally = useCallback(
    (answers: AnswerEntry[], editedAt: number, synced: boolean) =>
      writeLocalDraft(userId, documentId, {
        answers,
        edited_at: editedAt,
        synced,
        base: baseRevision.current,
        changed: changedSince(baseAnswers.current, answers),
      }),
    [documentId, userId],
  );

  /**
   * Takes in the server's draft `draft` (newer than this copy's base): this copy's changes since
   * its base win, the rest is the draft's; the draft becomes the base. Answers the merged answers.
   */
  const rebase = useCallback(
    (draft: Draft, notice: boolean): AnswerEntry[] => {
      const mine = latest.current ?? [];
      const answers = mergeAnswers(draft.answers, mine, changedSince(baseAnswers.current, mine));
      baseRevision.current = draft.revision;
      baseAnswers.current = draft.answers;
      latest.current = answers;
      if (!sameAnswers(answers, mine)) merged.current(answers, notice);
      if (sameAnswers(answers, draft.answers)) {
        dirty.current = false;
        keepLocally(answers, draft.updated_at, true);
      } else {
        dirty.current = true;
        keepLocally(answers, serverNow(), false);
        // The merge is saved after the usual pause (a save on its way schedules its own when it ends).
        if (enabledRef.current && !inFlight.current) {
          clearTimeout(timer.current);
          timer.current = setTimeout(() => void flushRef.current(), AUTOSAVE_DELAY_MS);
        }
      }
      return answers;
    },
    [keepLocally, serverNow],
  );

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const answers = latest.current;
    if (!answers || !dirty.current) return;
    if (inFlight.current) return;
    inFlight.current = true;
    dirty.current = false;
    setStatus('saving');
    try {
      const saved = await saveDraft(documentId, answers, baseRevision.current);
      attempt.current = 0;
      if (!alive.current) return;
      // A merge may have moved the base past this save meanwhile; it never goes back.
      if (saved.revision > baseRevision.current) {
        baseRevision.current = saved.revision;
        baseAnswers.current = answers;
      }
      if (latest.current === answers) {
        keepLocally(answers, saved.updated_at, true);
        setStatus('saved');
      }
    } catch (error) {
      if (!alive.current) return;
      dirty.current = true;
      if (isDraftChanged(error)) {
        // Another copy saved since this one's base: merge with the server's draft and save that.
        try {
          rebase(await currentDraft(documentId), true);
        } catch {
          // The draft could not be read: try the save again after the usual pause.
        }
        inFlight.current = false;
        if (!alive.current) return;
        if (dirty.current) timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
        else setStatus('saved');
        return;
      }
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
  }, [documentId, keepLocally, rebase]);
  flushRef.current = flush;

  /** Records new answers: kept locally now, sent to the server after the pause. */
  const change = useCallback(
    (answers: AnswerEntry[]) => {
      latest.current = answers;
      dirty.current = true;
      keepLocally(answers, serverNow(), false);
      if (!enabled) return;
      clearTimeout(timer.current);
      if (!inFlight.current) timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    },
    [enabled, flush, keepLocally, serverNow],
  );

  // Another tab of this browser wrote the shared local copy: take in what it changed at once, and,
  // once its save landed, its draft as the new base (so neither tab's list is stale).
  useEffect(() => {
    const key = localDraftKey(userId, documentId);
    const heard = (event: StorageEvent) => {
      if (event.key !== key) return;
      const theirs = parseLocalDraft(event.newValue);
      if (!theirs || theirs.base === undefined || !theirs.changed) return;
      if (theirs.synced && theirs.base > baseRevision.current) {
        rebase({ answers: theirs.answers, updated_at: theirs.edited_at, revision: theirs.base }, false);
        return;
      }
      const mine = latest.current ?? [];
      const answers = mergeAnswers(mine, theirs.answers, theirs.changed);
      if (sameAnswers(answers, mine)) return;
      // Typed there and not saved yet: shown here as if typed here (that tab saves them; so does this one with its next change).
      latest.current = answers;
      merged.current(answers, false);
    };
    window.addEventListener('storage', heard);
    return () => window.removeEventListener('storage', heard);
  }, [documentId, rebase, userId]);

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
        // From its base, as every save: refused (another copy saved since), the local copy keeps the answers to merge on the next open.
        saveDraft(documentId, answers, baseRevision.current).then(
          (saved) =>
            writeLocalDraft(userId, documentId, { answers, edited_at: saved.updated_at, synced: true, base: saved.revision, changed: [] }),
          () => undefined,
        );
      }
    };
  }, [flush, documentId, userId]);

  /** The draft revision the answers on screen started from (a hand-in sends it as its base). */
  const currentBase = useCallback(() => baseRevision.current, []);

  return { status, change, flush, rebase, base: currentBase };
}
