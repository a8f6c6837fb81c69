import { Readable } from 'node:stream';
import { readHar } from '@app/har/format';
import type { GradeResult, Reveal } from '@app/har/grade';
import { gradeReportHtml, type ReportLanguage } from '@app/har/report';
import { renderSubmissionImage } from '@app/har/submission-image';
import type { Deps } from '../../deps.ts';
import { loadHar } from '../../documents/har-files.ts';
import { findForRender, setRendered } from './repository.ts';

export const RENDER_JOB = 'submission-render';
type RenderPayload = { submissionId: number };

/**
 * Draws a graded submission: the score with the student's labels coloured right or
 * wrong, and the self-contained HTML grade report; and the same without what a
 * student may not see before the answers are shown (DESIGN §8). Safe to repeat.
 */
export function registerRenderJob(deps: Deps) {
  deps.jobs.register<RenderPayload>(
    RENDER_JOB,
    async ({ submissionId }, context) => {
      const row = await findForRender(deps.db, submissionId);
      if (!row) return; // removed meanwhile
      const result = JSON.parse(row.result_json) as GradeResult;
      const folder = `submissions/${row.file_key}`;
      const score = await loadHar(deps, row.har_key)
        .then((bytes) => readHar(bytes).score)
        .catch((error: unknown) => {
          context.log.warn({ submissionId, err: error }, 'submission file unreadable');
          return undefined;
        });
      // Teachers (and students once answers are shown) see everything; before that a
      // student sees right and wrong on practice work and only their answers otherwise.
      const studentReveal: Reveal = row.practice === 1 ? 'marks' : 'none';
      const draw = async (reveal: Reveal, prefix: string) => {
        let pngKey: string | null = `${folder}/${prefix}image.png`;
        try {
          if (score === undefined) throw new Error('The submission file could not be read.');
          const { png } = await renderSubmissionImage(score, result, reveal);
          await deps.storage.put(pngKey, Readable.from(Buffer.from(png)), { contentType: 'image/png' });
        } catch (error) {
          // The report still tells the student everything; only the picture is missing.
          context.log.warn({ submissionId, err: error }, 'submission image failed');
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
    { timeLimitMs: 60_000, maxAttempts: 3 },
  );
}
