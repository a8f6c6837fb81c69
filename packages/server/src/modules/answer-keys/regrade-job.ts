import { readHandIn } from '@app/har/format';
import { gradeSubmission } from '@app/har/grade';
import type { Deps } from '../../deps.ts';
import { loadHar } from '../../documents/har-files.ts';
import { isPartWritingHar, readPartWritingDocument, regradePartWriting } from '../../documents/part-writing-files.ts';
import { JobLeaseLostError, JobStoppedError } from '../../jobs/job-queue.ts';
import { gradingSettings } from '../courses/grading-settings.ts';
import type { GradeBookService } from '../gradebook/service.ts';
import type { SubmissionsService } from '../submissions/service.ts';
import * as repo from './repository.ts';

export const REGRADE_JOB = 'document-regrade';
const MAX_ATTEMPTS = 3;
type RegradePayload = { regradeId: number };

/**
 * The regrade job: grades every submission of a document again with its current key. A
 * submission already graded by that version is left alone, and each is written only if still
 * at the version it was read at, so a second run (handlers run at least once) changes nothing
 * and records nothing twice. Each changed grade gets an audit row; every regraded submission
 * forgets its drawings (drawn again when next viewed, issue 29) and its student's best submission
 * is recomputed, all in the transaction that writes it; the old grade's reports are removed after.
 */
export function registerRegradeJob(deps: Deps, collaborators: { gradeBook: GradeBookService; submissions: SubmissionsService }) {
  const { db, clock } = deps;
  deps.jobs.register<RegradePayload>(
    REGRADE_JOB,
    async ({ regradeId }, context) => {
      const regrade = await repo.findRegrade(db, regradeId);
      if (!regrade || regrade.status === 'DONE' || regrade.status === 'FAILED') return;
      try {
        const doc = await repo.findDocumentForKey(db, regrade.document_id);
        if (!doc) return; // removed meanwhile (the regrade row went with it)
        const version = doc.key_version;
        const documentBytes = await loadHar(deps, doc.storage_key);
        // A part-writing document (issue 27) grades by its rule settings: the student's voices against the current version.
        const partWriting = isPartWritingHar(documentBytes) ? readPartWritingDocument(documentBytes) : undefined;
        const exercise = partWriting ? undefined : await deps.cpu.run('readHar', [documentBytes], { signal: context.signal });
        const settings = gradingSettings(doc);
        const ids = await repo.submissionIdsOf(db, doc.id);
        await repo.updateRegrade(db, regradeId, { status: 'RUNNING', key_version: version, total: ids.length, done: 0 });
        let done = 0;
        for (const id of ids) {
          if (context.signal.aborted) throw context.signal.reason;
          const row = await repo.submissionForRegrade(db, id);
          if (row && row.key_version !== version) {
            let result: ReturnType<typeof gradeSubmission> | undefined;
            try {
              const handIn = await loadHar(deps, row.har_key);
              if (partWriting) result = regradePartWriting(partWriting, handIn);
              // Only the answers of a hand-in are read (decision 032), whatever score it carries.
              else if (exercise) result = gradeSubmission(exercise, { ...readHandIn(handIn), score: exercise.score }, settings);
            } catch (error) {
              // An unreadable hand-in keeps its grade and stays counted as graded by the old key.
              context.log.warn({ submissionId: id, err: error }, 'regrade: submission unreadable');
            }
            if (result) {
              const graded = result;
              const written = await db.transaction().execute(async (trx) => {
                const written = await repo.writeRegradedSubmission(trx, id, row.key_version, {
                  points: graded.points,
                  max_points: graded.max_points,
                  percent: graded.percent,
                  grade: graded.grade,
                  result_json: JSON.stringify(graded),
                  key_version: version,
                });
                if (!written) return false;
                if (graded.points !== row.points || graded.max_points !== row.max_points || graded.grade !== row.grade) {
                  await repo.insertGradeChange(trx, {
                    document_id: doc.id,
                    regrade_id: regradeId,
                    submission_id: id,
                    student_id: row.student_id,
                    changed_by: regrade.requested_by,
                    changed_at: clock.now(),
                    key_version: version,
                    old_points: row.points,
                    old_max_points: row.max_points,
                    old_percent: row.percent,
                    old_grade: row.grade,
                    new_points: graded.points,
                    new_max_points: graded.max_points,
                    new_percent: graded.percent,
                    new_grade: graded.grade,
                  });
                }
                await collaborators.gradeBook.refreshBestSubmissions(trx, [{ studentId: row.student_id, documentId: doc.id }]);
                return true;
              });
              // The old grade's reports are no one's now (the row forgot them above): they go, not to wait for the submission's removal.
              if (written)
                await collaborators.submissions.forgetReplacedReports(row).catch((error: unknown) => {
                  context.log.warn({ submissionId: id, err: error }, 'regrade: old grade reports not removed');
                });
            }
          }
          done += 1;
          await repo.updateRegrade(db, regradeId, { done });
        }
        await repo.updateRegrade(db, regradeId, {
          status: 'DONE',
          changed: await repo.countGradeChanges(db, regradeId),
          finished_at: clock.now(),
        });
      } catch (error) {
        const handedBack = error instanceof JobStoppedError || error instanceof JobLeaseLostError;
        if (!handedBack && context.attempt >= MAX_ATTEMPTS) {
          await repo.updateRegrade(db, regradeId, {
            status: 'FAILED',
            error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
            changed: await repo.countGradeChanges(db, regradeId),
            finished_at: clock.now(),
          });
        }
        throw error;
      }
    },
    { timeLimitMs: 30 * 60_000, maxAttempts: MAX_ATTEMPTS },
  );
}
