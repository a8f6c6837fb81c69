import { sql } from 'kysely';
import { withId } from '../column.ts';
import type { DialectMigration, MigrationDb } from '../migrate.ts';

/** Invitations by e-mail and enrollment requests by invitation code. */
export const migration0005: DialectMigration = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('course_invitations'), dialect)
      .addColumn('course_id', 'bigint', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('invitee_email', 'varchar(254)', (c) => c.notNull())
      .addColumn('join_as', 'varchar(16)', (c) => c.notNull())
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('inviter_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('responded_at', 'bigint')
      .execute();
    await db.schema.createIndex('course_invitations_course_idx').on('course_invitations').columns(['course_id', 'state']).execute();
    await db.schema.createIndex('course_invitations_email_idx').on('course_invitations').columns(['invitee_email', 'state']).execute();

    await withId(db.schema.createTable('enrollment_requests'), dialect)
      .addColumn('course_id', 'bigint', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('student_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('decided_at', 'bigint')
      .addColumn('decided_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('enrollment_requests_course_idx').on('enrollment_requests').columns(['course_id', 'status']).execute();
    await db.schema
      .createIndex('enrollment_requests_student_idx')
      .on('enrollment_requests')
      .columns(['student_id', 'created_at'])
      .execute();
    // One pending request per student and course, even when two arrive at once.
    await db.schema
      .createIndex('enrollment_requests_one_pending')
      .on('enrollment_requests')
      .columns(['course_id', 'student_id'])
      .unique()
      .where(sql.ref('status'), '=', 'PENDING')
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('enrollment_requests').execute();
    await db.schema.dropTable('course_invitations').execute();
  },
});
