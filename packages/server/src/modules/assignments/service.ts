import {
  AssignmentMessages,
  type AssignmentSet,
  assignmentDateErrors,
  type CourseDocument,
  DEFAULT_TIMED_SECONDS,
  type DueDateExtension,
  defaultAssignmentDates,
  EXTENSION_MAX_AFTER_END_SECONDS,
  HAR_MAX_BYTES,
  HAR_MAX_FILES_PER_UPLOAD,
  isValidTimedDuration,
  type PreviewUrl,
  shiftAssignmentDates,
  shiftGradeDate,
  type UpdateAssignmentRequest,
  type UpdateDocumentRequest,
} from '@app/contract/assignments';
import type { Db } from '../../db/database.ts';
import type { DocumentUpdate } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { newSecret } from '../../lib/random.ts';
import { commitOrRemove } from '../../storage/orphans.ts';
import type { CoursesService } from '../courses/service.ts';
import * as libraryRepo from '../library/repository.ts';
import {
  deleteStored,
  enqueuePreviews,
  ensureStudentCopy,
  loadHar,
  previewLink,
  registerPreviewJob,
  type StoredHar,
  storeHar,
} from './har-files.ts';
import { presentDocument, presentSet } from './present.ts';
import * as repo from './repository.ts';

const FILE_URL_SECONDS = 600;

/** One uploaded part as the route hands it over. */
export type UploadedFile = { filename: string; read: () => Promise<Buffer> };

export type AssignmentsService = ReturnType<typeof createAssignmentsService>;

