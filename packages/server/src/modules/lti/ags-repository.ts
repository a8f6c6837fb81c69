import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, LtiContextRow } from '../../db/schema.ts';

/** The SQL of Assignment and Grade Services (ags.ts): line items, and what a score is made of. */

/** Records the line-items service and scopes a launch named for a context (the latest launch wins; a launch naming no service keeps the known one). */
export async function setContextAgs(db: Db, contextId: number, lineitemsUrl: string | undefined, scopes: string[]): Promise<void> {
  await db
    .updateTable('lti_contexts')
    .set({ ...(lineitemsUrl !== undefined ? { ags_lineitems_url: lineitemsUrl } : {}), ags_scopes: JSON.stringify(scopes) })
    .where('id', '=', contextId)
    .execute();
}

/** Records (or replaces) the platform's line item of one of the tool's resources in a context. */
export async function upsertLineItem(db: Db, values: { contextId: number; resourceId: string; url: string; now: number }): Promise<void> {
  await db
    .insertInto('lti_line_items')
    .values({ context_id: values.contextId, resource_id: values.resourceId, lineitem_url: values.url, updated_at: values.now })
    .onConflict((oc) => oc.columns(['context_id', 'resource_id']).doUpdateSet({ lineitem_url: values.url, updated_at: values.now }))
    .execute();
}

/** The line items known in a context, by the tool's resource id. */
export async function lineItemsOf(db: Db, contextId: number): Promise<Map<string, string>> {
  const rows = await db.selectFrom('lti_line_items').select(['resource_id', 'lineitem_url']).where('context_id', '=', contextId).execute();
  return new Map(rows.map((r) => [r.resource_id, r.lineitem_url]));
}

/** Whether the LMS course `c` takes scores: it names a line-items service or a line item. */
const takesScores = (eb: ExpressionBuilder<Database & { c: Database['lti_contexts'] }, 'c'>) =>
  eb.or([
    eb('c.ags_lineitems_url', 'is not', null),
    eb.exists(eb.selectFrom('lti_line_items as li').select('li.id').whereRef('li.context_id', '=', 'c.id')),
  ]);

/** The LMS courses linked to a course that may take scores (`takesScores`). */
export async function scoringContexts(db: Db, courseId: number): Promise<LtiContextRow[]> {
  return db.selectFrom('lti_contexts as c').selectAll('c').where('c.course_id', '=', courseId).where(takesScores).orderBy('c.id').execute();
}

/** The `sub` a person launched with from an issuer; undefined when they never launched from it. */
export async function subOf(db: Db, issuer: string, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('lti_user_links')
    .select('sub')
    .where('issuer', '=', issuer)
    .where('user_id', '=', userId)
    .orderBy('id')
    .executeTakeFirst();
  return row?.sub;
}

/** The release rule of each (counted) document, with its set and course. */
export type DocumentRelease = {
  id: number;
  assignment_set_id: number;
  course_id: number;
  gradable: number;
  practice: number;
  delay_showing_grade: number;
  show_grade_on_date: number | null;
};

/** The columns of a `DocumentRelease`, of documents `d` joined to their sets `s`. */
const RELEASE_COLUMNS = [
  'd.id',
  'd.assignment_set_id',
  's.course_id',
  'd.gradable',
  'd.practice',
  'd.delay_showing_grade',
  'd.show_grade_on_date',
] as const;

/**
 * The release rules of those of `documentIds` whose course is linked to an LMS that takes scores
 * (`takesScores`, as `scoringContexts`): one read, which finds nothing for a course not linked —
 * every hand-in runs it in its transaction (issue 29).
 */
export async function scoredDocumentReleases(db: Db, documentIds: readonly number[]): Promise<DocumentRelease[]> {
  if (documentIds.length === 0) return [];
  return db
    .selectFrom('documents as d')
    .innerJoin('assignment_sets as s', 's.id', 'd.assignment_set_id')
    .select(RELEASE_COLUMNS)
    .where('d.id', 'in', [...documentIds])
    .where((eb) =>
      eb.exists(eb.selectFrom('lti_contexts as c').select('c.id').whereRef('c.course_id', '=', 's.course_id').where(takesScores)),
    )
    .execute();
}

/** The documents of a set, in order, with their release rules. */
export async function setDocuments(db: Db, setId: number): Promise<DocumentRelease[]> {
  return db
    .selectFrom('documents as d')
    .innerJoin('assignment_sets as s', 's.id', 'd.assignment_set_id')
    .select(RELEASE_COLUMNS)
    .where('d.assignment_set_id', '=', setId)
    .orderBy('d.weight')
    .orderBy('d.id')
    .execute();
}

/** A student's best formal (not practice) submission of each document of a set, as the grade book reads it. */
export async function bestFormal(db: Db, setId: number, studentId: number): Promise<{ document_id: number; percent: number }[]> {
  return db
    .selectFrom('best_submissions')
    .select(['document_id', 'percent'])
    .where('assignment_set_id', '=', setId)
    .where('student_id', '=', studentId)
    .where('practice', '=', 0)
    .execute();
}

/** The students with a formal submission of a document (its release date moved). */
export async function studentsWithFormal(db: Db, documentId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('best_submissions')
    .select('student_id')
    .where('document_id', '=', documentId)
    .where('practice', '=', 0)
    .execute();
  return rows.map((r) => Number(r.student_id));
}

export async function findSetCourse(db: Db, setId: number): Promise<number | undefined> {
  const row = await db.selectFrom('assignment_sets').select('course_id').where('id', '=', setId).executeTakeFirst();
  return row === undefined ? undefined : Number(row.course_id);
}

/** What a line item the tool makes is named after (issue 37): the set's title and due date, with its course; and one document's title. */
export async function lineItemSubject(
  db: Db,
  setId: number,
  documentId: number | undefined,
): Promise<{ course_id: number; title: string; due_at: number; document_title: string | null } | undefined> {
  const set = await db.selectFrom('assignment_sets').select(['course_id', 'title', 'due_at']).where('id', '=', setId).executeTakeFirst();
  if (!set) return undefined;
  const doc =
    documentId === undefined
      ? undefined
      : await db
          .selectFrom('documents')
          .select('title')
          .where('id', '=', documentId)
          .where('assignment_set_id', '=', setId)
          .executeTakeFirst();
  if (documentId !== undefined && !doc) return undefined;
  return { course_id: Number(set.course_id), title: set.title, due_at: Number(set.due_at), document_title: doc?.title ?? null };
}

/** Whether a line item is known for a resource of the tool in a context. */
export async function lineItemKnown(db: Db, contextId: number, resourceId: string): Promise<boolean> {
  const row = await db
    .selectFrom('lti_line_items')
    .select('id')
    .where('context_id', '=', contextId)
    .where('resource_id', '=', resourceId)
    .executeTakeFirst();
  return row !== undefined;
}
