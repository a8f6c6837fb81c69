import type { DialectMigration, MigrationDb } from '../migrate.ts';

/**
 * LTI Client Side postMessage storage (issue 28): a login started with `lti_storage_target` keeps
 * the frame it names, so a launch whose login cookie the browser did not send can read the
 * browser secret back from the platform's storage.
 */
export const migration0032: DialectMigration = () => ({
  async up(db: MigrationDb) {
    await db.schema.alterTable('lti_login_states').addColumn('storage_target', 'varchar(200)').execute();
  },
  async down(db: MigrationDb) {
    await db.schema.alterTable('lti_login_states').dropColumn('storage_target').execute();
  },
});
