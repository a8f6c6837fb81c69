import { withId } from '../column.ts';
import type { DialectMigration, MigrationDb } from '../migrate.ts';

/** The course discussion board: threads, their posts, and what each person has read. */
export const migration0008: DialectMigration = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('threads'), dialect)
      .addColumn('course_id', 'bigint', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('author_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
      // Goes up by one with every post; a reader's mark stores the value they saw (unread tracking).
      .addColumn('activity_seq', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('edited_at', 'bigint')
      .addColumn('last_activity_at', 'bigint', (c) => c.notNull())
      .execute();
    // The board's order (pinned first, then by last activity) and its cursor; unread counts per course.
    await db.schema.createIndex('threads_board_idx').on('threads').columns(['course_id', 'pinned', 'last_activity_at', 'id']).execute();

    await withId(db.schema.createTable('posts'), dialect)
      .addColumn('thread_id', 'bigint', (c) => c.notNull().references('threads.id').onDelete('cascade'))
      .addColumn('author_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('edited_at', 'bigint')
      .addColumn('deleted_at', 'bigint')
      .addColumn('deleted_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    // A thread's posts, oldest first, and their cursor.
    await db.schema.createIndex('posts_thread_idx').on('posts').columns(['thread_id', 'created_at', 'id']).execute();

    await db.schema
      .createTable('thread_reads')
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('thread_id', 'bigint', (c) => c.notNull().references('threads.id').onDelete('cascade'))
      .addColumn('last_read_at', 'bigint', (c) => c.notNull())
      .addColumn('read_seq', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('thread_reads_pk', ['user_id', 'thread_id'])
      .execute();
    // The cascade from a deleted thread finds its marks without a scan.
    await db.schema.createIndex('thread_reads_thread_idx').on('thread_reads').column('thread_id').execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('thread_reads').execute();
    await db.schema.dropTable('posts').execute();
    await db.schema.dropTable('threads').execute();
  },
});
