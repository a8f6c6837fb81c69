import { withId } from '../column.ts';
import type { DialectMigration, MigrationDb } from '../migrate.ts';

/** Work handed in, graded by the server. */
export const migration0007: DialectMigration = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('submissions'), dialect)
      .addColumn('student_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('document_id', 'bigint', (c) => c.notNull().references('documents.id').onDelete('cascade'))
      .addColumn('assignment_set_id', 'bigint', (c) => c.notNull().references('assignment_sets.id').onDelete('cascade'))
      .addColumn('course_id', 'bigint', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('points', 'double precision', (c) => c.notNull())
      .addColumn('max_points', 'double precision', (c) => c.notNull())
      .addColumn('percent', 'double precision', (c) => c.notNull())
      .addColumn('grade', 'varchar(4)', (c) => c.notNull())
      .addColumn('submit_time', 'bigint', (c) => c.notNull())
      .addColumn('practice', 'integer', (c) => c.notNull())
      .addColumn('file_key', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('har_key', 'varchar(255)', (c) => c.notNull())
      .addColumn('png_key', 'varchar(255)')
      .addColumn('report_key', 'varchar(255)')
      .addColumn('render_status', 'varchar(16)', (c) => c.notNull())
      .addColumn('result_json', 'text', (c) => c.notNull())
      .execute();
    // Grade books read a course (optionally one set) by student and document; the best submission sorts by points.
    await db.schema
      .createIndex('submissions_course_idx')
      .on('submissions')
      .columns(['course_id', 'student_id', 'document_id', 'points'])
      .execute();
    await db.schema.createIndex('submissions_set_idx').on('submissions').columns(['assignment_set_id', 'student_id']).execute();
    await db.schema
      .createIndex('submissions_document_idx')
      .on('submissions')
      .columns(['document_id', 'student_id', 'submit_time'])
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('submissions').execute();
  },
});
