import type { DueItem, DueSoon } from '@app/contract/due-soon';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { documentVisible } from '../assignments/policy.ts';
import { submissionRefusal } from '../submissions/policy.ts';
import { dueState, isTimed } from './policy.ts';
import * as repo from './repository.ts';

export type DueSoonService = ReturnType<typeof createDueSoonService>;

type DueRow = Awaited<ReturnType<typeof repo.dueDocuments>>[number];

/** One row as the list shows it: its due date for this student and where they stand. */
function dueItem(row: DueRow, now: number): DueItem {
  const dueAt = Number(row.due_at);
  const handedIn = Number(row.handed_in) === 1;
  const startedAt = row.started_at ?? null;
  const work = { ...row, handedIn, draftSavedAt: row.draft_saved_at ?? null, startedAt };
  const timedSeconds = isTimed(row) ? row.timed_time_seconds : null;
  const state = dueState(work);
  return {
    document_id: row.document_id,
    document_title: row.document_title,
    set_id: row.set_id,
    set_title: row.set_title,
    course_id: row.course_id,
    course_title: row.course_title,
    due_at: dueAt,
    extended: row.extension_due_at !== null && dueAt === row.extension_due_at && dueAt !== row.set_due_at,
    overdue: dueAt < now,
    state,
    practice: row.practice === 1,
    timed_seconds: timedSeconds,
    deadline_at: state === 'time_limit' && timedSeconds !== null && startedAt !== null ? startedAt + timedSeconds : null,
    saved_at: state === 'in_progress' ? work.draftSavedAt : null,
  };
}

const DAY = 86400;

/**
 * The student's "Due soon" list (issue 30). It reads only the caller's own memberships as a
 * student, so it needs no course access check: a teacher's courses, another student's work and
 * courses the caller is not in never reach it.
 */
export function createDueSoonService(deps: Deps) {
  const { db, clock } = deps;

  return {
    /**
     * Exercises due in the next `days` days (submitted ones too, to show the week), and those
     * past due that the submission rules still take (submissionRefusal, the one answer) and the
     * student still sees; soonest first.
     */
    async list(actor: Actor, days: number): Promise<DueSoon> {
      const now = clock.now();
      const until = now + days * DAY;
      const [rows, further] = await Promise.all([
        repo.dueDocuments(db, actor.user.id, now, until),
        repo.nextDocument(db, actor.user.id, now, until),
      ]);
      const items: DueItem[] = [];
      for (const row of rows) {
        if (Number(row.due_at) < now) {
          const startedAt = row.started_at ?? null;
          const extension = row.extension_due_at ?? null;
          if (!documentVisible('student', { due_at: row.set_due_at, show_after_due: row.show_after_due }, extension, now)) continue;
          const refusal = submissionRefusal(
            { ...row, due_at: row.set_due_at },
            { extensionDueAt: extension, formalCount: 0, startedAt: startedAt ?? undefined, now },
          );
          if (refusal) continue;
        }
        items.push(dueItem(row, now));
      }
      return { items, next: further ? dueItem(further, now) : null, now, days };
    },
  };
}
