import { withId } from '../column.ts';
import type { DialectMigration, MigrationDb } from '../migrate.ts';

/**
 * Exercise authoring (issue 14): an instructor's uploaded score waiting to be keyed
 * (`exercise_drafts`; the MusicXML itself lives in storage), and content-library
 * sections that belong to one instructor (`library_sets.owner_id`; null for the
 * shared library everyone sees).
 */
export const migration0015: DialectMigration = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('exercise_drafts'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('course_id', 'bigint', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('storage_key', 'varchar(255)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('exercise_drafts_owner_idx').on('exercise_drafts').columns(['owner_id', 'created_at']).execute();
    await db.schema
      .alterTable('library_sets')
      .addColumn('owner_id', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
      .execute();
    await db.schema.createIndex('library_sets_owner_idx').on('library_sets').columns(['owner_id']).execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropIndex('library_sets_owner_idx').execute();
    await db.schema.alterTable('library_sets').dropColumn('owner_id').execute();
    await db.schema.dropTable('exercise_drafts').execute();
  },
});