/** Assignment sets, their documents and extensions (spec §2 course pages, §4, §5). */
export function createAssignmentsService(deps: Deps, collaborators: { courses: CoursesService }) {
  const { db, clock, storage } = deps;
  const { courses } = collaborators;
  registerPreviewJob(deps);

  /** The set, its course and the actor's role; students only once it is released. 404 otherwise. */
  async function loadSet(actor: Actor, setId: number) {
    const set = await repo.findSet(db, setId);
    if (!set) throw AppError.notFound(AssignmentMessages.notFound);
    let loaded: Awaited<ReturnType<typeof courses.requireCourseAccess>>;
    try {
      loaded = await courses.requireCourseAccess(actor, set.course_id, { need: 'member' });
    } catch (error) {
      if (error instanceof AppError && error.status === 404) throw AppError.notFound(AssignmentMessages.notFound);
      throw error;
    }
    if (loaded.access.role === 'student' && set.released_at > clock.now()) throw AppError.notFound(AssignmentMessages.notFound);
    return { set, course: loaded.row, role: loaded.access.role };
  }

  async function loadSetToChange(actor: Actor, setId: number) {
    const loaded = await loadSet(actor, setId);
    if (loaded.role !== 'instructor') throw AppError.forbidden(AssignmentMessages.onlyInstructors);
    return loaded;
  }

  /** A student's own extension of a set, if any. */
  async function extensionOf(studentId: number, setId: number): Promise<number | null> {
    const rows = await repo.extensionsOfStudent(db, studentId, [setId]);
    return rows[0]?.extension_due_at ?? null;
  }

  /** Students stop seeing a set's documents after its (extended) due date when show_after_due is off (DESIGN §7.13). */
  function documentsHidden(set: { due_at: number; show_after_due: number }, extension: number | null, now: number) {
    return set.show_after_due === 0 && now > Math.max(set.due_at, extension ?? 0);
  }

  async function loadDocument(actor: Actor, documentId: number) {
    const doc = await repo.findDocument(db, documentId);
    if (!doc) throw AppError.notFound(AssignmentMessages.documentNotFound);
    const { set, course, role } = await loadSet(actor, doc.assignment_set_id).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404) throw AppError.notFound(AssignmentMessages.documentNotFound);
      throw error;
    });
    if (role === 'student' && documentsHidden(set, await extensionOf(actor.user.id, set.id), clock.now())) {
      throw AppError.notFound(AssignmentMessages.documentNotFound);
    }
    return { doc, set, course, role };
  }

  async function presentOne(actor: Actor, setId: number): Promise<AssignmentSet> {
    const { set, role } = await loadSet(actor, setId);
    const extension = role === 'student' ? await extensionOf(actor.user.id, set.id) : null;
    const hidden = role === 'student' && documentsHidden(set, extension, clock.now());
    const documents = hidden ? [] : await repo.listDocumentsOfSets(db, [set.id]);
    return presentSet(set, documents, extension);
  }

  async function storeUploads(files: AsyncIterable<UploadedFile>): Promise<StoredHar[]> {
    const stored: StoredHar[] = [];
    try {
      let count = 0;
      for await (const file of files) {
        count += 1;
        if (count > HAR_MAX_FILES_PER_UPLOAD)
          throw AppError.badRequest('file', `Upload at most ${HAR_MAX_FILES_PER_UPLOAD} files at a time.`);
        let bytes: Buffer;
        try {
          bytes = await file.read();
        } catch (error) {
          if ((error as { statusCode?: number }).statusCode === 413) throw new AppError('too_large', AssignmentMessages.tooLarge, 413);
          throw error;
        }
        stored.push(await storeHar(deps, 'documents', new Uint8Array(bytes), file.filename));
      }
      if (stored.length === 0) throw AppError.badRequest('file', AssignmentMessages.noFiles);
      return stored;
    } catch (error) {
      // One bad file refuses the whole upload: nothing of it stays in storage.
      await Promise.all(stored.map((s) => deleteStored(deps, s)));
      throw error;
    }
  }

  function newDocumentValues(s: StoredHar, title: string, now: number) {
    return {
      title: title.slice(0, 200),
      doc_key: s.docKey,
      storage_key: s.storageKey,
      student_storage_key: s.studentStorageKey,
      content_hash: s.contentHash,
      size: s.size,
      preview_status: s.previewReady ? 'READY' : 'PENDING',
      preview_error: null,
      gradable: 1,
      practice: 0,
      incremental_grading: 0,
      multiple_submissions: 0,
      delay_showing_grade: 0,
      show_grade_on_date: null,
      timed: 0,
      timed_time_seconds: null,
      created_at: now,
      updated_at: now,
    };
  }

  async function insertStored(setId: number, stored: StoredHar[], titles: string[]): Promise<CourseDocument[]> {
    const now = clock.now();
    // When the rows are not stored, nothing refers to the files: they go at once (storage/orphans.ts).
    const ids = await commitOrRemove(
      storage,
      stored.flatMap((s) => (s.studentStorageKey ? [s.storageKey, s.studentStorageKey] : [s.storageKey])),
      () =>
        db.transaction().execute(async (trx) => {
          const inserted = await repo.insertDocuments(
            trx,
            setId,
            stored.map((s, i) => newDocumentValues(s, titles[i] ?? s.title, now)),
          );
          await enqueuePreviews(deps, trx, stored);
          return inserted;
        }),
    );
    const rows = await repo.listDocumentsOfSets(db, [setId]);
    return rows.filter((r) => ids.includes(r.id)).map(presentDocument);
  }

  return {
    /** A course's sets for its page; students see released sets and, while allowed, their documents. */
    async listForCourse(actor: Actor, courseId: number): Promise<AssignmentSet[]> {
      const { access } = await courses.requireCourseAccess(actor, courseId, { need: 'member' });
      const now = clock.now();
      const student = access.role === 'student';
      const sets = await repo.listSets(db, courseId, student ? now : undefined);
      const extensions = student
        ? new Map(
            (
              await repo.extensionsOfStudent(
                db,
                actor.user.id,
                sets.map((s) => s.id),
              )
            ).map((e) => [e.assignment_set_id, e.extension_due_at]),
          )
        : new Map<number, number>();
      const visible = sets.filter((s) => !student || !documentsHidden(s, extensions.get(s.id) ?? null, now)).map((s) => s.id);
      const documents = await repo.listDocumentsOfSets(db, visible);
      return sets.map((s) =>
        presentSet(
          s,
          documents.filter((d) => d.assignment_set_id === s.id),
          extensions.get(s.id) ?? null,
        ),
      );
    },

    /** A new set with the default dates of DESIGN §7.10 for what the request leaves out. */
    async create(
      actor: Actor,
      courseId: number,
      input: { title?: string; released_at?: number; due_at?: number; show_after_due?: boolean },
    ) {
      const { access, row: course } = await courses.requireCourseAccess(actor, courseId, { need: 'member' });
      if (access.role !== 'instructor') throw AppError.forbidden(AssignmentMessages.onlyInstructors);
      const now = clock.now();
      const defaults = defaultAssignmentDates(now, course.start_date, course.end_date);
      const dates = { released_at: input.released_at ?? defaults.released_at, due_at: input.due_at ?? defaults.due_at };
      const errors = assignmentDateErrors(dates, course);
      if (errors.length > 0) throw AppError.invalidFields(errors);
      const title = input.title ?? `Assignment Set ${(await repo.countSets(db, courseId)) + 1}`;
      const id = await repo.insertSet(db, {
        courseId,
        title,
        releasedAt: dates.released_at,
        dueAt: dates.due_at,
        setKey: newSecret(12),
        showAfterDue: input.show_after_due ?? true,
        now,
      });
      return presentOne(actor, id);
    },

    get: presentOne,

    /** Changes title, dates and visibility under the §5 date rules. */
    async update(actor: Actor, setId: number, input: UpdateAssignmentRequest): Promise<AssignmentSet> {
      const { set, course } = await loadSetToChange(actor, setId);
      const dates = { released_at: input.released_at ?? set.released_at, due_at: input.due_at ?? set.due_at };
      if (input.released_at !== undefined || input.due_at !== undefined) {
        const errors = assignmentDateErrors(dates, course);
        if (errors.length > 0) throw AppError.invalidFields(errors);
      }
      await repo.updateSet(db, setId, {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...dates,
        ...(input.show_after_due !== undefined ? { show_after_due: input.show_after_due ? 1 : 0 } : {}),
        updated_at: clock.now(),
      });
      return presentOne(actor, setId);
    },

    /** Deletes a set with its documents and their files. */
    async remove(actor: Actor, setId: number): Promise<void> {
      await loadSetToChange(actor, setId);
      const keys = await repo.storageKeysOfSet(db, setId);
      await repo.deleteSet(db, setId);
      await Promise.all(keys.map((k) => storage.delete(k)));
    },

    /** Stores the order of a course's sets; the list must be exactly its sets. */
    async reorder(actor: Actor, courseId: number, ids: number[]): Promise<void> {
      const { access } = await courses.requireCourseAccess(actor, courseId, { need: 'member' });
      if (access.role !== 'instructor') throw AppError.forbidden(AssignmentMessages.onlyInstructors);
      await db.transaction().execute(async (trx) => {
        const current = (await repo.listSets(trx, courseId)).map((s) => s.id);
        if (!sameMembers(ids, current)) throw AppError.badRequest('assignments', AssignmentMessages.reorderMismatch);
        await repo.writeOrder(trx, 'assignment_sets', ids);
      });
    },

    /** A set's documents. */
    async listDocuments(actor: Actor, setId: number): Promise<CourseDocument[]> {
      return (await presentOne(actor, setId)).documents;
    },

    /** Adds uploaded .har files, all or none. */
    async upload(
      actor: Actor,
      setId: number,
      declaredLength: number | undefined,
      files: AsyncIterable<UploadedFile>,
    ): Promise<CourseDocument[]> {
      await loadSetToChange(actor, setId);
      if (declaredLength !== undefined && declaredLength > HAR_MAX_BYTES * HAR_MAX_FILES_PER_UPLOAD + 1024 * 1024) {
        throw new AppError('too_large', AssignmentMessages.tooLarge, 413);
      }
      const stored = await storeUploads(files);
      return insertStored(
        setId,
        stored,
        stored.map((s) => s.title),
      );
    },

    /** Copies documents of the content library into a set. */
    async addFromLibrary(actor: Actor, setId: number, libraryDocumentIds: number[]): Promise<CourseDocument[]> {
      await loadSetToChange(actor, setId);
      const unique = [...new Set(libraryDocumentIds)];
      const sources = await libraryRepo.findDocuments(db, unique, actor.user.id);
      if (sources.length !== unique.length) throw AppError.badRequest('document_ids', AssignmentMessages.libraryDocumentUnknown);
      const ordered = unique.map((id) => sources.find((s) => s.id === id)).filter((s) => s !== undefined);
      const stored: StoredHar[] = [];
      try {
        for (const source of ordered) stored.push(await storeHar(deps, 'documents', await loadHar(deps, source.storage_key), source.title));
      } catch (error) {
        await Promise.all(stored.map((s) => deleteStored(deps, s)));
        throw error;
      }
      return insertStored(
        setId,
        stored,
        ordered.map((s) => s.title),
      );
    },

    /** Stores the order of a set's documents; the list must be exactly its documents. */
    async reorderDocuments(actor: Actor, setId: number, ids: number[]): Promise<CourseDocument[]> {
      await loadSetToChange(actor, setId);
      await db.transaction().execute(async (trx) => {
        if (!sameMembers(ids, await repo.documentIdsOfSet(trx, setId)))
          throw AppError.badRequest('documents', AssignmentMessages.reorderMismatch);
        await repo.writeOrder(trx, 'documents', ids);
      });
      return (await presentOne(actor, setId)).documents;
    },

    /** Changes a document's title and settings under the rules of spec §4 and §5. */
    async updateDocument(actor: Actor, documentId: number, input: UpdateDocumentRequest): Promise<CourseDocument> {
      const { doc, set, course, role } = await loadDocument(actor, documentId);
      if (role !== 'instructor') throw AppError.forbidden(AssignmentMessages.onlyInstructors);
      const changes = documentChanges(doc, input, { due_at: set.due_at, end_date: course.end_date });
      await repo.updateDocument(db, documentId, { ...changes, updated_at: clock.now() });
      const row = await repo.findDocument(db, documentId);
      if (!row) throw AppError.notFound(AssignmentMessages.documentNotFound);
      return presentDocument(row);
    },

    /** Deletes a document and its file. */
    async removeDocument(actor: Actor, documentId: number): Promise<void> {
      const { doc, role } = await loadDocument(actor, documentId);
      if (role !== 'instructor') throw AppError.forbidden(AssignmentMessages.onlyInstructors);
      await repo.deleteDocument(db, documentId);
      await deleteStored(deps, { storageKey: doc.storage_key, studentStorageKey: doc.student_storage_key });
    },

    /**
     * A signed link to the .har: for a student the copy without the answer key, and their
     * first one starts a timed document's clock.
     */
    async fileUrl(actor: Actor, documentId: number) {
      const { doc, role } = await loadDocument(actor, documentId);
      let key = doc.storage_key;
      if (role === 'student') {
        key = await ensureStudentCopy(deps, doc);
        await repo.recordFirstDownload(db, documentId, actor.user.id, clock.now());
      }
      const { url, expiresAt } = await storage.signedUrl(key, {
        expiresIn: FILE_URL_SECONDS,
        downloadName: `${doc.title}.har`,
      });
      return { url, expires_at: expiresAt };
    },

    /** The preview image's signed link once the preview job has made it. */
    async previewUrl(actor: Actor, documentId: number): Promise<PreviewUrl> {
      const { doc } = await loadDocument(actor, documentId);
      return previewLink(deps, doc);
    },

    /** A set's extensions: all of them for instructors and TAs, a student's own for a student. */
    async listExtensions(actor: Actor, setId: number): Promise<DueDateExtension[]> {
      const { role } = await loadSet(actor, setId);
      const rows = await repo.listExtensions(db, setId);
      return role === 'student' ? rows.filter((r) => r.student === actor.user.id) : rows;
    },

    /** Grants or moves a student's extension, between the due date and six months after the course. */
    async grantExtension(actor: Actor, setId: number, studentId: number, dueAt: number): Promise<DueDateExtension[]> {
      const { set, course } = await loadSetToChange(actor, setId);
      const member = await courses.membershipOf(course.id, studentId);
      if (member !== 'student') throw AppError.notFound(AssignmentMessages.studentNotInCourse);
      if (dueAt < set.due_at || dueAt > course.end_date + EXTENSION_MAX_AFTER_END_SECONDS) {
        throw AppError.badRequest('extension_due_at', AssignmentMessages.extensionRange);
      }
      await repo.upsertExtension(db, setId, studentId, dueAt, clock.now());
      return repo.listExtensions(db, setId);
    },

    /** Removes a student's extension. */
    async removeExtension(actor: Actor, setId: number, studentId: number): Promise<void> {
      await loadSetToChange(actor, setId);
      if (!(await repo.deleteExtension(db, setId, studentId))) throw AppError.notFound(AssignmentMessages.studentNotInCourse);
    },

    /** The stored .har of a document (grading reads it). */
    loadDocumentHar: (storageKey: string) => loadHar(deps, storageKey),

    /**
     * A document the actor may see, with its set, course, role and (students) extension,
     * under the same rules as every other document call. 404 otherwise.
     */
    async openDocument(actor: Actor, documentId: number) {
      const loaded = await loadDocument(actor, documentId);
      const extension = loaded.role === 'student' ? await extensionOf(actor.user.id, loaded.set.id) : null;
      return { ...loaded, extension };
    },

    /** The student copy of a document (never the key), made now if it is missing. */
    studentCopyKey: (doc: { id: number; doc_key: string; storage_key: string; student_storage_key: string | null }) =>
      ensureStudentCopy(deps, doc),

    /** Starts a student's clock on a document (first open or download; later calls change nothing) and says when it started. */
    async startClock(documentId: number, studentId: number): Promise<number> {
      await repo.recordFirstDownload(db, documentId, studentId, clock.now());
      return (await repo.firstDownload(db, documentId, studentId)) ?? clock.now();
    },

    /** When a student first opened or took a document, if ever. */
    clockStart: (documentId: number, studentId: number) => repo.firstDownload(db, documentId, studentId),

    /**
     * A course's sets and documents ready to copy into a duplicate (issue 19): every set and
     * document setting and the order; each file is stored again now under a new doc_key (with
     * its student copy; previews are shared by content hash); dates move by `shift` and stay
     * within the §5 limits of the new period. `insert` adds the rows inside the caller's
     * transaction; `discard` removes the files when that transaction fails. Nothing of the
     * students' (submissions, extensions, drafts, downloads) is copied.
     */
    async prepareCourseCopy(actor: Actor, fromCourseId: number, target: { shift: number; start_date: number; end_date: number }) {
      const { access } = await courses.requireCourseAccess(actor, fromCourseId, { need: 'member' });
      if (access.role !== 'instructor') throw AppError.forbidden(AssignmentMessages.onlyInstructors);
      const sets = await repo.listSets(db, fromCourseId);
      const documents = await repo.listDocumentsOfSets(
        db,
        sets.map((s) => s.id),
      );
      const stored: StoredHar[] = new Array(documents.length);
      const discard = () => Promise.all(stored.filter(Boolean).map((s) => deleteStored(deps, s))).then(() => undefined);
      try {
        // A few files at a time: enough to overlap storage round trips without holding every file in memory.
        let next = 0;
        const worker = async () => {
          for (let i = next++; i < documents.length; i = next++) {
            const doc = documents[i] as (typeof documents)[number];
            stored[i] = await storeHar(deps, 'documents', await loadHar(deps, doc.storage_key), doc.title);
          }
        };
        await Promise.all(Array.from({ length: Math.min(6, documents.length) }, worker));
      } catch (error) {
        await discard();
        throw error;
      }
      const now = clock.now();
      const copies = sets.map((set) => {
        const dates = shiftAssignmentDates(set, target.shift, target);
        return {
          set: {
            title: set.title,
            ...dates,
            set_key: newSecret(12),
            show_after_due: set.show_after_due,
            weight: set.weight,
            created_at: now,
            updated_at: now,
          },
          documents: documents.flatMap((doc, i) => {
            const s = stored[i];
            if (doc.assignment_set_id !== set.id || !s) return [];
            const { id: _id, assignment_set_id: _set, ...settings } = doc;
            const failed = !s.previewReady && doc.preview_status === 'FAILED';
            return [
              {
                ...settings,
                doc_key: s.docKey,
                storage_key: s.storageKey,
                student_storage_key: s.studentStorageKey,
                content_hash: s.contentHash,
                size: s.size,
                preview_status: s.previewReady ? 'READY' : failed ? 'FAILED' : 'PENDING',
                preview_error: failed ? doc.preview_error : null,
                show_grade_on_date: shiftGradeDate(doc.show_grade_on_date, target.shift, {
                  due_at: dates.due_at,
                  end_date: target.end_date,
                }),
                created_at: now,
                updated_at: now,
              },
            ];
          }),
        };
      });
      return {
        sets: copies.length,
        documents: documents.length,
        insert: async (trx: Db, toCourseId: number) => {
          await repo.insertSetCopies(trx, toCourseId, copies);
          // A preview that failed for the original would fail again; the others are queued unless cached.
          await enqueuePreviews(
            deps,
            trx,
            stored.filter((s, i) => documents[i]?.preview_status !== 'FAILED' && Boolean(s)),
          );
        },
        discard,
      };
    },
  };
}

