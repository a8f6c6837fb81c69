import type { DialectMigration, MigrationDb } from '../migrate.ts';

/**
 * Issue 16 (hardening):
 * - `one_time_tokens.new_email`: an e-mail change waits for a link sent to the new address.
 * - `oauth_states.session_id` / `browser_hash`: a Google link is finished only by the session and
 *   the browser (a short-lived cookie, stored hashed) that started it.
 */
export const migration0011: DialectMigration = () => ({
  async up(db: MigrationDb) {
    await db.schema.alterTable('one_time_tokens').addColumn('new_email', 'varchar(254)').execute();
    await db.schema.alterTable('oauth_states').addColumn('session_id', 'bigint').execute();
    await db.schema.alterTable('oauth_states').addColumn('browser_hash', 'varchar(64)').execute();
  },
  async down(db: MigrationDb) {
    await db.schema.alterTable('oauth_states').dropColumn('browser_hash').execute();
    await db.schema.alterTable('oauth_states').dropColumn('session_id').execute();
    await db.schema.alterTable('one_time_tokens').dropColumn('new_email').execute();
  },
});
