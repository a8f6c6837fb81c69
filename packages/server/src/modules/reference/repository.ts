import type { Db } from '../../db/database.ts';

/** Every time zone, by name. */
export function listTimezones(db: Db) {
  return db.selectFrom('timezones').select(['id', 'name as timezone']).orderBy('name').execute();
}

/** Every school, by name. */
export function listSchools(db: Db) {
  return db.selectFrom('schools').select(['id', 'name as school']).orderBy('name').execute();
}

/** Every academic term, in calendar order. */
export function listAcademicTerms(db: Db) {
  return db.selectFrom('academic_terms').select(['id', 'name as academic_term']).orderBy('weight').orderBy('id').execute();
}

/** Adds a school unless one of that name exists; returns its id. */
export async function ensureSchool(db: Db, name: string, now: number): Promise<number> {
  const existing = await db.selectFrom('schools').select('id').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.id;
  const row = await db.insertInto('schools').values({ name, created_at: now }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The weight after the last academic term's: where a new term goes by default. */
export async function nextAcademicTermWeight(db: Db): Promise<number> {
  const row = await db
    .selectFrom('academic_terms')
    .select((eb) => eb.fn.max('weight').as('max'))
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

/** Inserts an academic term at a place in calendar order (its weight), moving the later ones down; returns its id. */
export async function insertAcademicTermAt(db: Db, name: string, weight: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('academic_terms')
      .set((eb) => ({ weight: eb('weight', '+', 1) }))
      .where('weight', '>=', weight)
      .execute();
    const row = await trx.insertInto('academic_terms').values({ name, weight }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  });
}

/** Adds an academic term unless one of that name exists; returns its id. */
export async function ensureAcademicTerm(db: Db, name: string, weight: number): Promise<number> {
  const existing = await db.selectFrom('academic_terms').select('id').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.id;
  const row = await db.insertInto('academic_terms').values({ name, weight }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
