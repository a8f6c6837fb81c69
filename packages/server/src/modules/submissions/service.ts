import { Readable } from 'node:stream';
import type { ShowAnswers, ShowFindings } from '@app/contract/assignments';
import { type PointsOff as PointsOffShape, type Submission, type SubmissionFileUrls, SubmissionMessages } from '@app/contract/submissions';
import { type AnswerEntry, WorkspaceMessages, type WorkspaceSubmission } from '@app/contract/workspace';
import { exerciseItems, type HarDocument, readHandIn, type SubmissionAnswers, submissionOf, writeSubmissionHar } from '@app/har/format';
import { type GradeResult, gradeSubmission, type Reveal, revealedItems } from '@app/har/grade';
import { HarError } from '@app/har/har-error';
import { type PointsOff, pointsOff } from '@app/har/part-writing/grade';
import { isPartWritingResult } from '@app/har/part-writing/hand-in';
import { meetsNeed, requireNeed } from '../../access/course-access.ts';
import { type Db, durableTransaction } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { createExerciseCache } from '../../documents/exercise-cache.ts';
import { jobStatus } from '../../documents/har-files.ts';
import { gradePartWritingHandIn } from '../../documents/part-writing-files.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { newKey } from '../../lib/random.ts';
import type { AssignmentsService } from '../assignments/service.ts';
import { gradingSettings } from '../courses/grading-settings.ts';
import type { CoursesService } from '../courses/service.ts';
import type { GradeBookService } from '../gradebook/service.ts';
import { draftChanged, staleDraft } from '../workspace/draft-conflict.ts';
import { createDrawings, type DrawingVariant } from './drawings.ts';
import { answersShown, findingsAtHandIn, findingsShownAt, studentReveal, submissionRefusal, gradeWithheld as withheld } from './policy.ts';
import { presentSubmission } from './present.ts';
import { registerRenderJob } from './render-job.ts';
import * as repo from './repository.ts';

const URL_SECONDS = 600;

export type SubmissionsService = ReturnType<typeof createSubmissionsService>;

/** What is handed in: a .har file read from the request, or the answers typed in the workspace. */
export type HandIn =
  | { kind: 'file'; read: () => Promise<{ filename: string; bytes: Buffer } | undefined> }
  | { kind: 'answers'; answers: AnswerEntry[]; base?: number };

/**
 * A student's own list: while a grade is withheld its hidden points must not show
 * through order or through which submission counts as best, so those documents are
 * ordered by time and their latest submission stands for them (issue 16, item 4).
 */
function ownListOrder(rows: repo.SubmissionRow[], best: boolean, now: number): repo.SubmissionRow[] {
  const byTime = [...rows].sort((a, b) => b.submit_time - a.submit_time || b.id - a.id);
  if (!best) return byTime;
  const chosen = new Map<number, repo.SubmissionRow>();
  for (const row of byTime) {
    const current = chosen.get(row.document_id);
    if (!current) chosen.set(row.document_id, row);
    else if (!withheld(row, now) && row.points > current.points) chosen.set(row.document_id, row);
  }
  return byTime.filter((row) => chosen.get(row.document_id) === row);
}

/** What a part-writing grade took off, as the API says it (issue 35): counts and points only. */
const presentPointsOff = (off: PointsOff): PointsOffShape => ({
  findings: off.findings,
  finding_points: off.findingPoints,
  unfinished: off.unfinished,
  unfinished_points: off.unfinishedPoints,
});

