import type { DialectMigration, MigrationDb } from '../migrate.ts';

/**
 * LTI (issue 37):
 * - `lti_platforms.deployment_pending`: 1 for a platform whose Dynamic Registration answered no
 *   deployment id; the first verified launch of that client gives it one (and clears it).
 * - `lti_deep_link_requests.accept_multiple` / `accept_lineitem`: what the platform's
 *   deep_linking_settings said (several content items in one response; a line item with each).
 */
export const migration0036: DialectMigration = () => ({
  async up(db: MigrationDb) {
    await db.schema
      .alterTable('lti_platforms')
      .addColumn('deployment_pending', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('lti_deep_link_requests')
      .addColumn('accept_multiple', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('lti_deep_link_requests')
      .addColumn('accept_lineitem', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.alterTable('lti_deep_link_requests').dropColumn('accept_lineitem').execute();
    await db.schema.alterTable('lti_deep_link_requests').dropColumn('accept_multiple').execute();
    await db.schema.alterTable('lti_platforms').dropColumn('deployment_pending').execute();
  },
});
