import { sql } from 'kysely';
import type { DialectMigration, MigrationDb } from '../migrate.ts';

/**
 * The exercise workspace (issue 13): a student copy of every document (no answer
 * key), the "Show correct answers" setting, students' drafts, and report and image
 * variants without answers. Existing documents get their student copy from a job
 * this migration queues, since files live in storage, not in the database.
 */
export const migration0010: DialectMigration = () => ({
  async up(db: MigrationDb) {
    await db.schema
      .alterTable('documents')
      .addColumn('show_answers', 'varchar(16)', (c) => c.notNull().defaultTo('AFTER_DUE'))
      .execute();
    await db.schema.alterTable('documents').addColumn('student_storage_key', 'varchar(255)').execute();
    await db.schema.alterTable('submissions').addColumn('student_png_key', 'varchar(255)').execute();
    await db.schema.alterTable('submissions').addColumn('student_report_key', 'varchar(255)').execute();

    await db.schema
      .createTable('drafts')
      .addColumn('document_id', 'bigint', (c) => c.notNull().references('documents.id').onDelete('cascade'))
      .addColumn('student_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('answers_json', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('drafts_pk', ['document_id', 'student_id'])
      .execute();
    // The assignments list reads a student's drafts in a course.
    await db.schema.createIndex('drafts_student_idx').on('drafts').columns(['student_id', 'document_id']).execute();

    const now = Math.floor(Date.now() / 1000);
    await sql`
      INSERT INTO jobs (name, payload, status, attempts, max_attempts, run_after, created_at, updated_at)
      SELECT 'document-student-copies', '{}', 'queued', 0, 5, ${now}, ${now}, ${now}
      WHERE EXISTS (SELECT 1 FROM documents)
    `.execute(db);
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('drafts').execute();
    await db.schema.alterTable('submissions').dropColumn('student_report_key').execute();
    await db.schema.alterTable('submissions').dropColumn('student_png_key').execute();
    await db.schema.alterTable('documents').dropColumn('student_storage_key').execute();
    await db.schema.alterTable('documents').dropColumn('show_answers').execute();
  },
});
