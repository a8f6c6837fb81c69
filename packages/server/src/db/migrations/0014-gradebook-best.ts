import { sql } from 'kysely';
import type { DialectMigration, MigrationDb } from '../migrate.ts';

/**
 * Issue 15: each student's best submission per document, kept current when work is handed in or
 * removed (gradebook/repository.ts), so the grade book is read without ranking 600k rows.
 * One row per student, document and `practice` (a document may change kind between submissions;
 * 'non-practice only' must still find the best formal one); `overall` marks the better of the two.
 * Columns the grade book shows are copied from the submission, so the book is one range scan.
 * `submissions.number` (which of the student's submissions of the document it is) is kept the same
 * way, so 'all submissions' is read without numbering 600k rows.
 */
export const migration0014: DialectMigration = (dialect) => ({
  async up(db: MigrationDb) {
    let table = db.schema
      .createTable('best_submissions')
      .addColumn('course_id', 'bigint', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('student_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('document_id', 'bigint', (c) => c.notNull().references('documents.id').onDelete('cascade'))
      .addColumn('practice', 'integer', (c) => c.notNull())
      .addColumn('assignment_set_id', 'bigint', (c) => c.notNull())
      .addColumn('submission_id', 'bigint', (c) => c.notNull())
      .addColumn('points', 'double precision', (c) => c.notNull())
      .addColumn('max_points', 'double precision', (c) => c.notNull())
      .addColumn('percent', 'double precision', (c) => c.notNull())
      .addColumn('grade', 'varchar(4)', (c) => c.notNull())
      .addColumn('submit_time', 'bigint', (c) => c.notNull())
      // Which of the student's submissions of the document it is (1 = first), over both kinds.
      .addColumn('number', 'integer', (c) => c.notNull())
      // 1 on the row that is the document's best over both kinds.
      .addColumn('overall', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('best_submissions_pk', ['course_id', 'student_id', 'document_id', 'practice']);
    // SQLite: the rows live in the primary key's order, so a course's book is one contiguous read.
    if (dialect === 'sqlite') table = table.modifyEnd(sql`without rowid`);
    await table.execute();
    // Refreshing one student's document, and the cascades from documents and users.
    await db.schema.createIndex('best_submissions_document_idx').on('best_submissions').columns(['document_id', 'student_id']).execute();
    await db.schema.createIndex('best_submissions_student_idx').on('best_submissions').columns(['student_id']).execute();
    await db.schema.createIndex('best_submissions_set_idx').on('best_submissions').columns(['assignment_set_id']).execute();
    await db.schema
      .alterTable('submissions')
      .addColumn('number', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // The rows that already exist, numbered and ranked once here (as gradebook/repository.ts does).
    await sql`
      update submissions set number = (
        select count(*) from submissions e
        where e.student_id = submissions.student_id and e.document_id = submissions.document_id
          and (e.submit_time < submissions.submit_time or (e.submit_time = submissions.submit_time and e.id <= submissions.id)))`.execute(
      db,
    );
    await sql`
      insert into best_submissions
        (course_id, student_id, document_id, practice, assignment_set_id, submission_id,
         points, max_points, percent, grade, submit_time, number, overall)
      select course_id, student_id, document_id, practice, assignment_set_id, id,
             points, max_points, percent, grade, submit_time, number, case when overall_rank = 1 then 1 else 0 end
      from (
        select s.*,
          row_number() over (partition by student_id, document_id, practice order by points desc, submit_time desc, id desc) as rank,
          row_number() over (partition by student_id, document_id order by points desc, submit_time desc, id desc) as overall_rank
        from submissions s
      ) ranked
      where rank = 1`.execute(db);
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('best_submissions').execute();
    await db.schema.alterTable('submissions').dropColumn('number').execute();
  },
});
