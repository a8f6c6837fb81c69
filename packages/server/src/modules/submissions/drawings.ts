import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { GradeResult, Reveal } from '@app/har/grade';
import { isPartWritingResult, type PartWritingResult } from '@app/har/part-writing/hand-in';
import { partWritingReportHtml } from '@app/har/part-writing/report';
import { gradeReportHtml, type ReportLanguage } from '@app/har/report';
import type { Deps } from '../../deps.ts';
import type { ExerciseCache } from '../../documents/exercise-cache.ts';
import { studentReveal } from './policy.ts';
import { type DrawingRow, findForDrawing, forgetOlderDrawings, setDrawn } from './repository.ts';

/**
 * Bump when a submission image is drawn differently (renderSubmissionImage, renderPreview of a
 * part-writing score, Verovio's options): images cached under the old version are drawn again.
 */
export const DRAWING_VERSION = 4; // 3: labels kept apart (QA2-4); 4: labels on one note joined by ' · ', not ' / ' (issue 38)

/**
 * The images a student's submissions of one document may name at once (issue 40): each distinct
 * set of answers is a picture of the whole score (a few MB at the largest), and a practice
 * document takes any number of hand-ins. Older submissions' images are forgotten, and drawn again
 * if viewed again.
 */
export const DRAWINGS_KEPT = 10;

/** Which of a submission's two drawings: everything (teachers; students once answers are shown), or the student's variant before that. */
export type DrawingVariant = 'full' | 'student';

export type Drawn = { pngKey: string | null; reportKey: string; status: 'READY' | 'FAILED' };

/** Cached submission images live here, named by the hash of what they show; rows name them in png_key / student_png_key. */
export const RENDERS_FOLDER = 'renders';

/** A storage key of a cached image shared between submissions: never deleted with one of them (the orphan sweep removes it once no row names it). */
export const isSharedDrawing = (key: string) => key.startsWith(`${RENDERS_FOLDER}/`);

/**
 * A submission's grade report of one variant, named by the grade's key version: a view of the grade
 * before a regrade never overwrites the report after it. A student's variant that shows other than
 * its default (findings at hand-in, issue 35) or says when the findings are shown carries that in
 * its name (`tag`), so a changed setting or due date draws it again instead of showing the old one.
 */
export const gradeReportKey = (fileKey: string, variant: DrawingVariant, keyVersion: number, tag = '') =>
  `submissions/${fileKey}/${variant === 'full' ? '' : 'student-'}report-v${keyVersion}${tag}.html`;

/** The name tag of a student's report (gradeReportKey): empty for what it always showed, else what it shows and when the rest is shown. */
export function studentReportTag(practice: boolean, reveal: Reveal, detailsShownAt: number | null | undefined): string {
  const usual = reveal === studentReveal(practice, false);
  if (usual && detailsShownAt === undefined) return '';
  return `-${reveal}${detailsShownAt === undefined ? '' : `-${detailsShownAt ?? 'never'}`}`;
}

const digest = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 40);

/**
 * The cache name of a submission image: the score it is drawn on (the document's content_hash,
 * the hash of its score, which a new key version keeps), what is drawn of each item (its place,
 * the answer and, unless the labels are plain, whether it was right) and the drawing version.
 * What shows the same — an item a regrade did not change, two students who wrote the same —
 * shares one image. 'marks' and 'full' draw the same picture (only 'none' is plain), so they
 * share it too.
 */
export function submissionImageKey(scoreHash: string, result: Pick<GradeResult, 'items' | 'key'>, reveal: Reveal): string {
  const plain = reveal === 'none';
  const items = result.items.map((item) => [item.measure, item.beat, item.answer, plain ? null : item.correct]);
  // The opening key starts the first label (decision 031): two keys draw two pictures.
  return `${RENDERS_FOLDER}/${digest([DRAWING_VERSION, 'analysis', scoreHash, plain ? 'plain' : 'marked', result.key ?? null, items])}.png`;
}

/**
 * Submission images and grade reports drawn when first asked for (issue 29), not at hand-in: the
 * grade, best_submissions and the grade book never needed them, and most are never opened. Each
 * variant is drawn at most once per process at a time (concurrent first views wait for the same
 * drawing; two instances may both draw an image, and write the same bytes under the same name).
 * Images are cached in storage under `renders/<hash>.png` (submissionImageKey) and found again
 * there by any submission that shows the same; reports are per submission
 * (`submissions/<file_key>/[student-]report.html`). The drawings run in the CPU pool's background
 * lane (decision 040): at a deadline the hand-ins' own tasks go first, and a view waits for them.
 */
