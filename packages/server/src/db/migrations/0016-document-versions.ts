import { withId } from '../column.ts';
import type { DialectMigration, MigrationDb } from '../migrate.ts';

/**
 * Issue 14, editing the key of a document in use (docs/decisions/020-answer-key-versions-and-regrade.md):
 * `documents.key_version` is the version its files hold now and `document_versions` the files of
 * every version made by an edit (the first one recorded when it is first replaced);
 * `submissions.key_version` says which key graded a submission; `document_regrades` is each
 * "Regrade" an instructor asked for, with its progress; `grade_changes` is the audit list of
 * the grades a regrade changed.
 */
export const migration0016: DialectMigration = (dialect) => ({
  async up(db: MigrationDb) {
    await db.schema
      .alterTable('documents')
      .addColumn('key_version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('submissions')
      .addColumn('key_version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await withId(db.schema.createTable('document_versions'), dialect)
      .addColumn('document_id', 'bigint', (c) => c.notNull().references('documents.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('storage_key', 'varchar(255)', (c) => c.notNull())
      .addColumn('student_storage_key', 'varchar(255)')
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('created_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('document_versions_version_uq', ['document_id', 'version'])
      .execute();

    await withId(db.schema.createTable('document_regrades'), dialect)
      .addColumn('document_id', 'bigint', (c) => c.notNull().references('documents.id').onDelete('cascade'))
      .addColumn('key_version', 'integer', (c) => c.notNull())
      // QUEUED → RUNNING → DONE, or FAILED after the job's last attempt.
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('changed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error', 'varchar(500)')
      .addColumn('requested_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('requested_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      .execute();
    await db.schema.createIndex('document_regrades_document_idx').on('document_regrades').columns(['document_id', 'id']).execute();

    await withId(db.schema.createTable('grade_changes'), dialect)
      .addColumn('document_id', 'bigint', (c) => c.notNull().references('documents.id').onDelete('cascade'))
      .addColumn('regrade_id', 'bigint', (c) => c.notNull().references('document_regrades.id').onDelete('cascade'))
      // No reference: the record stays when the submission is removed later.
      .addColumn('submission_id', 'bigint', (c) => c.notNull())
      .addColumn('student_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('changed_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('changed_at', 'bigint', (c) => c.notNull())
      .addColumn('key_version', 'integer', (c) => c.notNull())
      .addColumn('old_points', 'double precision', (c) => c.notNull())
      .addColumn('old_max_points', 'double precision', (c) => c.notNull())
      .addColumn('old_percent', 'double precision', (c) => c.notNull())
      .addColumn('old_grade', 'varchar(4)', (c) => c.notNull())
      .addColumn('new_points', 'double precision', (c) => c.notNull())
      .addColumn('new_max_points', 'double precision', (c) => c.notNull())
      .addColumn('new_percent', 'double precision', (c) => c.notNull())
      .addColumn('new_grade', 'varchar(4)', (c) => c.notNull())
      // A regrade changes a submission once, however often its job runs.
      .addUniqueConstraint('grade_changes_once_uq', ['regrade_id', 'submission_id'])
      .execute();
    await db.schema.createIndex('grade_changes_document_idx').on('grade_changes').columns(['document_id', 'changed_at']).execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('grade_changes').execute();
    await db.schema.dropTable('document_regrades').execute();
    await db.schema.dropTable('document_versions').execute();
    await db.schema.alterTable('submissions').dropColumn('key_version').execute();
    await db.schema.alterTable('documents').dropColumn('key_version').execute();
  },
});
