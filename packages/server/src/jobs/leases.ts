import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes the named lease for `seconds` if nobody holds it (or the holder's has run out):
 * one atomic INSERT … ON CONFLICT DO UPDATE … WHERE expired, on both engines.
 */
export async function tryAcquireLease(db: Db, clock: Clock, name: string, holder: string, seconds: number): Promise<boolean> {
  const now = clock.now();
  const row = await db
    .insertInto('leases')
    .values({ name, holder, expires_at: now + seconds })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet((eb) => ({ holder: eb.ref('excluded.holder'), expires_at: eb.ref('excluded.expires_at') }))
        .where('leases.expires_at', '<', now),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}

/** Gives the lease up so the next instance need not wait for it to run out. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute();
}

/**
 * Runs `fn` while holding the named lease, so that only one instance does it at a time
 * (demo data on a new database, the orphan sweep). With `wait`, waits for the lease;
 * without, returns undefined at once when another instance holds it.
 */
export async function withLease<T>(
  db: Db,
  clock: Clock,
  name: string,
  options: { seconds: number; holder: string; wait: boolean },
  fn: () => Promise<T>,
): Promise<T | undefined> {
  while (!(await tryAcquireLease(db, clock, name, options.holder, options.seconds))) {
    if (!options.wait) return undefined;
    await wait(250);
  }
  try {
    return await fn();
  } finally {
    await releaseLease(db, name, options.holder);
  }
}
