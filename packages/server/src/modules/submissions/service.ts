import { Readable } from 'node:stream';
import { CourseMessages } from '@app/contract/courses';
import { type Submission, type SubmissionFileUrls, SubmissionMessages } from '@app/contract/submissions';
import { type HarDocument, readHar } from '@app/har/format';
import { gradeSubmission } from '@app/har/grade';
import { HarError } from '@app/har/har-error';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { newKey } from '../../lib/random.ts';
import { jobStatus, loadHar } from '../assignments/har-files.ts';
import * as assignmentsRepo from '../assignments/repository.ts';
import type { Actor } from '../auth/service.ts';
import type { CoursesService } from '../courses/service.ts';
import { RENDER_JOB, registerRenderJob } from './render-job.ts';
import * as repo from './repository.ts';

const URL_SECONDS = 600;

export type SubmissionsService = ReturnType<typeof createSubmissionsService>;

/** A grade a student may not see yet: delay showing grade until show_grade_on_date (DESIGN §6). */
function withheld(row: { delay_showing_grade: number; show_grade_on_date: number | null }, now: number) {
  return row.delay_showing_grade === 1 && (row.show_grade_on_date === null || row.show_grade_on_date > now);
}

function present(row: repo.SubmissionRow, forStudent: boolean, now: number): Submission {
  const hidden = forStudent && withheld(row, now);
  return {
    id: row.id,
    student: row.student_id,
    document: row.document_id,
    assignment_id: row.assignment_set_id,
    document_title: row.document_title,
    student_first_name: row.first_name,
    student_last_name: row.last_name,
    points: hidden ? null : row.points,
    max_points: hidden ? null : row.max_points,
    percent: hidden ? null : row.percent,
    grade: hidden ? null : row.grade,
    submit_time: row.submit_time,
    practice: row.practice === 1,
    number: Number(row.number),
    grade_hidden: hidden,
  };
}

