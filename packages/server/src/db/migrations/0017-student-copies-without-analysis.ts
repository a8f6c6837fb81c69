import { sql } from 'kysely';
import type { DialectMigration, MigrationDb } from '../migrate.ts';

/**
 * Issue 26: student copies leave out analysis text written into the score (lyrics, harmony,
 * figured bass, words under the bass). Copies made before are made again by a job this migration
 * queues (documents/har-files.ts), since the files live in storage, not in the database.
 */
export const migration0017: DialectMigration = () => ({
  async up(db: MigrationDb) {
    const now = Math.floor(Date.now() / 1000);
    await sql`
      INSERT INTO jobs (name, payload, status, attempts, max_attempts, run_after, created_at, updated_at)
      SELECT 'document-student-copies-without-analysis', '{}', 'queued', 0, 5, ${now}, ${now}, ${now}
      WHERE EXISTS (SELECT 1 FROM documents WHERE student_storage_key IS NOT NULL)
    `.execute(db);
  },
  async down(db: MigrationDb) {
    await sql`DELETE FROM jobs WHERE name = 'document-student-copies-without-analysis'`.execute(db);
  },
});
