import { withId } from '../column.ts';
import type { DialectMigration, MigrationDb } from '../migrate.ts';

/** Users, sessions, one-time tokens, sign-in throttling and the reference lists. */
export const migration0001: DialectMigration = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('timezones'), dialect)
      .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
      .execute();
    // Ids are fixed here, once: the list is sorted so UTC and its neighbours get stable numbers.
    const zones = [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])].sort();
    for (let i = 0; i < zones.length; i += 200) {
      await db
        .insertInto('timezones')
        .values(zones.slice(i, i + 200).map((name) => ({ name })))
        .execute();
    }

    await withId(db.schema.createTable('schools'), dialect)
      .addColumn('name', 'varchar(200)', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('academic_terms'), dialect)
      .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withId(db.schema.createTable('users'), dialect)
      .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
      .addColumn('user_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'varchar(255)')
      .addColumn('gender', 'varchar(200)')
      .addColumn('school', 'varchar(200)')
      .addColumn('phone_number', 'varchar(200)')
      .addColumn('timezone_id', 'bigint', (c) => c.notNull().references('timezones.id'))
      .addColumn('language', 'varchar(8)', (c) => c.notNull().defaultTo('en'))
      .addColumn('will_receive_marketing_emails', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('will_receive_notification_emails', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('sessions'), dialect)
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('absolute_expires_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .addColumn('ip', 'varchar(64)')
      .addColumn('user_agent', 'varchar(512)')
      .execute();
    await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
    await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();

    await withId(db.schema.createTable('one_time_tokens'), dialect)
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('one_time_tokens_user_id_idx').on('one_time_tokens').columns(['user_id', 'purpose']).execute();

    await withId(db.schema.createTable('sign_in_attempts'), dialect)
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sign_in_attempts_email_idx').on('sign_in_attempts').columns(['email', 'created_at']).execute();
    await db.schema.createIndex('sign_in_attempts_ip_idx').on('sign_in_attempts').columns(['ip', 'created_at']).execute();
  },
  async down(db: MigrationDb) {
    for (const table of ['sign_in_attempts', 'one_time_tokens', 'sessions', 'users', 'academic_terms', 'schools', 'timezones']) {
      await db.schema.dropTable(table).execute();
    }
  },
});
