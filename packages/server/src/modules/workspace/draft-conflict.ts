import { type Draft, WorkspaceMessages } from '@app/contract/workspace';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { findDraft } from './repository.ts';

/**
 * Two open copies of one exercise (decision 046): a draft save or JSON hand-in carries the `base`
 * revision its answers started from; when another copy has saved the draft since, it is refused
 * with 409 and the stored draft, which the browser merges with its own changes and sends again.
 */

/**
 * The 409 of a save or hand-in whose base is behind the stored draft (DraftConflict): the error
 * envelope with `WorkspaceMessages.draftChanged`, and the stored draft as `data`. The error handler
 * writes it like any error; it is no response schema of its routes, whose other 409s (a refused
 * hand-in) would then be written by that schema's compiled serializer (decision 043).
 */
export const draftChanged = (draft: Draft) => new AppError('conflict', WorkspaceMessages.draftChanged, 409, undefined, undefined, draft);

/** The stored draft when answers started from `base` are behind it (no base: never). */
export async function staleDraft(db: Db, documentId: number, studentId: number, base: number | undefined): Promise<Draft | null> {
  if (base === undefined) return null;
  const draft = await findDraft(db, documentId, studentId);
  return draft && draft.revision !== base ? draft : null;
}
