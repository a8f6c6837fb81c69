import type { AnswerEntry } from '@app/contract/workspace';
import type { Db } from '../../db/database.ts';

/** A student's draft of a document, if they saved one. */
export async function findDraft(db: Db, documentId: number, studentId: number) {
  const row = await db
    .selectFrom('drafts')
    .select(['answers_json', 'updated_at', 'revision'])
    .where('document_id', '=', documentId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return row
    ? { answers: JSON.parse(row.answers_json) as AnswerEntry[], updated_at: row.updated_at, revision: Number(row.revision) }
    : null;
}

/**
 * Stores a student's draft of a document and answers its new revision. With `base` (the revision
 * the answers started from, 0 for none) it is one statement that writes only while the stored
 * draft is still at `base`, and answers null when it has moved on (decision 046); without, the
 * last write wins.
 */
export async function saveDraft(
  db: Db,
  documentId: number,
  studentId: number,
  answers: AnswerEntry[],
  now: number,
  base?: number,
): Promise<number | null> {
  const answers_json = JSON.stringify(answers);
  const row = await db
    .insertInto('drafts')
    .values({ document_id: documentId, student_id: studentId, answers_json, updated_at: now, revision: 1 })
    .onConflict((oc) => {
      const update = oc
        .columns(['document_id', 'student_id'])
        .doUpdateSet((eb) => ({ answers_json, updated_at: now, revision: eb('drafts.revision', '+', 1) }));
      return base === undefined ? update : update.where('drafts.revision', '=', base);
    })
    .returning('revision')
    .executeTakeFirst();
  return row ? Number(row.revision) : null;
}

/** The timed documents of a course whose clock a student started (Start or a download), and when. */
export function timedStartsInCourse(db: Db, courseId: number, studentId: number) {
  return db
    .selectFrom('document_downloads as dd')
    .innerJoin('documents as d', 'd.id', 'dd.document_id')
    .innerJoin('assignment_sets as s', 's.id', 'd.assignment_set_id')
    .select(['dd.document_id', 'dd.first_downloaded_at', 'd.timed_time_seconds'])
    .where('dd.student_id', '=', studentId)
    .where('s.course_id', '=', courseId)
    .where('d.timed', '=', 1)
    .where('d.practice', '=', 0)
    .execute();
}

/** Which documents of a course a student has a draft of. */
export function draftsInCourse(db: Db, courseId: number, studentId: number) {
  return db
    .selectFrom('drafts as dr')
    .innerJoin('documents as d', 'd.id', 'dr.document_id')
    .innerJoin('assignment_sets as s', 's.id', 'd.assignment_set_id')
    .select(['dr.document_id', 'dr.updated_at'])
    .where('dr.student_id', '=', studentId)
    .where('s.course_id', '=', courseId)
    .execute();
}
