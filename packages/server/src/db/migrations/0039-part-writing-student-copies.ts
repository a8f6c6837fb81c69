import { sql } from 'kysely';
import type { DialectMigration, MigrationDb } from '../migrate.ts';

/**
 * Issue 40 (decision 052): a part-writing student copy is written from part-writing.json's given
 * voices. Copies stored before hold the uploaded score, which a hand-made file may have written the
 * model's voices into; a job this migration queues writes them again (documents/har-files.ts), since
 * the files live in storage, not in the database.
 */
export const migration0039: DialectMigration = () => ({
  async up(db: MigrationDb) {
    const now = Math.floor(Date.now() / 1000);
    await sql`
      INSERT INTO jobs (name, payload, status, attempts, max_attempts, run_after, created_at, updated_at)
      SELECT 'document-part-writing-student-copies', '{}', 'queued', 0, 5, ${now}, ${now}, ${now}
      WHERE EXISTS (SELECT 1 FROM documents WHERE student_storage_key IS NOT NULL)
    `.execute(db);
  },
  async down(db: MigrationDb) {
    await sql`DELETE FROM jobs WHERE name = 'document-part-writing-student-copies'`.execute(db);
  },
});