function sameMembers(proposed: number[], current: number[]) {
  return proposed.length === current.length && new Set(proposed).size === proposed.length && proposed.every((id) => current.includes(id));
}

type DocumentState = {
  gradable: number;
  practice: number;
  incremental_grading: number;
  multiple_submissions: number;
  delay_showing_grade: number;
  show_grade_on_date: number | null;
  timed: number;
  timed_time_seconds: number | null;
};

/**
 * The stored changes for a settings request (spec §4): practice mode turns off multiple
 * submissions, delayed grades and time limits and leaves only incremental grading; the
 * reverse turns incremental grading off. Turning on a delay fills the date with the due
 * date; turning on a time limit fills 30 minutes.
 */
export function documentChanges(
  current: DocumentState,
  input: UpdateDocumentRequest,
  limits: { due_at: number; end_date: number },
): DocumentUpdate {
  const flag = (value: boolean | undefined, stored: number) => (value === undefined ? stored === 1 : value);
  const gradable = flag(input.gradable, current.gradable);
  const practice = flag(input.practice, current.practice);
  const settingTouched = [
    input.practice,
    input.incremental_grading,
    input.multiple_submissions,
    input.delay_showing_grade,
    input.timed,
  ].some((v) => v === true);
  if (!gradable && settingTouched) throw AppError.badRequest('gradable', AssignmentMessages.notGradable);
  if (practice && (input.multiple_submissions === true || input.delay_showing_grade === true || input.timed === true)) {
    throw AppError.badRequest('practice', AssignmentMessages.notForPractice);
  }
  if (!practice && input.incremental_grading === true) throw AppError.badRequest('incremental_grading', AssignmentMessages.practiceOnly);

  const next = {
    incremental: practice && flag(input.incremental_grading, current.incremental_grading),
    multiple: !practice && flag(input.multiple_submissions, current.multiple_submissions),
    delay: !practice && flag(input.delay_showing_grade, current.delay_showing_grade),
    timed: !practice && flag(input.timed, current.timed),
  };
  let showGradeOn = input.show_grade_on_date === undefined ? current.show_grade_on_date : input.show_grade_on_date;
  if (next.delay && showGradeOn === null) showGradeOn = limits.due_at;
  const checkDate = next.delay || input.show_grade_on_date !== undefined;
  if (checkDate && showGradeOn !== null && (showGradeOn < limits.due_at || showGradeOn > limits.end_date)) {
    throw AppError.badRequest('show_grade_on_date', AssignmentMessages.delayRange);
  }
  let timedSeconds = input.timed_time_seconds === undefined ? current.timed_time_seconds : input.timed_time_seconds;
  if (next.timed && timedSeconds === null) timedSeconds = DEFAULT_TIMED_SECONDS;
  if (timedSeconds !== null && (next.timed || input.timed_time_seconds !== undefined) && !isValidTimedDuration(timedSeconds)) {
    throw AppError.badRequest('timed_time_seconds', AssignmentMessages.timedDuration);
  }
  return {
    ...(input.title !== undefined ? { title: input.title } : {}),
    gradable: gradable ? 1 : 0,
    practice: practice ? 1 : 0,
    incremental_grading: next.incremental ? 1 : 0,
    multiple_submissions: next.multiple ? 1 : 0,
    delay_showing_grade: next.delay ? 1 : 0,
    show_grade_on_date: showGradeOn,
    timed: next.timed ? 1 : 0,
    timed_time_seconds: timedSeconds,
    ...(input.show_answers !== undefined ? { show_answers: input.show_answers } : {}),
  };
}
