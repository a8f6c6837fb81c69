import {
  AssignmentMessages,
  type CourseDocument,
  HAR_MAX_BYTES,
  HAR_MAX_FILES_PER_UPLOAD,
  type PreviewUrl,
  type UpdateDocumentRequest,
  type UploadedDocument,
} from '@app/contract/assignments';
import type { HarDocument } from '@app/har/format';
import { meetsNeed } from '../../access/course-access.ts';
import type { NewDocument } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import {
  deleteStored,
  enqueuePreviews,
  ensureStudentCopy,
  givenVoicesStudentCopy,
  loadHar,
  previewLink,
  registerPreviewJob,
  type StoredHar,
  storedKeys,
  storeHar,
} from '../../documents/har-files.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import { commitOrRemove } from '../../storage/orphans.ts';
import type { LibraryService } from '../library/service.ts';
import { scheduleDocumentRelease } from '../lti/ags.ts';
import type { AssignmentLoaders } from './load.ts';
import { documentChanges, documentVisible, NEW_DOCUMENT_SETTINGS, sameMembers, scoreShownBeforeStart, setVisible } from './policy.ts';
import { presentDocument } from './present.ts';
import * as repo from './repository.ts';

const FILE_URL_SECONDS = 600;

/** An uploaded file, or an exercise made in Create Exercise with the document it was written from (not read back). */
type MadeFile = UploadedFile & { written?: HarDocument };

export type DocumentsService = ReturnType<typeof createDocumentsService>;

