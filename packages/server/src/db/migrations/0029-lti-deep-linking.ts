import { withId } from '../column.ts';
import type { DialectMigration, MigrationDb } from '../migrate.ts';

/** LTI Deep Linking 2.0 (issue 28): a platform's content-selection request, waiting for the instructor's choice. */
export const migration0029: DialectMigration = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('lti_deep_link_requests'), dialect)
      .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('platform_id', 'bigint', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
      .addColumn('deployment_id', 'varchar(255)', (c) => c.notNull())
      .addColumn('context_id', 'bigint', (c) => c.notNull().references('lti_contexts.id').onDelete('cascade'))
      .addColumn('return_url', 'varchar(2000)', (c) => c.notNull())
      .addColumn('data', 'text')
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('lti_deep_link_requests').execute();
  },
});