/** Work handed in: the submission rules, server-side grading, grade books and grade privacy. */
export function createSubmissionsService(
  deps: Deps,
  collaborators: { courses: CoursesService; gradeBook: GradeBookService; assignments: AssignmentsService },
) {
  const { db, clock, storage } = deps;
  const { courses, gradeBook, assignments } = collaborators;
  // Parsed exercises by file version, shared by hand-ins and first views (issue 29).
  const exercises = createExerciseCache(deps);
  const drawings = createDrawings(deps, exercises);
  registerRenderJob(deps, drawings);

  async function teacherOrSelf(actor: Actor, courseId: number, notFound?: string) {
    const { access, row } = await courses.requireCourseAccess(actor, courseId, { need: 'member', ...(notFound ? { notFound } : {}) });
    return { role: access.role, course: row };
  }

  async function list(actor: Actor, filter: repo.SubmissionFilter & { courseId: number }) {
    const { role } = await teacherOrSelf(actor, filter.courseId);
    const student = meetsNeed(role, 'study');
    if (student && filter.studentId !== undefined && filter.studentId !== actor.user.id)
      throw AppError.notFound(SubmissionMessages.notFound);
    const now = clock.now();
    if (!student) return (await repo.listSubmissions(db, filter)).map((r) => presentSubmission(r, false, now));
    const rows = await repo.listSubmissions(db, { ...filter, studentId: actor.user.id, best: false });
    return ownListOrder(rows, filter.best === true, now).map((r) => presentSubmission(r, true, now));
  }

  /**
   * The submission .har and its bytes, from a file or from answers typed in the workspace. A hand-in
   * is answers (decision 032): a file's score is never read, and what is stored, graded and drawn is
   * the document's own score with the student's answers, the same .har either way.
   */
  async function handedIn(
    input: HandIn,
    exercise: HarDocument,
    doc: { storage_key: string; doc_key: string },
  ): Promise<{ submission: HarDocument; bytes: Buffer }> {
    const docKey = doc.doc_key;
    let answers: SubmissionAnswers;
    if (input.kind === 'answers') {
      const known = new Set(exerciseItems(exercise).map((item) => item.id));
      if (input.answers.some((entry) => !known.has(entry.id))) throw AppError.badRequest('answers', WorkspaceMessages.unknownItem);
      answers = { items: input.answers.map((entry) => ({ id: entry.id, answer: entry.answer.trim() })) };
    } else {
      const file = await input.read();
      if (!file) throw AppError.badRequest('file', SubmissionMessages.noFile);
      let handIn: ReturnType<typeof readHandIn>;
      try {
        handIn = readHandIn(new Uint8Array(file.bytes));
      } catch (error) {
        if (error instanceof HarError) throw AppError.fromHar(error, 'file', { fileName: file.filename });
        throw error;
      }
      if (handIn.manifest.kind !== 'submission' || !handIn.answers) throw AppError.badRequest('file', SubmissionMessages.notSubmission);
      if (handIn.manifest.document_key !== docKey) throw AppError.badRequest('file', SubmissionMessages.wrongDocument);
      answers = handIn.answers;
    }
    const submission = submissionOf({ ...exercise, manifest: { ...exercise.manifest, document_key: docKey } }, answers);
    // The document's manifest and score were checked and deflated once (issue 29); only the answers are added here.
    const head = await exercises.submissionHead(doc.storage_key, docKey, exercise);
    const bytes = writeSubmissionHar(head, answers);
    return { submission, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
  }

  /**
   * The grade, or a 409 with @app/har's coded sentence when the document itself cannot be graded
   * (an exercise uploaded without key.json, e.g. a student copy: 'This exercise has no answer key,
   * so it cannot be graded.'): the student's hand-in is not at fault, and it is not a 500 (QA2).
   */
  function gradedOrRefused(grade: () => GradeResult): GradeResult {
    try {
      return grade();
    } catch (error) {
      if (!(error instanceof HarError)) throw error;
      throw AppError.harConflict(error);
    }
  }

  /** A submission the actor may see, read by `find`: their own, or any in a course they teach. 404 otherwise. */
  async function loadVisible<R extends { course_id: number; student_id: number }>(
    actor: Actor,
    id: number,
    find: (db: Db, id: number) => Promise<R | undefined>,
  ) {
    const row = await find(db, id);
    if (!row) throw AppError.notFound(SubmissionMessages.notFound);
    const { role } = await teacherOrSelf(actor, row.course_id, SubmissionMessages.notFound);
    if (meetsNeed(role, 'study') && row.student_id !== actor.user.id) throw AppError.notFound(SubmissionMessages.notFound);
    return { row, role };
  }

  return {
    /**
     * Grades a student's .har for a document under the rules of issue 6: released set,
     * due date or extension (practice documents take work after it), one formal
     * submission unless multiple are allowed, matching document_key, time limit.
     */
    async submit(actor: Actor, documentId: number, input: HandIn): Promise<Submission> {
      const doc = await assignments.findDocument(documentId);
      if (!doc) throw AppError.notFound(SubmissionMessages.notFound);
      const { row: course } = await courses.requireCourseAccess(actor, doc.course_id, {
        need: 'study',
        forbidden: SubmissionMessages.onlyStudents,
        notFound: SubmissionMessages.notFound,
      });
      const now = clock.now();
      // The student's extension, formal submissions and first opening, in one round trip (issue 29).
      const state = await repo.handInState(db, { documentId, setId: doc.assignment_set_id, studentId: actor.user.id });
      const extensionDueAt = state.extensionDueAt;
      // What the workspace does not show takes no work (unreleased, or hidden after its due date).
      if (!assignments.studentSees(doc, extensionDueAt, now)) throw AppError.notFound(SubmissionMessages.notFound);
      const refusal = submissionRefusal(doc, { extensionDueAt, formalCount: state.formalCount, startedAt: state.startedAt, now });
      if (refusal) throw new AppError('conflict', refusal.message, refusal.status);
      // Answers from a copy that has not seen the draft another copy saved since are not handed in
      // as they are: the browser merges that draft first (decision 046). No base: as they are.
      if (input.kind === 'answers') {
        const stale = await staleDraft(db, documentId, actor.user.id, input.base);
        if (stale) throw draftChanged(stale);
      }
      const practice = doc.practice === 1;

      // The server's grade is the only grade: it reads the key from its own copy of the exercise,
      // read from storage and parsed once per file version in this process (issue 29).
      const document = await exercises.read(doc.storage_key);
      const { bytes, result } =
        // A part-writing document (issue 27) is graded by its rule costs; the checker is the contract's.
        document.kind === 'part-writing'
          ? await gradePartWritingHandIn(deps, document.doc, doc.doc_key, input)
          : await (async () => {
              const { submission, bytes } = await handedIn(input, document.doc, doc);
              return { bytes, result: gradedOrRefused(() => gradeSubmission(document.doc, submission, gradingSettings(course))) };
            })();
      // Storage keys must start with a letter or digit; base64url may start with '-' or '_'.
      const fileKey = newKey(16);
      const harKey = `submissions/${fileKey}/submission.har`;
      await storage.put(harKey, Readable.from(bytes), { contentType: 'application/zip' });
      let stored: { id: number; number: number };
      try {
        // The grade's commit reaches the disk whatever SQLITE_SYNCHRONOUS says (decision 044).
        stored = await durableTransaction(db, async (trx) => {
          const inserted = await repo.insertSubmission(trx, {
            student_id: actor.user.id,
            document_id: documentId,
            assignment_set_id: doc.assignment_set_id,
            course_id: doc.course_id,
            points: result.points,
            max_points: result.max_points,
            percent: result.percent,
            grade: result.grade,
            submit_time: now,
            practice: practice ? 1 : 0,
            file_key: fileKey,
            har_key: harKey,
            // Drawn when first viewed (fileUrls, issue 29): nothing is queued for them.
            png_key: null,
            report_key: null,
            student_png_key: null,
            student_report_key: null,
            render_status: 'PENDING',
            result_json: JSON.stringify(result),
            // The key read above (a later "Edit Key" leaves this grade until a regrade).
            key_version: doc.key_version,
            // Numbered as it is inserted, so the grade book's refresh below need not write it again.
            number: repo.nextNumber(actor.user.id, documentId),
          });
          // The grade book reads each student's best from this table (issue 15).
          await gradeBook.refreshBestSubmissions(trx, [{ studentId: actor.user.id, documentId }]);
          return inserted;
        });
      } catch (error) {
        // Nothing refers to the file when the row was not stored.
        await storage.delete(harKey);
        throw error;
      }
      // Shown from what was just written (issue 29: no read back): the number the grade book's refresh gave it.
      return presentSubmission(
        {
          id: stored.id,
          student_id: actor.user.id,
          document_id: documentId,
          assignment_set_id: doc.assignment_set_id,
          document_title: doc.title,
          first_name: actor.user.first_name,
          last_name: actor.user.last_name,
          points: result.points,
          max_points: result.max_points,
          percent: result.percent,
          grade: result.grade,
          submit_time: now,
          practice: practice ? 1 : 0,
          number: stored.number,
          delay_showing_grade: doc.delay_showing_grade,
          show_grade_on_date: doc.show_grade_on_date,
        },
        true,
        now,
      );
    },

    /**
     * A student's own submissions of a document for the workspace, newest first, each with
     * its items as far as the rules let them see: nothing of a withheld grade; right and
     * wrong and the expected labels per the document's "Show correct answers" setting, right and
     * wrong (part writing's findings) of formal work at hand-in when "Show findings" says so.
     */
    async ownForDocument(
      actor: Actor,
      doc: { id: number; course_id: number; show_answers: ShowAnswers; show_findings: ShowFindings; due_at: number },
      extensionDueAt: number | null,
    ): Promise<WorkspaceSubmission[]> {
      const now = clock.now();
      const rows = await repo.listSubmissions(db, { courseId: doc.course_id, documentId: doc.id, studentId: actor.user.id });
      const results = new Map(
        (
          await repo.resultsOf(
            db,
            rows.map((r) => r.id),
          )
        ).map((r) => [r.id, r.result_json]),
      );
      const shown = answersShown({ show_answers: doc.show_answers, due_at: doc.due_at }, extensionDueAt, now);
      return ownListOrder(rows, false, now).map((row) => {
        const result = JSON.parse(results.get(row.id) ?? '{"items":[]}') as GradeResult;
        const hidden = withheld(row, now);
        const reveal = hidden ? 'none' : studentReveal(row.practice === 1, shown, findingsAtHandIn(doc));
        const items = revealedItems(result, reveal).map((item) => ({
          id: item.id,
          answer: item.answer,
          correct: item.correct,
          expected: item.expected,
        }));
        // Part writing: the findings with the marks (practice at once, formal work once answers are shown or at hand-in);
        // before that what they cost and when they show, never which (issue 35); a withheld grade, nothing.
        if (isPartWritingResult(result)) {
          const submission = {
            ...presentSubmission(row, true, now),
            items,
            findings: reveal === 'none' ? [] : result.part_writing.findings,
          };
          if (reveal !== 'none' || hidden) return submission;
          return {
            ...submission,
            points_off: presentPointsOff(pointsOff(result.part_writing)),
            findings_shown_at: findingsShownAt(doc, extensionDueAt, now) ?? null,
          };
        }
        return { ...presentSubmission(row, true, now), items };
      });
    },

    /** A set's submissions: all for instructors and TAs, one's own for a student; a set a student does not see yet is a 404 (issue 26). */
    async listForSet(actor: Actor, setId: number, options: { best?: boolean; includePractice?: boolean } = {}) {
      const { set } = await assignments.openSet(actor, setId, SubmissionMessages.notFound);
      return list(actor, { courseId: set.course_id, setId, ...options });
    },

    /** A course's submissions (the grade book): best-only and formal-only on request. */
    listForCourse: (actor: Actor, courseId: number, options: { best?: boolean; includePractice?: boolean } = {}) =>
      list(actor, { courseId, ...options }),

    /** One student's submissions in a course: the student, or those who teach it. */
    listForStudent: (actor: Actor, studentId: number, courseId: number, options: { best?: boolean; includePractice?: boolean } = {}) =>
      list(actor, { courseId, studentId, ...options }),

    /** One submission, and the student's others of the same document (for 'Submission #n'). */
    async get(actor: Actor, courseId: number, id: number): Promise<{ submission: Submission; siblings: Submission[] }> {
      const { row } = await loadVisible(actor, id, repo.findSubmission);
      if (row.course_id !== courseId) throw AppError.notFound(SubmissionMessages.notFound);
      const siblings = await list(actor, { courseId, studentId: row.student_id, documentId: row.document_id });
      const submission = siblings.find((s) => s.id === id);
      if (!submission) throw AppError.notFound(SubmissionMessages.notFound);
      return { submission, siblings: [...siblings].sort((a, b) => a.number - b.number) };
    },

    /**
     * Signed links to the report, the image and (not for students) the .har; none while a grade is
     * withheld. The image and report this reader may see are drawn now if no one has viewed them
     * yet (issue 29): the full variant for teachers (and students once answers are shown), the
     * student's variant before that (DESIGN §8), never the other way round.
     */
    async fileUrls(actor: Actor, id: number): Promise<SubmissionFileUrls> {
      // The row drawings need (issue 29): the one read of the submission in this request.
      const { row, role } = await loadVisible(actor, id, repo.findForDrawing);
      const now = clock.now();
      const student = meetsNeed(role, 'study');
      const doc = student ? await assignments.findDocument(row.document_id) : undefined;
      const hidden = student && (doc === undefined || withheld(doc, now));
      const sign = async (key: string | null, downloadName?: string) =>
        key && !hidden ? (await storage.signedUrl(key, { expiresIn: URL_SECONDS, ...(downloadName ? { downloadName } : {}) })).url : null;
      let variant: DrawingVariant = 'full';
      // What the student's variant shows (issue 35): right and wrong, or the findings, at hand-in where the document says so.
      let reveal: Reveal | undefined;
      // When a student who may not see the findings yet will (null: never), said in the report and beside it.
      let shownAt: number | null | undefined;
      // What the image's colours say to this reader: teachers, and students once answers are shown, see right and wrong.
      let marksShown = true;
      let answersShownAt: number | null = null;
      if (student && doc) {
        const extension = await assignments.extensionDueAt(actor.user.id, doc.assignment_set_id);
        const shown = answersShown({ show_answers: doc.show_answers, due_at: doc.due_at }, extension, now);
        if (!shown) {
          // The variant without answers.
          variant = 'student';
          // Practice work is marked right and wrong at once (studentReveal); formal work waits for the answers, or not (show_findings).
          reveal = studentReveal(row.practice === 1, false, findingsAtHandIn(doc));
          marksShown = reveal !== 'none';
          answersShownAt = doc.show_answers === 'AFTER_DUE' ? Math.max(doc.due_at, extension ?? 0) : null;
          if (!marksShown) shownAt = findingsShownAt(doc, extension, now);
        }
      }
      // A withheld grade shows nothing, so nothing is drawn for it.
      const drawn = hidden ? undefined : await drawings.draw(row, variant, { ...(reveal ? { reveal } : {}), detailsShownAt: shownAt });
      if (!hidden && !drawn) throw AppError.notFound(SubmissionMessages.notFound);
      const graded = JSON.parse(row.result_json) as GradeResult;
      // A part-writing grade before its findings are shown: how many cost how many points, never which (issue 35).
      const result = hidden || marksShown ? undefined : graded;
      const off = result && isPartWritingResult(result) ? pointsOff(result.part_writing) : undefined;
      return {
        grade_report_url: await sign(drawn?.reportKey ?? null),
        png_url: await sign(drawn?.pngKey ?? null),
        har_url: student ? null : await sign(row.har_key, `submission-${row.id}.har`),
        render_status: drawn?.status ?? jobStatus(row.render_status),
        marks_shown: !hidden && marksShown,
        answers_shown_at: answersShownAt,
        ...(off ? { points_off: presentPointsOff(off) } : {}),
        // The image has labels to mark only in an analysis (issue 38): the page says what it shows.
        exercise_type: isPartWritingResult(graded) ? 'part-writing' : 'analysis',
      };
    },

    /** After a regrade has replaced a submission's grade (answer-keys' regrade job): the grade reports of the old key version go. */
    forgetReplacedReports: (submission: { file_key: string; key_version: number; student_report_key?: string | null }) =>
      drawings.forgetReports(submission.file_key, submission.key_version, submission.student_report_key),

    /** Removes one submission (instructors only). */
    async remove(actor: Actor, id: number): Promise<void> {
      const { row, role } = await loadVisible(actor, id, repo.findSubmission);
      requireNeed(role, { need: 'instruct', forbidden: SubmissionMessages.onlyInstructors });
      const keys = await db.transaction().execute(async (trx) => {
        const removed = await repo.deleteSubmissions(trx, { id: row.id });
        await gradeBook.refreshBestSubmissions(trx, [{ studentId: row.student_id, documentId: row.document_id }]);
        return removed;
      });
      await Promise.all(keys.map((k) => storage.delete(k)));
    },

    /** Removes every submission of a student for a document (instructors only). */
    async removeForStudentDocument(actor: Actor, studentId: number, documentId: number): Promise<void> {
      const doc = await assignments.findDocument(documentId);
      if (!doc) throw AppError.notFound(SubmissionMessages.notFound);
      // Students are told they do not teach the course; TAs that only instructors remove work.
      const { access } = await courses.requireCourseAccess(actor, doc.course_id, { need: 'teach' });
      requireNeed(access.role, { need: 'instruct', forbidden: SubmissionMessages.onlyInstructors });
      const keys = await db.transaction().execute(async (trx) => {
        const removed = await repo.deleteSubmissions(trx, { studentId, documentId });
        await gradeBook.refreshBestSubmissions(trx, [{ studentId, documentId }]);
        return removed;
      });
      await Promise.all(keys.map((k) => storage.delete(k)));
    },
  };
}
