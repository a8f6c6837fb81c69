import type { CreateTableBuilder } from 'kysely';
import type { DialectName } from './database.ts';

/** Adds an auto-incrementing integer primary key `id` the way each engine spells it. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
