import { Readable } from 'node:stream';
import { readHar } from '@app/har/format';
import type { GradeResult } from '@app/har/grade';
import { gradeReportHtml, type ReportLanguage } from '@app/har/report';
import { renderSubmissionImage } from '@app/har/submission-image';
import type { Deps } from '../../deps.ts';
import { loadHar } from '../assignments/har-files.ts';
import { setRendered } from './repository.ts';

export const RENDER_JOB = 'submission-render';
type RenderPayload = { submissionId: number };

/**
 * Draws a graded submission: the score with the student's labels coloured right or
 * wrong, and the self-contained HTML grade report. Safe to repeat.
 */
export function registerRenderJob(deps: Deps) {
  deps.jobs.register<RenderPayload>(
    RENDER_JOB,
    async ({ submissionId }, context) => {
      const row = await deps.db
        .selectFrom('submissions as s')
        .innerJoin('documents as d', 'd.id', 's.document_id')
        .innerJoin('users as u', 'u.id', 's.student_id')
        .innerJoin('timezones as tz', 'tz.id', 'u.timezone_id')
        .select([
          's.har_key',
          's.file_key',
          's.result_json',
          's.submit_time',
          'd.title',
          'u.first_name',
          'u.last_name',
          'u.language',
          'tz.name as time_zone',
        ])
        .where('s.id', '=', submissionId)
        .executeTakeFirst();
      if (!row) return; // removed meanwhile
      const result = JSON.parse(row.result_json) as GradeResult;
      const folder = `submissions/${row.file_key}`;
      let pngKey: string | null = `${folder}/image.png`;
      try {
        const submission = readHar(await loadHar(deps, row.har_key));
        const { png } = await renderSubmissionImage(submission.score, result);
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
      });
      const reportKey = `${folder}/report.html`;
      await deps.storage.put(reportKey, Readable.from(Buffer.from(html, 'utf8')), { contentType: 'text/html; charset=utf-8' });
      await setRendered(deps.db, submissionId, { png_key: pngKey, report_key: reportKey, render_status: pngKey ? 'READY' : 'FAILED' });
    },
    { timeLimitMs: 60_000, maxAttempts: 3 },
  );
}
