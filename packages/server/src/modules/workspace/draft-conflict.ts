import { messageCode } from '@app/contract/message-codes';
import { type Draft, type DraftConflict, WorkspaceMessages } from '@app/contract/workspace';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/database.ts';
import { findDraft } from './repository.ts';

/**
 * Two open copies of one exercise (decision 046): a draft save or JSON hand-in carries the `base`
 * revision its answers started from; when another copy has saved the draft since, it is refused
 * with 409 and the stored draft, which the browser merges with its own changes and sends again.
 */

/** Thrown by a hand-in whose base is behind the stored draft; the route answers it with `sendDraftConflict`. */
export class StaleDraftError extends Error {
  constructor(readonly draft: Draft) {
    super(WorkspaceMessages.draftChanged);
  }
}

/** The stored draft when answers started from `base` are behind it (no base: never). */
export async function staleDraft(db: Db, documentId: number, studentId: number, base: number | undefined): Promise<Draft | null> {
  if (base === undefined) return null;
  const draft = await findDraft(db, documentId, studentId);
  return draft && draft.revision !== base ? draft : null;
}

/** The 409's body: the error envelope with its message code, and the stored draft as `data`. */
export const draftConflict = (data: Draft): DraftConflict => ({
  errors: [{ code: 'conflict', message: WorkspaceMessages.draftChanged }],
  message_codes: [[messageCode(WorkspaceMessages.draftChanged) ?? null]],
  data,
});

/**
 * Sends the 409 as JSON text. It is not a response schema of its routes: the error handler's other
 * 409s (a refused hand-in) would then be written by that schema's compiled serializer (decision 043).
 */
export function sendDraftConflict(reply: FastifyReply, draft: Draft) {
  return reply
    .code(409)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(draftConflict(draft)));
}
