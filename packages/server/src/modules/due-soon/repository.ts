import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * The gradable documents of released sets in the student's active courses whose (extended) due
 * date is before `until`, with what the list needs to say where the student stands: their
 * extension, draft, timed clock and whether they handed anything in. Documents already past due
 * come only when nothing was handed in (the service keeps those that still take a hand-in).
 * One statement.
 */
export function dueDocuments(db: Db, studentId: number, now: number, until: number) {
  const { query, due, handedIn } = studentWork(db, studentId, now);
  return query
    .where(due, '<=', until)
    .where((eb) => eb.or([eb(due, '>=', now), eb(handedIn, '=', 0)]))
    .orderBy(due)
    .orderBy('c.id')
    .orderBy('s.weight')
    .orderBy('d.weight')
    .orderBy('d.id')
    .execute();
}

/**
 * The soonest document due after `after` that nothing was handed in for (issue 38: the panel names
 * the next work even when it lies further away than its days), or undefined. One statement.
 */
export function nextDocument(db: Db, studentId: number, now: number, after: number) {
  const { query, due, handedIn } = studentWork(db, studentId, now);
  return query
    .where(due, '>', after)
    .where(handedIn, '=', 0)
    .orderBy(due)
    .orderBy('c.id')
    .orderBy('s.weight')
    .orderBy('d.weight')
    .orderBy('d.id')
    .limit(1)
    .executeTakeFirst();
}

/** The gradable documents of the student's released sets in active courses, with what the list says of each. */
function studentWork(db: Db, studentId: number, now: number) {
  const due = sql<number>`case when e.extension_due_at is not null and e.extension_due_at > s.due_at then e.extension_due_at else s.due_at end`;
  const handedIn = sql<number>`case when exists (select 1 from best_submissions b where b.document_id = d.id and b.student_id = ${studentId}) then 1 else 0 end`;
  const query = db
    .selectFrom('course_memberships as m')
    .innerJoin('courses as c', 'c.id', 'm.course_id')
    .innerJoin('assignment_sets as s', 's.course_id', 'c.id')
    .innerJoin('documents as d', 'd.assignment_set_id', 's.id')
    .leftJoin('due_date_extensions as e', (join) => join.onRef('e.assignment_set_id', '=', 's.id').on('e.student_id', '=', studentId))
    .leftJoin('drafts as dr', (join) => join.onRef('dr.document_id', '=', 'd.id').on('dr.student_id', '=', studentId))
    .leftJoin('document_downloads as dl', (join) => join.onRef('dl.document_id', '=', 'd.id').on('dl.student_id', '=', studentId))
    .select([
      'd.id as document_id',
      'd.title as document_title',
      'd.gradable',
      'd.practice',
      'd.multiple_submissions',
      'd.timed',
      'd.timed_time_seconds',
      's.id as set_id',
      's.title as set_title',
      's.due_at as set_due_at',
      's.show_after_due',
      'c.id as course_id',
      'c.title as course_title',
      'e.extension_due_at',
      'dr.updated_at as draft_saved_at',
      'dl.first_downloaded_at as started_at',
    ])
    .select([due.as('due_at'), handedIn.as('handed_in')])
    .where('m.user_id', '=', studentId)
    .where('m.role', '=', 'student')
    .where('c.status', '=', 'ACTIVE')
    .where('c.end_date', '>', now)
    .where('s.released_at', '<=', now)
    .where('s.draft', '=', 0)
    .where('d.gradable', '=', 1);
  return { query, due, handedIn };
}
