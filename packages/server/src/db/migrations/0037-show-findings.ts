import type { DialectMigration, MigrationDb } from '../migrate.ts';

/**
 * Issue 35: beside "show answers", when a student sees what was marked in formal work (a
 * part-writing exercise's findings, an analysis exercise's right and wrong): AT_RELEASE, when the
 * answers are shown (what every document did before), or AT_HAND_IN. The grade's own release
 * (delay_showing_grade) is not changed by it (decision 050).
 */
export const migration0037: DialectMigration = () => ({
  async up(db: MigrationDb) {
    await db.schema
      .alterTable('documents')
      .addColumn('show_findings', 'varchar(16)', (c) => c.notNull().defaultTo('AT_RELEASE'))
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.alterTable('documents').dropColumn('show_findings').execute();
  },
});
