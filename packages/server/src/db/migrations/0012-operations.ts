import type { DialectMigration, MigrationDb } from '../migrate.ts';

/**
 * Running several instances: the request that enqueued a job (for its logs), answers
 * kept for Idempotency-Key retries, and named leases that one instance holds at a time
 * (demo data on a new database, the orphan sweep).
 */
export const migration0012: DialectMigration = () => ({
  async up(db: MigrationDb) {
    await db.schema.alterTable('jobs').addColumn('request_id', 'varchar(64)').execute();

    await db.schema
      .createTable('idempotency_keys')
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('key', 'varchar(255)', (c) => c.notNull())
      // Method and path the key was first used with; the same key on another call is refused.
      .addColumn('request', 'varchar(600)', (c) => c.notNull())
      // Null while the first request is still running.
      .addColumn('status_code', 'integer')
      .addColumn('response', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
      .execute();
    await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();

    await db.schema
      .createTable('leases')
      .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('holder', 'varchar(64)', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('leases').execute();
    await db.schema.dropTable('idempotency_keys').execute();
    await db.schema.alterTable('jobs').dropColumn('request_id').execute();
  },
});
