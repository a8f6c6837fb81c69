import type { AnswerEntry, Draft } from '@app/contract/workspace';

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
}

const storageKey = (userId: number, documentId: number) => `workspace-draft:${userId}:${documentId}`;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readLocalDraft(userId: number, documentId: number): LocalDraft | undefined {
  const raw = storage()?.getItem(storageKey(userId, documentId));
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<LocalDraft>;
    if (!Array.isArray(value.answers) || typeof value.edited_at !== 'number') return undefined;
    const answers = value.answers.filter(
      (entry): entry is AnswerEntry => typeof entry?.id === 'string' && typeof entry?.answer === 'string',
    );
    return { answers, edited_at: value.edited_at, synced: value.synced === true };
  } catch {
    return undefined;
  }
}

export function writeLocalDraft(userId: number, documentId: number, draft: LocalDraft) {
  try {
    storage()?.setItem(storageKey(userId, documentId), JSON.stringify(draft));
  } catch {
    // A full or disabled storage only loses the offline copy; the server draft still saves.
  }
}

/**
 * The answers to start from: a local copy the server never got and that is newer than the
 * server's draft wins (typed offline, or the tab closed mid-save); otherwise the server's draft;
 * otherwise the newest submission's answers; otherwise nothing. `pending` says the start must be saved.
 */
export function startingAnswers(
  local: LocalDraft | undefined,
  server: Draft | null,
  lastSubmitted: AnswerEntry[] | undefined,
): { answers: AnswerEntry[]; pending: boolean } {
  if (local && !local.synced && (!server || local.edited_at >= server.updated_at)) return { answers: local.answers, pending: true };
  if (server) return { answers: server.answers, pending: false };
  return { answers: lastSubmitted ?? [], pending: false };
}