/** Work handed in: the submission rules, server-side grading, grade books and grade privacy. */
export function createSubmissionsService(deps: Deps, collaborators: { courses: CoursesService }) {
  const { db, clock, storage } = deps;
  const { courses } = collaborators;
  registerRenderJob(deps);

  async function teacherOrSelf(actor: Actor, courseId: number) {
    const { access, row } = await courses.access(actor, courseId);
    return { role: access.role, course: row };
  }

  async function list(actor: Actor, filter: repo.SubmissionFilter & { courseId: number }) {
    const { role } = await teacherOrSelf(actor, filter.courseId);
    const student = role === 'student';
    if (student && filter.studentId !== undefined && filter.studentId !== actor.user.id)
      throw AppError.notFound(SubmissionMessages.notFound);
    const rows = await repo.listSubmissions(db, student ? { ...filter, studentId: actor.user.id } : filter);
    const now = clock.now();
    return rows.map((r) => present(r, student, now));
  }

  /** A submission the actor may see: their own, or any in a course they teach. 404 otherwise. */
  async function loadVisible(actor: Actor, id: number) {
    const row = await repo.findSubmission(db, id);
    if (!row) throw AppError.notFound(SubmissionMessages.notFound);
    const { role } = await teacherOrSelf(actor, row.course_id).catch(() => {
      throw AppError.notFound(SubmissionMessages.notFound);
    });
    if (role === 'student' && row.student_id !== actor.user.id) throw AppError.notFound(SubmissionMessages.notFound);
    return { row, role };
  }

  return {
    /**
     * Grades a student's .har for a document under the rules of issue 6: released set,
     * due date or extension (practice documents take work after it), one formal
     * submission unless multiple are allowed, matching document_key, time limit.
     */
    async submit(
      actor: Actor,
      documentId: number,
      read: () => Promise<{ filename: string; bytes: Buffer } | undefined>,
    ): Promise<Submission> {
      const doc = await assignmentsRepo.findDocument(db, documentId);
      if (!doc) throw AppError.notFound(SubmissionMessages.notFound);
      const { role, course } = await teacherOrSelf(actor, doc.course_id).catch(() => {
        throw AppError.notFound(SubmissionMessages.notFound);
      });
      const now = clock.now();
      if (role === 'student' && doc.released_at > now) throw AppError.notFound(SubmissionMessages.notFound);
      if (role !== 'student') throw AppError.forbidden(SubmissionMessages.onlyStudents);
      if (doc.gradable !== 1) throw AppError.conflict(SubmissionMessages.notGradable);
      const practice = doc.practice === 1;
      const extension =
        (await assignmentsRepo.extensionsOfStudent(db, actor.user.id, [doc.assignment_set_id]))[0]?.extension_due_at ?? null;
      if (!practice && now > Math.max(doc.due_at, extension ?? 0)) throw AppError.conflict(SubmissionMessages.pastDue);
      if (!practice && doc.multiple_submissions !== 1 && (await repo.countFormal(db, documentId, actor.user.id)) > 0) {
        throw AppError.conflict(SubmissionMessages.alreadySubmitted);
      }
      if (!practice && doc.timed === 1) {
        const started = await repo.firstDownload(db, documentId, actor.user.id);
        if (started === undefined) throw AppError.conflict(SubmissionMessages.downloadFirst);
        if (now > started + (doc.timed_time_seconds ?? 0)) throw AppError.conflict(SubmissionMessages.timeUp);
      }

      const file = await read();
      if (!file) throw AppError.badRequest('file', SubmissionMessages.noFile);
      let submission: HarDocument;
      try {
        submission = readHar(new Uint8Array(file.bytes));
      } catch (error) {
        if (error instanceof HarError) throw AppError.badRequest('file', `${file.filename}: ${error.message}`);
        throw error;
      }
      if (submission.manifest.kind !== 'submission' || !submission.answers)
        throw AppError.badRequest('file', SubmissionMessages.notSubmission);
      if (submission.manifest.document_key !== doc.doc_key) throw AppError.badRequest('file', SubmissionMessages.wrongDocument);

      // The server's grade is the only grade: it reads the key from its own copy of the exercise.
      const exercise = readHar(await loadHar(deps, doc.storage_key));
      const settings = {
        cadential64: course.cadential_64 === 'I' ? 'I' : 'V',
        neapolitan6: course.neapolitan_6 === 'II' ? 'II' : 'N',
      } as const;
      const result = gradeSubmission(exercise, submission, settings);
      // Storage keys must start with a letter or digit; base64url may start with '-' or '_'.
      const fileKey = newKey(16);
      const harKey = `submissions/${fileKey}/submission.har`;
      await storage.put(harKey, Readable.from(file.bytes), { contentType: 'application/zip' });
      const id = await db.transaction().execute(async (trx) => {
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
          png_key: null,
          report_key: null,
          render_status: 'PENDING',
          result_json: JSON.stringify(result),
        });
        await deps.jobs.enqueue(RENDER_JOB, { submissionId: inserted }, { db: trx });
        return inserted;
      });
      const [row] = await repo.listSubmissions(db, { courseId: doc.course_id, submissionId: id, documentId, studentId: actor.user.id });
      if (!row) throw AppError.notFound(SubmissionMessages.notFound);
      return present(row, true, now);
    },

    /** A set's submissions: all for instructors and TAs, one's own for a student. */
    async listForSet(actor: Actor, setId: number, options: { best?: boolean; includePractice?: boolean } = {}) {
      const set = await assignmentsRepo.findSet(db, setId);
      if (!set) throw AppError.notFound(SubmissionMessages.notFound);
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
      const { row } = await loadVisible(actor, id);
      if (row.course_id !== courseId) throw AppError.notFound(SubmissionMessages.notFound);
      const siblings = await list(actor, { courseId, studentId: row.student_id, documentId: row.document_id });
      const submission = siblings.find((s) => s.id === id);
      if (!submission) throw AppError.notFound(SubmissionMessages.notFound);
      return { submission, siblings: [...siblings].sort((a, b) => a.number - b.number) };
    },

    /** Signed links to the report, the image and (not for students) the .har; none while a grade is withheld. */
    async fileUrls(actor: Actor, id: number): Promise<SubmissionFileUrls> {
      const { row, role } = await loadVisible(actor, id);
      const [full] = await repo.listSubmissions(db, {
        courseId: row.course_id,
        studentId: row.student_id,
        documentId: row.document_id,
        submissionId: id,
      });
      const hidden = role === 'student' && full !== undefined && withheld(full, clock.now());
      const sign = async (key: string | null, downloadName?: string) =>
        key && !hidden ? (await storage.signedUrl(key, { expiresIn: URL_SECONDS, ...(downloadName ? { downloadName } : {}) })).url : null;
      return {
        grade_report_url: await sign(row.report_key),
        png_url: await sign(row.png_key),
        har_url: role === 'student' ? null : await sign(row.har_key, `submission-${row.id}.har`),
        render_status: jobStatus(row.render_status),
      };
    },

    /** Removes one submission (instructors only). */
    async remove(actor: Actor, id: number): Promise<void> {
      const { row, role } = await loadVisible(actor, id);
      if (role !== 'instructor') throw AppError.forbidden(SubmissionMessages.onlyInstructors);
      const keys = await repo.deleteSubmissions(db, { id: row.id });
      await Promise.all(keys.map((k) => storage.delete(k)));
    },

    /** Removes every submission of a student for a document (instructors only). */
    async removeForStudentDocument(actor: Actor, studentId: number, documentId: number): Promise<void> {
      const doc = await assignmentsRepo.findDocument(db, documentId);
      if (!doc) throw AppError.notFound(SubmissionMessages.notFound);
      const { role } = await teacherOrSelf(actor, doc.course_id);
      if (role !== 'instructor')
        throw AppError.forbidden(role === 'student' ? CourseMessages.notInstructor : SubmissionMessages.onlyInstructors);
      const keys = await repo.deleteSubmissions(db, { studentId, documentId });
      await Promise.all(keys.map((k) => storage.delete(k)));
    },
  };
}
