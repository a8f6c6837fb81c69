import type { Deps } from '../../deps.ts';
import type { Drawings } from './drawings.ts';

/** The job that drew every submission at hand-in until issue 29; hand-ins no longer queue it. */
export const RENDER_JOB = 'submission-render';
type RenderPayload = { submissionId: number };

/**
 * Submissions are drawn when first viewed (drawings.ts, issue 29). The job stays for what was
 * queued before that (a hand-in or regrade of an older version still in the table when it is
 * upgraded): it draws both variants the same way, into the same cache. Safe to repeat.
 */
export function registerRenderJob(deps: Deps, drawings: Drawings) {
  deps.jobs.register<RenderPayload>(
    RENDER_JOB,
    async ({ submissionId }, context) => {
      const warn = (err: unknown) => context.log.warn({ submissionId, err }, 'submission image failed');
      await drawings.draw(submissionId, 'full', { warn, signal: context.signal });
      await drawings.draw(submissionId, 'student', { warn, signal: context.signal });
    },
    // Above two drawings at the CPU pool's limit: a drawing stopped there fails the image, not the job.
    { timeLimitMs: 2 * deps.config.cpu.taskSeconds * 1000 + 30_000, maxAttempts: 3 },
  );
}
