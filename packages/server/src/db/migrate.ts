import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { DialectName } from './database.ts';
import { migration0001 } from './migrations/0001-accounts.ts';
import { migration0002 } from './migrations/0002-courses.ts';
import { migration0003 } from './migrations/0003-teacher-requests.ts';
import { migration0004 } from './migrations/0004-jobs-and-media.ts';
import { migration0005 } from './migrations/0005-people.ts';
import { migration0006 } from './migrations/0006-assignments.ts';
import { migration0007 } from './migrations/0007-submissions.ts';
import { migration0008 } from './migrations/0008-discussion.ts';
import { migration0009 } from './migrations/0009-integrations.ts';
import { migration0010 } from './migrations/0010-exercise-workspace.ts';
import { migration0011 } from './migrations/0011-hardening.ts';
import { migration0012 } from './migrations/0012-operations.ts';
import { migration0014 } from './migrations/0014-gradebook-best.ts';
import { migration0015 } from './migrations/0015-exercise-authoring.ts';
import { migration0016 } from './migrations/0016-document-versions.ts';
import { migration0017 } from './migrations/0017-student-copies-without-analysis.ts';
import { migration0028 } from './migrations/0028-lti.ts';
import { migration0029 } from './migrations/0029-lti-deep-linking.ts';
import { migration0030 } from './migrations/0030-lti-ags.ts';
import { migration0031 } from './migrations/0031-lti-registration-and-roster.ts';
import { migration0032 } from './migrations/0032-lti-storage-target.ts';
import { migration0033 } from './migrations/0033-lti-contexts-course.ts';
import { migration0034 } from './migrations/0034-draft-revision.ts';
import { migration0035 } from './migrations/0035-lti-roster-syncs.ts';
import { migration0036 } from './migrations/0036-lti-conformance.ts';
import { migration0037 } from './migrations/0037-show-findings.ts';
import { migration0038 } from './migrations/0038-set-drafts.ts';
import { migration0039 } from './migrations/0039-part-writing-student-copies.ts';

// Migrations describe tables that the typed schema does not know yet (or any more).
// biome-ignore lint/suspicious/noExplicitAny: the Kysely-documented type for migrations
export type MigrationDb = Kysely<any>;

/** A migration is written once and told which engine it runs on, for the few types that differ. */
export type DialectMigration = (dialect: DialectName) => Migration;

// Numbered, in order; never edit one that has shipped, add the next.
const migrations: Record<string, DialectMigration> = {
  '0001-accounts': migration0001,
  '0002-courses': migration0002,
  '0003-teacher-requests': migration0003,
  '0004-jobs-and-media': migration0004,
  '0005-people': migration0005,
  '0006-assignments': migration0006,
  '0007-submissions': migration0007,
  '0009-integrations': migration0009,
  '0008-discussion': migration0008,
  '0010-exercise-workspace': migration0010,
  '0011-hardening': migration0011,
  '0012-operations': migration0012,
  '0014-gradebook-best': migration0014,
  '0015-exercise-authoring': migration0015,
  '0016-document-versions': migration0016,
  '0017-student-copies-without-analysis': migration0017,
  '0028-lti': migration0028,
  '0029-lti-deep-linking': migration0029,
  '0031-lti-registration-and-roster': migration0031,
  '0032-lti-storage-target': migration0032,
  '0030-lti-ags': migration0030,
  '0033-lti-contexts-course': migration0033,
  '0034-draft-revision': migration0034,
  '0035-lti-roster-syncs': migration0035,
  '0036-lti-conformance': migration0036,
  '0037-show-findings': migration0037,
  '0038-set-drafts': migration0038,
  '0039-part-writing-student-copies': migration0039,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  async getMigrations() {
    return Object.fromEntries(Object.entries(migrations).map(([name, make]) => [name, make(this.dialect)]));
  }
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: MigrationDb, dialect: DialectName, schema?: string): Promise<void> {
  // With a schema of its own (tests), the bookkeeping tables must live there too: Kysely looks
  // for them across every schema and would otherwise find another test's.
  // Unordered: parallel streams land numbers out of order (0009 shipped before 0008); each migration
  // stands alone, so one that arrives late still runs on a database that has the later ones.
  const migrator = new Migrator({
    db,
    provider: new StaticProvider(dialect),
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/** Names of the migrations this build knows that the database has not run yet (readiness, `npm run migrate`). */
export async function pendingMigrations(db: MigrationDb, dialect: DialectName, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: new StaticProvider(dialect),
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  return (await migrator.getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
}
