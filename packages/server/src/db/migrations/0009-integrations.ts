import { withId } from '../column.ts';
import type { DialectMigration, MigrationDb } from '../migrate.ts';

/** Google Classroom links and coursework; FastSpring test orders; one payment per order. */
export const migration0009: DialectMigration = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('google_credentials'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
      .addColumn('encrypted_tokens', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('oauth_states'), dialect)
      .addColumn('state_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('return_url', 'varchar(2000)', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('google_coursework'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('document_id', 'bigint', (c) => c.notNull().references('documents.id').onDelete('cascade'))
      .addColumn('gc_course_id', 'varchar(100)', (c) => c.notNull())
      .addColumn('coursework_id', 'varchar(100)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('google_coursework_user_idx').on('google_coursework').columns(['user_id', 'document_id']).execute();

    await withId(db.schema.createTable('test_orders'), dialect)
      .addColumn('order_id', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('reference', 'varchar(64)', (c) => c.notNull())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('course_id', 'bigint', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('product_path', 'varchar(200)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema.createIndex('payments_order_unique').on('payments').column('order_id').unique().execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropIndex('payments_order_unique').execute();
    for (const table of ['test_orders', 'google_coursework', 'oauth_states', 'google_credentials'])
      await db.schema.dropTable(table).execute();
  },
});
