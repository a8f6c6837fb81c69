import type { DialectMigration, MigrationDb } from '../migrate.ts';

/**
 * Issue 38: a set can be a draft that its students do not see, whatever its assigned date, until
 * an instructor releases it (decision 054). Sets made before were all released: 0.
 */
export const migration0038: DialectMigration = () => ({
  async up(db: MigrationDb) {
    await db.schema
      .alterTable('assignment_sets')
      .addColumn('draft', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.alterTable('assignment_sets').dropColumn('draft').execute();
  },
});
