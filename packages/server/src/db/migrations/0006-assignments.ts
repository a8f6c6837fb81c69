import { withId } from '../column.ts';
import type { DialectMigration, MigrationDb } from '../migrate.ts';

/** Assignment sets, their documents, due-date extensions, the content library, first downloads. */
export const migration0006: DialectMigration = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('assignment_sets'), dialect)
      .addColumn('course_id', 'bigint', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('released_at', 'bigint', (c) => c.notNull())
      .addColumn('due_at', 'bigint', (c) => c.notNull())
      .addColumn('set_key', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('show_after_due', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('assignment_sets_course_idx').on('assignment_sets').columns(['course_id', 'weight']).execute();

    await withId(db.schema.createTable('documents'), dialect)
      .addColumn('assignment_set_id', 'bigint', (c) => c.notNull().references('assignment_sets.id').onDelete('cascade'))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('doc_key', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('storage_key', 'varchar(255)', (c) => c.notNull())
      .addColumn('content_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('preview_status', 'varchar(16)', (c) => c.notNull())
      .addColumn('preview_error', 'varchar(500)')
      .addColumn('gradable', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('practice', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('incremental_grading', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('multiple_submissions', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('delay_showing_grade', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('show_grade_on_date', 'bigint')
      .addColumn('timed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('timed_time_seconds', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('documents_set_idx').on('documents').columns(['assignment_set_id', 'weight']).execute();
    await db.schema.createIndex('documents_hash_idx').on('documents').column('content_hash').execute();

    await withId(db.schema.createTable('due_date_extensions'), dialect)
      .addColumn('assignment_set_id', 'bigint', (c) => c.notNull().references('assignment_sets.id').onDelete('cascade'))
      .addColumn('student_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('extension_due_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('due_date_extensions_set_student_unique', ['assignment_set_id', 'student_id'])
      .execute();
    await db.schema.createIndex('due_date_extensions_student_idx').on('due_date_extensions').column('student_id').execute();

    await withId(db.schema.createTable('library_sets'), dialect)
      .addColumn('set_key', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('title', 'varchar(200)', (c) => c.notNull().unique())
      .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('library_documents'), dialect)
      .addColumn('library_set_id', 'bigint', (c) => c.notNull().references('library_sets.id').onDelete('cascade'))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('doc_key', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('storage_key', 'varchar(255)', (c) => c.notNull())
      .addColumn('content_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('preview_status', 'varchar(16)', (c) => c.notNull())
      .addColumn('preview_error', 'varchar(500)')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('library_documents_set_idx').on('library_documents').columns(['library_set_id', 'weight']).execute();
    await db.schema.createIndex('library_documents_hash_idx').on('library_documents').column('content_hash').execute();

    await withId(db.schema.createTable('document_downloads'), dialect)
      .addColumn('document_id', 'bigint', (c) => c.notNull().references('documents.id').onDelete('cascade'))
      .addColumn('student_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('first_downloaded_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('document_downloads_unique', ['document_id', 'student_id'])
      .execute();
  },
  async down(db: MigrationDb) {
    for (const table of [
      'document_downloads',
      'library_documents',
      'library_sets',
      'due_date_extensions',
      'documents',
      'assignment_sets',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
});