export function createDrawings(deps: Pick<Deps, 'db' | 'storage' | 'cpu'>, exercises: ExerciseCache) {
  const running = new Map<string, Promise<unknown>>();
  /** One run of `work` per name at a time in this process; later callers share it. */
  function once<T>(name: string, work: () => Promise<T>): Promise<T> {
    const current = running.get(name);
    if (current) return current as Promise<T>;
    const started = work().finally(() => running.delete(name));
    running.set(name, started);
    return started;
  }

  /** The stored image at `key`, drawn by `draw` and stored first if it is not there yet; null when it cannot be drawn. */
  async function cachedImage(key: string, draw: () => Promise<Uint8Array>, warn: (error: unknown) => void, signal?: AbortSignal) {
    return once(key, async () => {
      if (await deps.storage.stat(key)) return key;
      try {
        const png = await draw();
        await deps.storage.put(key, Readable.from(Buffer.from(png)), { contentType: 'image/png' });
        return key;
      } catch (error) {
        if (signal?.aborted) throw error;
        // The report still tells the student everything; only the picture is missing.
        warn(error);
        return null;
      }
    });
  }

  async function putReport(key: string, html: string) {
    await deps.storage.put(key, Readable.from(Buffer.from(html, 'utf8')), { contentType: 'text/html; charset=utf-8' });
    return key;
  }

  /** An analysis submission: the document's score with the student's labels, and the grade report. */
  async function drawAnalysis(
    row: DrawingRow,
    result: GradeResult,
    reveal: Reveal,
    withImage: boolean,
    warn: (e: unknown) => void,
    signal?: AbortSignal,
  ) {
    let score: Promise<string | undefined> | undefined;
    const scoreOnce = () => {
      score ??= exercises
        .read(row.document_storage_key)
        .then((read) => {
          if (read.kind !== 'har') throw new Error('The document is not an analysis exercise.');
          return read.doc.score;
        })
        .catch((error: unknown) => {
          if (signal?.aborted) throw error;
          warn(error);
          return undefined;
        });
      return score;
    };
    const pngKey = withImage
      ? await cachedImage(
          submissionImageKey(row.content_hash, result, reveal),
          async () => {
            const musicxml = await scoreOnce();
            if (musicxml === undefined) throw new Error('The document file could not be read.');
            // The items and the opening key, which the image names at its first label (decision 031); the rest stays here.
            const labelled: Pick<GradeResult, 'items' | 'key'> = { items: result.items, key: result.key };
            return deps.cpu.run('renderSubmissionImage', [musicxml, labelled, reveal], { signal });
          },
          warn,
          signal,
        )
      : null;
    // The report names measures as the score prints them ('0', '7a'); without the score, the items' own numbers.
    const musicxml = await scoreOnce();
    const positions =
      musicxml === undefined
        ? undefined
        : await deps.cpu.run('shownPositions', [musicxml, result.items], { signal }).catch((error: unknown) => {
            if (signal?.aborted) throw error;
            return undefined;
          });
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
    return { pngKey, html };
  }

  /** A part-writing submission (issue 27): the score with the student's voices (the same for every reader), and the report of the findings. */
  async function drawPartWriting(
    row: DrawingRow,
    result: PartWritingResult,
    reveal: Reveal,
    withImage: boolean,
    warn: (e: unknown) => void,
    signal?: AbortSignal,
    detailsShownAt?: number | null,
  ) {
    // The exercise as the document's file gives it (read once per process, documents/exercise-cache.ts) and the
    // voices the grade's answers hold: nothing of the submission is read from storage, and the score is
    // written and drawn in the CPU pool. Keyed by the score and the voices, as an analysis image is by its labels.
    const answers = result.items.map(({ id, answer }) => ({ id, answer }));
    const pngKey = withImage
      ? await cachedImage(
          `${RENDERS_FOLDER}/${digest([DRAWING_VERSION, 'part-writing', row.content_hash, answers.map((a) => a.answer)])}.png`,
          async () => {
            const read = await exercises.read(row.document_storage_key);
            if (read.kind !== 'part-writing') throw new Error('The document is not a part-writing exercise.');
            const { manifest, score, exercise } = read.doc;
            return deps.cpu.run('renderPartWritingSubmission', [{ manifest, score, exercise }, answers], { signal });
          },
          warn,
          signal,
        )
      : null;
    const html = partWritingReportHtml({
      title: row.title,
      studentName: `${row.first_name} ${row.last_name}`,
      submittedAt: row.submit_time,
      result,
      language: row.language as ReportLanguage,
      timeZone: row.time_zone,
      reveal,
      ...(detailsShownAt === undefined ? {} : { detailsShownAt }),
    });
    return { pngKey, html };
  }

  /**
   * The image and report of one variant of a submission, drawn now if they are not yet (or no
   * longer: a regrade forgets them). A row that already names them is answered from it (a cached
   * image is checked to be still stored). An image that failed once (too slow, unreadable) is not
   * tried again for the other variant or the next view — a score too slow to draw once is not drawn
   * a second time; the report is always made. Undefined when the submission is gone. Given the row
   * (findForDrawing's) instead of the id, it reads nothing more of the submission. The student's
   * variant shows what `reveal` says (its default: marks on practice work only) and says when the
   * findings are shown (`detailsShownAt`, issue 35); a stored report that says otherwise is drawn again.
   */
  async function draw(
    submission: number | DrawingRow,
    variant: DrawingVariant,
    options: { warn?: (error: unknown) => void; signal?: AbortSignal; reveal?: Reveal; detailsShownAt?: number | null } = {},
    tries = 3,
  ): Promise<Drawn | undefined> {
    // A caller that has read the row already (the file-urls request) passes it: one read of the submission.
    const row = typeof submission === 'number' ? await findForDrawing(deps.db, submission) : submission;
    if (!row) return undefined;
    const submissionId = row.id;
    const stored =
      variant === 'full' ? { png: row.png_key, report: row.report_key } : { png: row.student_png_key, report: row.student_report_key };
    const failedBefore = row.render_status === 'FAILED';
    // The full variant shows everything; the student's, before the answers are shown (DESIGN §8), marks on practice work
    // (and on formal work whose findings are shown at hand-in, which the caller says) and when the rest is shown.
    const reveal = variant === 'full' ? 'full' : (options.reveal ?? studentReveal(row.practice === 1, false));
    const detailsShownAt = variant === 'full' ? undefined : options.detailsShownAt;
    const tag = variant === 'full' ? '' : studentReportTag(row.practice === 1, reveal, detailsShownAt);
    const reportName = gradeReportKey(row.file_key, variant, row.key_version, tag);
    const current = variant === 'full' || stored.report === reportName;
    if (stored.report !== null && current && (stored.png !== null || failedBefore)) {
      if (stored.png === null || !isSharedDrawing(stored.png) || (await deps.storage.stat(stored.png)))
        return { pngKey: stored.png, reportKey: stored.report, status: stored.png === null ? 'FAILED' : 'READY' };
    }
    const drawnNow = await once(`${submissionId}:${variant}:${row.key_version}${tag}`, async () => {
      const warn = options.warn ?? (() => {});
      const result = JSON.parse(row.result_json) as GradeResult;
      const withImage = !failedBefore || stored.png !== null;
      const drawn = isPartWritingResult(result)
        ? await drawPartWriting(row, result, reveal, withImage, warn, options.signal, detailsShownAt)
        : await drawAnalysis(row, result, reveal, withImage, warn, options.signal);
      const reportKey = await putReport(reportName, drawn.html);
      const status = drawn.pngKey === null ? 'FAILED' : failedBefore ? 'FAILED' : 'READY';
      // Written only while the grade is the one drawn: a regrade meanwhile forgets the drawings, and the next view draws its own.
      const written = await setDrawn(
        deps.db,
        submissionId,
        row.key_version,
        variant === 'full'
          ? { png_key: drawn.pngKey, report_key: reportKey, render_status: status }
          : { student_png_key: drawn.pngKey, student_report_key: reportKey, render_status: status },
      );
      if (!written) {
        // The grade drawn was replaced (or the submission removed) meanwhile: no row names this report
        // or ever will (the row's reports are of its own key version), so it goes now.
        await deps.storage.delete(reportKey);
        return 'superseded' as const;
      }
      // The report this one replaced (another reveal, or another date said) is no one's now.
      if (stored.report !== null && stored.report !== reportKey) await deps.storage.delete(stored.report).catch(warn);
      // At most DRAWINGS_KEPT images per student and document (issue 40): a practice document takes
      // any number of hand-ins, each a full-score picture; the oldest submissions' are forgotten.
      if (drawn.pngKey !== null) {
        await forgetOlderDrawings(
          deps.db,
          { studentId: row.student_id, documentId: row.document_id, current: submissionId },
          DRAWINGS_KEPT,
        );
      }
      return { pngKey: drawn.pngKey, reportKey, status: drawn.pngKey === null ? 'FAILED' : 'READY' } satisfies Drawn;
    });
    if (drawnNow !== 'superseded') return drawnNow;
    // Drawn again from the row as it is now: the new grade's drawings.
    if (tries <= 1) throw new Error(`Submission ${submissionId} kept being regraded while it was drawn.`);
    return draw(submissionId, variant, options, tries - 1);
  }

  /**
   * Removes a submission's grade reports of a key version a regrade has replaced (issue 29). The
   * regrade forgot them in its transaction, a late drawing of that grade removes its own (draw), and
   * reports are per submission, never shared; images are in `renders/`, which the orphan sweep takes.
   */
  async function forgetReports(fileKey: string, keyVersion: number, studentReport?: string | null) {
    const keys = (['full', 'student'] as const).map((variant) => gradeReportKey(fileKey, variant, keyVersion));
    // A student's report named by what it showed (studentReportTag), as the row named it before the regrade.
    if (studentReport && !keys.includes(studentReport)) keys.push(studentReport);
    await Promise.all(keys.map((key) => deps.storage.delete(key)));
  }

  return { draw, forgetReports };
}

export type Drawings = ReturnType<typeof createDrawings>;
