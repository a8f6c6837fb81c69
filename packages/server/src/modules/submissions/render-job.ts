import { Readable } from 'node:stream';
import type { GradeResult, Reveal } from '@app/har/grade';
import { isPartWritingResult } from '@app/har/part-writing/hand-in';
import { gradeReportHtml, type ReportLanguage } from '@app/har/report';
import type { Deps } from '../../deps.ts';
import { loadHar } from '../../documents/har-files.ts';
import { renderPartWritingSubmission } from '../../documents/part-writing-files.ts';
import { CpuTaskError } from '../../lib/cpu-pool.ts';
import { findForRender, setRendered } from './repository.ts';

export const RENDER_JOB = 'submission-render';
type RenderPayload = { submissionId: number };

/**
 * Draws a graded submission: the score with the student's labels coloured right or
 * wrong, and the self-contained HTML grade report; and the same without what a
 * student may not see before the answers are shown (DESIGN §8). Safe to repeat.
 * The score is the document's own (a hand-in is answers, decision 032), read and drawn
 * in the CPU pool: a drawing stopped at its time limit leaves the image FAILED and is
 * not tried again.
 */
export function registerRenderJob(deps: Deps) {
  deps.jobs.register<RenderPayload>(
    RENDER_JOB,
    async ({ submissionId }, context) => {
      const row = await findForRender(deps.db, submissionId);
      if (!row) return; // removed meanwhile
      const result = JSON.parse(row.result_json) as GradeResult;
      if (isPartWritingResult(result)) {
        const warn = (err: unknown) => context.log.warn({ submissionId, err }, 'submission image failed');
        await setRendered(deps.db, submissionId, await renderPartWritingSubmission(deps, row, result, context.signal, warn));
        return;
      }
      const folder = `submissions/${row.file_key}`;
      const { signal } = context;
      let score = await loadHar(deps, row.document_storage_key)
        .then((bytes) => deps.cpu.run('readHar', [bytes], { signal }))
        .then((doc) => doc.score)
        .catch((error: unknown) => {
          if (signal.aborted) throw error;
          context.log.warn({ submissionId, err: error }, 'document file unreadable');
          return undefined;
        });
      // Teachers (and students once answers are shown) see everything; before that a
      // student sees right and wrong on practice work and only their answers otherwise.
      const studentReveal: Reveal = row.practice === 1 ? 'marks' : 'none';
      // The report names measures as the score prints them ('0', '7a'); without the score, the items' own numbers.
      const positions =
        score === undefined
          ? undefined
          : await deps.cpu.run('shownPositions', [score, result.items], { signal }).catch((error: unknown) => {
              if (signal.aborted) throw error;
              return undefined;
            });
      const draw = async (reveal: Reveal, prefix: string) => {
        let pngKey: string | null = `${folder}/${prefix}image.png`;
        try {
          if (score === undefined) throw new Error('The document file could not be read.');
          const png = await deps.cpu.run('renderSubmissionImage', [score, { items: result.items }, reveal], { signal });
          await deps.storage.put(pngKey, Readable.from(Buffer.from(png)), { contentType: 'image/png' });
        } catch (error) {
          // Stopped or timed out as a job: it goes back to the queue (or fails) as itself.
          if (signal.aborted) throw error;
          // The report still tells the student everything; only the picture is missing.
          context.log.warn({ submissionId, err: error }, 'submission image failed');
          // A score too slow to draw once is not drawn a second time for the other reader.
          if (error instanceof CpuTaskError) score = undefined;
          pngKey = null;
        }
        const html = gradeReportHtml({
          title: row.title,
          studentName: `${row.first_name} ${row.last_name}`,
          submittedAt: row.submit_time,
          result,
          language: row.language as ReportLanguage,
          timeZone: row.time_zone,
          reveal,
          positions,
        });
        const reportKey = `${folder}/${prefix}report.html`;
        await deps.storage.put(reportKey, Readable.from(Buffer.from(html, 'utf8')), { contentType: 'text/html; charset=utf-8' });
        return { pngKey, reportKey };
      };
      const full = await draw('full', '');
      const student = await draw(studentReveal, 'student-');
      await setRendered(deps.db, submissionId, {
        png_key: full.pngKey,
        report_key: full.reportKey,
        student_png_key: student.pngKey,
        student_report_key: student.reportKey,
        render_status: full.pngKey && student.pngKey ? 'READY' : 'FAILED',
      });
    },
    // Above two drawings at the CPU pool's limit: a drawing stopped there fails the image, not the job.
    { timeLimitMs: 2 * deps.config.cpu.taskSeconds * 1000 + 30_000, maxAttempts: 3 },
  );
}
