import type { AnswerEntry, Draft } from '@app/contract/workspace';
import { mergeAnswers } from './merge-draft.ts';

/**
 * The browser's own copy of a student's answers, kept in localStorage per user and document so
 * nothing typed is lost while offline or when the tab closes before the autosave ran.
 * `edited_at` is on the server's clock (epoch seconds) so it compares with a draft's `updated_at`.
 */
export interface LocalDraft {
  answers: AnswerEntry[];
  edited_at: number;
  /** True once the server has these answers. */
  synced: boolean;
  /**
   * The revision of the server draft these answers started from (0: none), and the ids changed
   * since it (decision 046): a reload, or another tab, merges them onto a newer draft per item.
   * Absent in copies written before.
   */
  base?: number;
  changed?: string[];
}

/** One key per user and document, shared by the tabs of one browser (they keep in step by the `storage` event). */
export const localDraftKey = (userId: number, documentId: number) => `workspace-draft:${userId}:${documentId}`;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readLocalDraft(userId: number, documentId: number): LocalDraft | undefined {
  return parseLocalDraft(storage()?.getItem(localDraftKey(userId, documentId)));
}

/** A stored local copy (also another tab's, from a `storage` event), or undefined when it is not one. */
export function parseLocalDraft(raw: string | null | undefined): LocalDraft | undefined {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<LocalDraft>;
    if (!Array.isArray(value.answers) || typeof value.edited_at !== 'number') return undefined;
    const answers = value.answers.filter(
      (entry): entry is AnswerEntry => typeof entry?.id === 'string' && typeof entry?.answer === 'string',
    );
    const draft: LocalDraft = { answers, edited_at: value.edited_at, synced: value.synced === true };
    if (Number.isInteger(value.base) && Array.isArray(value.changed)) {
      draft.base = value.base as number;
      draft.changed = value.changed.filter((id): id is string => typeof id === 'string');
    }
    return draft;
  } catch {
    return undefined;
  }
}

export function writeLocalDraft(userId: number, documentId: number, draft: LocalDraft) {
  try {
    storage()?.setItem(localDraftKey(userId, documentId), JSON.stringify(draft));
  } catch {
    // A full or disabled storage only loses the offline copy; the server draft still saves.
  }
}

/**
 * The answers to start from, and the server draft they are based on (`base`: its revision, 0 for
 * none, and its answers). A local copy the server never got (typed offline, or the tab closed
 * mid-save) is kept: one that knows its base and changed items is merged onto a newer server draft
 * per item (decision 046); an older copy without them wins whole when it is newer than the server's
 * draft. Otherwise the server's draft; otherwise the newest submission's answers; otherwise nothing.
 * `pending` says the start must be saved.
 */
export function startingAnswers(
  local: LocalDraft | undefined,
  server: Draft | null,
  lastSubmitted: AnswerEntry[] | undefined,
): { answers: AnswerEntry[]; pending: boolean; base: { revision: number; answers: AnswerEntry[] } } {
  const base = { revision: server?.revision ?? 0, answers: server?.answers ?? [] };
  if (local && !local.synced) {
    if (local.base !== undefined && local.changed) {
      const answers = local.base === base.revision ? local.answers : mergeAnswers(base.answers, local.answers, local.changed);
      return { answers, pending: true, base };
    }
    if (!server || local.edited_at >= server.updated_at) return { answers: local.answers, pending: true, base };
  }
  if (server) return { answers: server.answers, pending: false, base };
  return { answers: lastSubmitted ?? [], pending: false, base };
}
