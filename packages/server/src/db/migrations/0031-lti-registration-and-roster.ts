import { withId } from '../column.ts';
import type { DialectMigration, MigrationDb } from '../migrate.ts';

/**
 * LTI (issue 28, decision 038): the one-time keys of Dynamic Registration URLs the admin CLI
 * hands out, and each LMS course's Names and Role Provisioning Services endpoint as its launches
 * name it (the People page's "Sync from LMS" reads the roster there).
 */
export const migration0031: DialectMigration = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('lti_registration_keys'), dialect)
      .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.alterTable('lti_contexts').addColumn('nrps_url', 'varchar(2000)').execute();
  },
  async down(db: MigrationDb) {
    await db.schema.alterTable('lti_contexts').dropColumn('nrps_url').execute();
    await db.schema.dropTable('lti_registration_keys').execute();
  },
});
