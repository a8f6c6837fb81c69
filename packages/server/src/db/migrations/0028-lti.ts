import { withId } from '../column.ts';
import type { DialectMigration, MigrationDb } from '../migrate.ts';

/** LTI 1.3 (issue 28, decision 038): platform registrations, the tool's keys, login states, user and context links. */
export const migration0028: DialectMigration = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('lti_platforms'), dialect)
      .addColumn('issuer', 'varchar(500)', (c) => c.notNull())
      .addColumn('client_id', 'varchar(255)', (c) => c.notNull())
      .addColumn('auth_url', 'varchar(2000)', (c) => c.notNull())
      .addColumn('token_url', 'varchar(2000)', (c) => c.notNull())
      .addColumn('jwks_url', 'varchar(2000)', (c) => c.notNull())
      .addColumn('emails_verified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('lti_platforms_issuer_client').on('lti_platforms').columns(['issuer', 'client_id']).unique().execute();

    await withId(db.schema.createTable('lti_deployments'), dialect)
      .addColumn('platform_id', 'bigint', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
      .addColumn('deployment_id', 'varchar(255)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('lti_deployments_platform_deployment')
      .on('lti_deployments')
      .columns(['platform_id', 'deployment_id'])
      .unique()
      .execute();

    await withId(db.schema.createTable('lti_keys'), dialect)
      .addColumn('kid', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('private_jwk', 'text', (c) => c.notNull())
      .addColumn('public_jwk', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('retired_at', 'bigint')
      .execute();

    await withId(db.schema.createTable('lti_login_states'), dialect)
      .addColumn('state_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('browser_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
      .addColumn('platform_id', 'bigint', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();

    await withId(db.schema.createTable('lti_user_links'), dialect)
      .addColumn('issuer', 'varchar(500)', (c) => c.notNull())
      .addColumn('sub', 'varchar(255)', (c) => c.notNull())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('lti_user_links_issuer_sub').on('lti_user_links').columns(['issuer', 'sub']).unique().execute();

    await withId(db.schema.createTable('lti_contexts'), dialect)
      .addColumn('issuer', 'varchar(500)', (c) => c.notNull())
      .addColumn('deployment_id', 'varchar(255)', (c) => c.notNull())
      .addColumn('context_id', 'varchar(255)', (c) => c.notNull())
      .addColumn('title', 'varchar(500)', (c) => c.notNull())
      .addColumn('course_id', 'bigint', (c) => c.references('courses.id').onDelete('set null'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('lti_contexts_issuer_deployment_context')
      .on('lti_contexts')
      .columns(['issuer', 'deployment_id', 'context_id'])
      .unique()
      .execute();

    // Who the LMS said was who in a context, as launches showed it: the instructors may link it.
    await withId(db.schema.createTable('lti_context_members'), dialect)
      .addColumn('context_id', 'bigint', (c) => c.notNull().references('lti_contexts.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'varchar(20)', (c) => c.notNull())
      .addColumn('launched_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('lti_context_members_context_user')
      .on('lti_context_members')
      .columns(['context_id', 'user_id'])
      .unique()
      .execute();
  },
  async down(db: MigrationDb) {
    for (const table of [
      'lti_context_members',
      'lti_contexts',
      'lti_user_links',
      'lti_login_states',
      'lti_keys',
      'lti_deployments',
      'lti_platforms',
    ])
      await db.schema.dropTable(table).execute();
  },
});