/** The documents of assignment sets: upload, copy from the library, order, settings, files and previews (spec §4, §5). */
export function createDocumentsService(deps: Deps, collaborators: { load: AssignmentLoaders; library: LibraryService }) {
  const { db, clock, storage } = deps;
  const { loadSet, loadDocument, presentOne } = collaborators.load;
  registerPreviewJob(deps);

  async function storeUploads(files: AsyncIterable<MadeFile>): Promise<StoredHar[]> {
    const stored: StoredHar[] = [];
    try {
      let count = 0;
      for await (const file of files) {
        count += 1;
        if (count > HAR_MAX_FILES_PER_UPLOAD) throw AppError.badRequest('file', AssignmentMessages.tooManyFiles);
        const bytes = await file.read();
        stored.push(await storeHar(deps, 'documents', new Uint8Array(bytes), file.filename, file.written));
      }
      if (stored.length === 0) throw AppError.badRequest('file', AssignmentMessages.noFiles);
      return stored;
    } catch (error) {
      // One bad file refuses the whole upload: nothing of it stays in storage.
      await Promise.all(stored.map((s) => deleteStored(deps, s)));
      throw error;
    }
  }

  function newDocumentValues(s: StoredHar, title: string, now: number): Omit<NewDocument, 'assignment_set_id' | 'weight'> {
    return {
      title: title.slice(0, 200),
      doc_key: s.docKey,
      storage_key: s.storageKey,
      student_storage_key: s.studentStorageKey,
      content_hash: s.contentHash,
      size: s.size,
      preview_status: s.previewReady ? 'READY' : 'PENDING',
      preview_error: null,
      ...NEW_DOCUMENT_SETTINGS,
      created_at: now,
      updated_at: now,
    };
  }

  async function insertStored(setId: number, stored: StoredHar[], titles: string[]): Promise<UploadedDocument[]> {
    const now = clock.now();
    // When the rows are not stored, nothing refers to the files: they go at once (storage/orphans.ts).
    const ids = await commitOrRemove(storage, stored.flatMap(storedKeys), () =>
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
    // Each new document says what its students' copy leaves out, for the instructor who added it.
    return rows
      .filter((r) => ids.includes(r.id))
      .map((r) => ({ ...presentDocument(r), removed_for_students: stored.find((s) => s.docKey === r.doc_key)?.removedForStudents ?? [] }));
  }

  /** Adds uploaded .har files, all or none. */
  async function upload(
    actor: Actor,
    setId: number,
    declaredLength: number | undefined,
    files: AsyncIterable<MadeFile>,
  ): Promise<UploadedDocument[]> {
    await loadSet(actor, setId, { change: true });
    if (declaredLength !== undefined && declaredLength > HAR_MAX_BYTES * HAR_MAX_FILES_PER_UPLOAD + 1024 * 1024) {
      throw new AppError('too_large', AssignmentMessages.tooLarge, 413);
    }
    const stored = await storeUploads(files);
    return insertStored(
      setId,
      stored,
      stored.map((s) => s.title),
    );
  }

  /**
   * An exercise made in Create Exercise (analysis or part writing, issue 14 and 27) as a `.har`:
   * stored into the set (as an upload; the set's own access rules answer a caller who may not use
   * it), then into the actor's own library section ("My exercises") when asked — refused whole,
   * before anything is stored, when the actor may not have one. `written`: the document the bytes
   * were just written from (an analysis exercise), which is then not read back from them.
   */
  async function saveMadeExercise(
    actor: Actor,
    bytes: Uint8Array,
    target: { title: string; assignment_set_id?: number | undefined; add_to_library?: boolean | undefined },
    written?: HarDocument,
  ): Promise<{ document: UploadedDocument | null; library_document: { id: number; title: string } | null }> {
    // The library's permission first: a save it refuses writes nothing, not the set's copy and then a 403.
    if (target.add_to_library) collaborators.library.requireOwnSection(actor);
    const fileName = `${target.title}.har`;
    let document: UploadedDocument | null = null;
    if (target.assignment_set_id !== undefined) {
      async function* one(): AsyncIterable<MadeFile> {
        yield { filename: fileName, read: async () => Buffer.from(bytes), ...(written ? { written } : {}) };
      }
      [document = null] = await upload(actor, target.assignment_set_id, undefined, one());
      if (!document) throw new Error('The set took no document.');
    }
    const libraryDocument = target.add_to_library ? await collaborators.library.addOwnExercise(actor, bytes, fileName, written) : null;
    return { document, library_document: libraryDocument };
  }

  return {
    /** A course document by id, with no access check (for modules that check access themselves: submissions, integrations). */
    findDocument: (id: number) => repo.findDocument(db, id),

    /** When a student first downloaded a document, if they have (a timed exercise's clock starts then). */
    firstDownload: (documentId: number, studentId: number) => repo.firstDownload(db, documentId, studentId),

    /** A set's documents. */
    async listDocuments(actor: Actor, setId: number): Promise<CourseDocument[]> {
      return (await presentOne(actor, setId)).documents;
    },

    upload,

    saveMadeExercise,

    /** Copies documents of the content library into a set. */
    async addFromLibrary(actor: Actor, setId: number, libraryDocumentIds: number[]): Promise<UploadedDocument[]> {
      await loadSet(actor, setId, { change: true });
      const unique = [...new Set(libraryDocumentIds)];
      const sources = await collaborators.library.findDocuments(unique, actor.user.id);
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
      await loadSet(actor, setId, { change: true });
      await db.transaction().execute(async (trx) => {
        if (!sameMembers(ids, await repo.documentIdsOfSet(trx, setId)))
          throw AppError.badRequest('documents', AssignmentMessages.reorderMismatch);
        await repo.writeOrder(trx, 'documents', ids);
      });
      return (await presentOne(actor, setId)).documents;
    },

    /** Changes a document's title and settings under the rules of spec §4 and §5. */
    async updateDocument(actor: Actor, documentId: number, input: UpdateDocumentRequest): Promise<CourseDocument> {
      const { doc, set, course } = await loadDocument(actor, documentId, { change: true });
      const changes = documentChanges(doc, input, { due_at: set.due_at, end_date: course.end_date });
      await repo.updateDocument(db, documentId, { ...changes, updated_at: clock.now() });
      const row = await repo.findDocument(db, documentId);
      if (!row) throw AppError.notFound(AssignmentMessages.documentNotFound);
      // A delayed grade's date moved, or the delay began or ended: the LMS gets the scores when they may be shown,
      // and gives back a grade it was sent that may no longer be shown (LTI AGS, issue 28).
      if (row.delay_showing_grade !== doc.delay_showing_grade || row.show_grade_on_date !== doc.show_grade_on_date)
        await scheduleDocumentRelease(deps, documentId, doc);
      return presentDocument(row);
    },

    /** Deletes a document and its file. */
    async removeDocument(actor: Actor, documentId: number): Promise<void> {
      const { doc } = await loadDocument(actor, documentId, { change: true });
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
      if (meetsNeed(role, 'study')) {
        // Never a part-writing copy stored before it was written from the given voices (issue 40).
        key = await givenVoicesStudentCopy(deps, doc, await ensureStudentCopy(deps, doc));
        await repo.recordFirstDownload(db, documentId, actor.user.id, clock.now());
      }
      const { url, expiresAt } = await storage.signedUrl(key, {
        expiresIn: FILE_URL_SECONDS,
        downloadName: `${doc.title}.har`,
      });
      return { url, expires_at: expiresAt };
    },

    /**
     * The preview image's signed link once the preview job has made it. A student gets none of
     * a timed document they have not started (409): a preview neither starts the clock nor skirts it.
     */
    async previewUrl(actor: Actor, documentId: number): Promise<PreviewUrl> {
      const { doc, role } = await loadDocument(actor, documentId);
      const startedAt = meetsNeed(role, 'study') && doc.timed === 1 ? await repo.firstDownload(db, documentId, actor.user.id) : undefined;
      if (!scoreShownBeforeStart(role, doc, startedAt)) throw AppError.conflict(AssignmentMessages.startTimedFirst);
      return previewLink(deps, doc);
    },

    /**
     * A document the actor may see, with its set, course, role and (students) extension,
     * under the same rules as every other document call. 404 otherwise.
     */
    openDocument: (actor: Actor, documentId: number) => loadDocument(actor, documentId),

    /** The student copy of a document (never the key), made now if it is missing. */
    studentCopyKey: (doc: { id: number; doc_key: string; storage_key: string; student_storage_key: string | null }) =>
      ensureStudentCopy(deps, doc),

    /** Starts a student's clock on a document (first open or download; later calls change nothing) and says when it started. */
    async startClock(documentId: number, studentId: number): Promise<number> {
      await repo.recordFirstDownload(db, documentId, studentId, clock.now());
      return (await repo.firstDownload(db, documentId, studentId)) ?? clock.now();
    },

    /**
     * Whether a student of the course sees a document now: its set released, and before the
     * (extended) due date unless the set shows documents after it. The rule of every student
     * read (the workspace, file-url), so a hand-in asks it too (issue 26).
     */
    studentSees: (
      doc: { released_at: number; draft: number; due_at: number; show_after_due: number },
      extensionDueAt: number | null,
      now: number,
    ): boolean => setVisible('student', doc, now) && documentVisible('student', doc, extensionDueAt, now),

    /** When a student first opened or took a document, if ever. */
    clockStart: (documentId: number, studentId: number) => repo.firstDownload(db, documentId, studentId),
  };
}
