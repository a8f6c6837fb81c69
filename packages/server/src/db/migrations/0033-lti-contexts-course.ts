import type { DialectMigration, MigrationDb } from '../migrate.ts';

/**
 * LTI (issue 28): the LMS courses linked to a course are looked up by `course_id` on every
 * hand-in, release-date change, score post and roster sync (ags-repository.ts, repository.ts);
 * an index on it, so those reads do not scan every context.
 */
export const migration0033: DialectMigration = () => ({
  async up(db: MigrationDb) {
    await db.schema.createIndex('lti_contexts_course_idx').on('lti_contexts').column('course_id').execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropIndex('lti_contexts_course_idx').execute();
  },
});
