import { withId } from '../column.ts';
import type { DialectMigration, MigrationDb } from '../migrate.ts';

/** Courses, the memberships that hold each person's role, order and archive flag, products and payments. */
export const migration0002: DialectMigration = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('course_products'), dialect)
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('fastspring_product_path', 'varchar(200)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('courses'), dialect)
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('school_id', 'bigint', (c) => c.references('schools.id'))
      .addColumn('academic_term_id', 'bigint', (c) => c.references('academic_terms.id'))
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('start_date', 'bigint', (c) => c.notNull())
      .addColumn('end_date', 'bigint', (c) => c.notNull())
      .addColumn('enrollment_end_date', 'bigint', (c) => c.notNull())
      .addColumn('payment_type', 'integer', (c) => c.notNull())
      .addColumn('course_product_id', 'bigint', (c) => c.references('course_products.id'))
      .addColumn('cadential_64', 'varchar(2)', (c) => c.notNull())
      .addColumn('neapolitan_6', 'varchar(2)', (c) => c.notNull())
      .addColumn('lms_type', 'varchar(32)')
      .addColumn('invitation_code', 'varchar(6)', (c) => c.notNull().unique())
      .addColumn('billing_agreed_at', 'bigint')
      .addColumn('activated_at', 'bigint')
      .addColumn('created_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // The sweep that ends courses looks them up by status and end date.
    await db.schema.createIndex('courses_status_end_idx').on('courses').columns(['status', 'end_date']).execute();

    await withId(db.schema.createTable('course_memberships'), dialect)
      .addColumn('course_id', 'bigint', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'varchar(16)', (c) => c.notNull())
      .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('course_memberships_course_user_unique', ['course_id', 'user_id'])
      .execute();
    // The dashboard reads a person's memberships by role in their order; the people pages read a course's by role.
    await db.schema.createIndex('course_memberships_user_idx').on('course_memberships').columns(['user_id', 'role', 'weight']).execute();
    await db.schema.createIndex('course_memberships_course_idx').on('course_memberships').columns(['course_id', 'role']).execute();

    await withId(db.schema.createTable('payments'), dialect)
      .addColumn('course_id', 'bigint', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('order_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('reference', 'varchar(200)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('payments_course_user_unique', ['course_id', 'user_id'])
      .execute();
  },
  async down(db: MigrationDb) {
    for (const table of ['payments', 'course_memberships', 'courses', 'course_products']) await db.schema.dropTable(table).execute();
  },
});
