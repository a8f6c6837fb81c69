import type { LmsRosterSyncFailure } from '@app/contract/lti';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { type JobContext, JobLeaseLostError, JobStoppedError } from '../../jobs/job-queue.ts';
import * as repo from './repository.ts';

/** "Sync from LMS" (issue 28, Names and Role Provisioning) as a job: the People page follows its row. */
export const ROSTER_SYNC_JOB = 'lti-roster-sync';
export type RosterSyncPayload = { syncId: number };

/** A roster of 200 pages at the platform's slowest still ends within this. */
const TIME_LIMIT_MS = 15 * 60_000;
/** An unexpected failure (the database away) is tried once more; the LMS's refusals are final at once. */
const MAX_ATTEMPTS = 2;
const RETRY_SECONDS = 15;

/** What a refusal of the sync means to the instructor (the contract's LmsRosterSyncFailure); undefined for an unexpected error. */
function failureOf(error: unknown): LmsRosterSyncFailure | undefined {
  if (!(error instanceof AppError)) return undefined;
  if (error.status === 409) return 'not_linked';
  if (error.status === 502) return 'unreachable';
  return 'failed';
}

/**
 * Registers the job: `sync` reads the roster and writes the members, and the sync's counts with
 * status DONE in its transaction (so a second run of a finished sync changes nothing). Before it the
 * row is RUNNING; a refusal (no roster any more, the LMS unreachable) is FAILED at once with its
 * reason, an unexpected error after the last attempt.
 */
export function registerRosterSyncJob(deps: Deps, sync: (row: repo.RosterSyncRow, context: JobContext) => Promise<void>): void {
  const { db, clock } = deps;
  deps.jobs.register<RosterSyncPayload>(
    ROSTER_SYNC_JOB,
    async ({ syncId }, context) => {
      const row = await repo.findRosterSync(db, syncId);
      if (!row || row.status === 'DONE' || row.status === 'FAILED') return;
      await repo.updateRosterSync(db, syncId, { status: 'RUNNING' });
      try {
        await sync(row, context);
      } catch (error) {
        if (error instanceof JobStoppedError || error instanceof JobLeaseLostError) throw error;
        const failure = failureOf(error);
        if (failure || context.attempt >= MAX_ATTEMPTS)
          await repo.updateRosterSync(db, syncId, { status: 'FAILED', error: failure ?? 'failed', finished_at: clock.now() });
        if (failure) {
          context.log.info({ syncId, failure }, 'LTI roster sync refused');
          return;
        }
        throw error;
      }
    },
    { timeLimitMs: TIME_LIMIT_MS, maxAttempts: MAX_ATTEMPTS, retryDelaySeconds: RETRY_SECONDS },
  );
}
