import { withId } from '../column.ts';
import type { DialectMigration, MigrationDb } from '../migrate.ts';

/**
 * LTI Assignment and Grade Services 2.0 (issue 28, decision 038): each LMS course's line-items
 * service as its launches name it, and the line item of each deep-linked set in it.
 */
export const migration0030: DialectMigration = (dialect) => ({
  async up(db: MigrationDb) {
    await db.schema.alterTable('lti_contexts').addColumn('ags_lineitems_url', 'varchar(2000)').execute();
    await db.schema.alterTable('lti_contexts').addColumn('ags_scopes', 'text').execute();
    await withId(db.schema.createTable('lti_line_items'), dialect)
      .addColumn('context_id', 'bigint', (c) => c.notNull().references('lti_contexts.id').onDelete('cascade'))
      .addColumn('resource_id', 'varchar(100)', (c) => c.notNull())
      .addColumn('lineitem_url', 'varchar(2000)', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('lti_line_items_context_resource')
      .on('lti_line_items')
      .columns(['context_id', 'resource_id'])
      .unique()
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('lti_line_items').execute();
    await db.schema.alterTable('lti_contexts').dropColumn('ags_scopes').execute();
    await db.schema.alterTable('lti_contexts').dropColumn('ags_lineitems_url').execute();
  },
});
