import type { DialectMigration, MigrationDb } from '../migrate.ts';

/**
 * Two open copies of one exercise (QA Q13, decision 046): each draft counts its saves, so a save
 * made from a copy that has not seen the latest one is refused (409) instead of overwriting it.
 * Drafts saved before this start at 1; 0 means "no draft yet" to a client.
 */
export const migration0034: DialectMigration = () => ({
  async up(db: MigrationDb) {
    await db.schema
      .alterTable('drafts')
      .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.alterTable('drafts').dropColumn('revision').execute();
  },
});
