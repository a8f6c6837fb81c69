import { withId } from '../column.ts';
import type { DialectMigration, MigrationDb } from '../migrate.ts';

/** The embedded job queue, and the media library (collections of audio and video files). */
export const migration0004: DialectMigration = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('jobs'), dialect)
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (c) => c.notNull())
      .addColumn('run_after', 'bigint', (c) => c.notNull())
      .addColumn('locked_at', 'bigint')
      .addColumn('locked_until', 'bigint')
      .addColumn('locked_by', 'varchar(64)')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // The claim query: due queued jobs, and running jobs whose lock has expired.
    await db.schema.createIndex('jobs_status_run_after_idx').on('jobs').columns(['status', 'run_after']).execute();
    await db.schema.createIndex('jobs_status_locked_until_idx').on('jobs').columns(['status', 'locked_until']).execute();

    await withId(db.schema.createTable('media_collections'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('media_collections_owner_idx').on('media_collections').columns(['owner_id', 'weight']).execute();

    await withId(db.schema.createTable('media_files'), dialect)
      .addColumn('collection_id', 'bigint', (c) => c.notNull().references('media_collections.id').onDelete('cascade'))
      .addColumn('file_key', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('transcode_status', 'varchar(16)', (c) => c.notNull())
      .addColumn('media_type', 'varchar(8)', (c) => c.notNull())
      .addColumn('source_key', 'varchar(255)')
      .addColumn('output_key', 'varchar(255)')
      .addColumn('duration', 'double precision')
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('transcode_error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('media_files_collection_idx').on('media_files').columns(['collection_id', 'weight']).execute();
  },
  async down(db: MigrationDb) {
    for (const table of ['media_files', 'media_collections', 'jobs']) await db.schema.dropTable(table).execute();
  },
});
