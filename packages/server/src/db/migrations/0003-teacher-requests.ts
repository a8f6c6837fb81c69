import { sql } from 'kysely';
import { withId } from '../column.ts';
import type { DialectMigration, MigrationDb } from '../migrate.ts';

/** Teacher account requests (spec §6): a student asks, an administrator approves or rejects with the admin CLI. */
export const migration0003: DialectMigration = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('teacher_account_requests'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('school_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('phone', 'varchar(40)', (c) => c.notNull())
      .addColumn('web_site', 'varchar(520)', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('PENDING'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('decided_at', 'bigint')
      .execute();
    // At most one pending request per user, whatever two racing submissions do; also serves
    // the "has a pending request" lookup of every profile read.
    await db.schema
      .createIndex('teacher_account_requests_one_pending_idx')
      .on('teacher_account_requests')
      .column('user_id')
      .unique()
      .where(sql.ref('status'), '=', 'PENDING')
      .execute();
    await db.schema.createIndex('teacher_account_requests_user_id_idx').on('teacher_account_requests').column('user_id').execute();
    await db.schema
      .createIndex('teacher_account_requests_status_idx')
      .on('teacher_account_requests')
      .columns(['status', 'created_at'])
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('teacher_account_requests').execute();
  },
});
