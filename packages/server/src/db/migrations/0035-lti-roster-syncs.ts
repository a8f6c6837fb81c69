import { withId } from '../column.ts';
import type { DialectMigration, MigrationDb } from '../migrate.ts';

/**
 * LTI (issue 28): each "Sync from LMS" of a course, run as the job `lti-roster-sync` instead of on
 * the request, with its state and, once done, what it changed (the People page shows both).
 */
export const migration0035: DialectMigration = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('lti_roster_syncs'), dialect)
      .addColumn('course_id', 'bigint', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      // QUEUED → RUNNING → DONE, or FAILED.
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('added', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('unchanged', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
      // unreachable, not_linked or failed (the contract's LmsRosterSyncFailure).
      .addColumn('error', 'varchar(32)')
      .addColumn('requested_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('requested_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      .execute();
    await db.schema.createIndex('lti_roster_syncs_course_idx').on('lti_roster_syncs').columns(['course_id', 'id']).execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('lti_roster_syncs').execute();
  },
});
