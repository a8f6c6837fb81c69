import { Readable } from 'node:stream';
import type { PreviewUrl, RemovedAnalysis } from '@app/contract/assignments';
import { har } from '@app/contract/har-messages';
import { contentHash, type HarDocument, writeHar } from '@app/har/format';
import { HarError } from '@app/har/har-error';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../http/errors.ts';
import { newKey } from '../lib/random.ts';
import { isPartWritingHar, partWritingScoreOf, storePartWritingHar } from './part-writing-files.ts';
import {
  documentsWithoutStudentCopy,
  documentsWithStudentCopy,
  replaceStudentStorageKey,
  setPreviewStatus,
  setStudentStorageKey,
  studentStorageKeyOf,
} from './repository.ts';
import { layOutStudentCopy, layoutKey } from './workspace-layout.ts';

export const PREVIEW_JOB = 'document-preview';
type PreviewPayload = { storageKey: string; contentHash: string };

export const previewKey = (hash: string) => `previews/${hash}.png`;

/** A stored PENDING / READY / FAILED status, read as the API's enum (anything unknown is still pending). */
export function jobStatus(raw: string): 'PENDING' | 'READY' | 'FAILED' {
  return raw === 'READY' || raw === 'FAILED' ? raw : 'PENDING';
}

/** What the preview-url endpoints answer: the status, and a signed link once the image exists. */
export async function previewLink(
  deps: Pick<Deps, 'storage'>,
  doc: { preview_status: string; preview_error: string | null; content_hash: string },
): Promise<PreviewUrl> {
  const status = jobStatus(doc.preview_status);
  if (status !== 'READY') return { status, url: null, error: doc.preview_error };
  const { url } = await deps.storage.signedUrl(previewKey(doc.content_hash), { expiresIn: 600 });
  return { status, url, error: null };
}
export const newDocKey = () => newKey(12);

export const STUDENT_COPIES_JOB = 'document-student-copies';
/** Remakes student copies made before they left analysis text out (issue 26; queued by migration 0017). */
export const STUDENT_COPIES_WITHOUT_ANALYSIS_JOB = 'document-student-copies-without-analysis';

/**
 * Remakes part-writing student copies stored before copies were written from the given voices
 * (issue 40, decision 052; queued by migration 0039): such a copy's score is the uploaded one, which
 * a hand-made file may have written the model's voices into.
 */
export const PART_WRITING_STUDENT_COPIES_JOB = 'document-part-writing-student-copies';

export type StoredHar = {
  storageKey: string;
  /** Course documents only: the copy without the answer key that students receive. */
  studentStorageKey: string | null;
  contentHash: string;
  size: number;
  docKey: string;
  title: string;
  previewReady: boolean;
  /** What the student copy's score leaves out (analysis written into it; issue 26); [] without a student copy. */
  removedForStudents: RemovedAnalysis[];
  /** The student copy's workspace layout stored at upload (issue 40): the copy holds its own doc_key, so no other document shares it. */
  layoutStorageKey?: string;
};

/** Every file storing a document wrote, for removing them when its row is not stored after all (storage/orphans.ts). */
export function storedKeys(stored: Pick<StoredHar, 'storageKey' | 'studentStorageKey' | 'layoutStorageKey'>): string[] {
  return [stored.storageKey, stored.studentStorageKey, stored.layoutStorageKey].filter((key): key is string => typeof key === 'string');
}

export const studentCopyKey = (docKey: string) => `documents/${docKey}.student.har`;

/** Writes the student copy of an exercise (manifest, score without analysis text, item positions; never the key). */
async function putStudentCopy(
  deps: Pick<Deps, 'storage' | 'cpu'>,
  doc: HarDocument,
  docKey: string,
  key = studentCopyKey(docKey),
): Promise<{ key: string; removed: RemovedAnalysis[]; bytes: Uint8Array; copy: HarDocument }> {
  const { bytes, removed, copy } = await deps.cpu.run('studentCopy', [doc]);
  await deps.storage.put(key, Readable.from(Buffer.from(bytes)), { contentType: 'application/zip' });
  return { key, removed, bytes, copy };
}

/**
 * Checks a .har file and stores it under `<folder>/<doc_key>.har`. A course document's
 * manifest is stamped with its doc_key, so the work handed in from it can be matched to
 * it. Previews are cached by the hash of the score alone. A file that is not a valid
 * .har is refused with the format's own message, naming the file. `written` is the document
 * the bytes were just written from by writeHar (Create Exercise's save), so checked already:
 * it is not read back. A course exercise's student copy is laid out for the workspace now and
 * the layout stored (issue 40), so no student's open lays it out; a score that cannot be laid out
 * (unreadable to Verovio, past the time or memory limit) is refused like an unreadable file and
 * nothing is stored. `layOut: false` (a course's copy of documents already laid out) leaves that
 * to the first open.
 */
export async function storeHar(
  deps: Deps,
  folder: 'documents' | 'library',
  bytes: Uint8Array,
  fileName: string,
  written?: HarDocument,
  options: { layOut?: boolean } = {},
): Promise<StoredHar> {
  // A part-writing document (issue 27) has its own entries and its own student copy.
  if (!written && isPartWritingHar(bytes)) return storePartWritingHar(deps, folder, bytes, fileName);
  let doc: HarDocument;
  try {
    // Read in the CPU pool (decision 032): the score is checked against the limits before it is parsed.
    doc = written ?? (await deps.cpu.run('readHar', [bytes]));
  } catch (error) {
    if (error instanceof HarError) throw AppError.fromHar(error, 'file', { fileName });
    throw error;
  }
  // An exercise without its key (a student copy) could be opened but never handed in or graded (QA2-1).
  if (doc.manifest.kind === 'exercise' && !doc.key) {
    throw AppError.fromHar(new HarError(har('uploadNoAnswerKey')), 'file', { fileName });
  }
  const docKey = newDocKey();
  const stored =
    folder === 'documents' ? await deps.cpu.run('writeHar', [{ ...doc, manifest: { ...doc.manifest, document_key: docKey } }]) : bytes;
  const storageKey = `${folder}/${docKey}.har`;
  await deps.storage.put(storageKey, Readable.from(Buffer.from(stored)), { contentType: 'application/zip' });
  let studentStorageKey: string | null = null;
  let removedForStudents: RemovedAnalysis[] = [];
  let layoutStorageKey: string | undefined;
  try {
    if (folder === 'documents' && doc.manifest.kind === 'exercise') {
      const copy = await putStudentCopy(deps, { ...doc, manifest: { ...doc.manifest, document_key: docKey } }, docKey);
      studentStorageKey = copy.key;
      removedForStudents = copy.removed;
      if (options.layOut !== false) {
        await layOutStudentCopy(deps, copy.bytes, { rememberFailure: false, copy: copy.copy });
        layoutStorageKey = layoutKey(contentHash(copy.bytes));
      }
    }
  } catch (error) {
    await deleteStored(deps, { storageKey, studentStorageKey });
    if (error instanceof HarError) throw AppError.fromHar(error, 'file', { fileName });
    throw error;
  }
  const hash = contentHash(new TextEncoder().encode(doc.score));
  const previewReady = (await deps.storage.stat(previewKey(hash))) !== undefined;
  return {
    storageKey,
    studentStorageKey,
    contentHash: hash,
    size: stored.byteLength,
    docKey,
    title: doc.manifest.title,
    previewReady,
    removedForStudents,
    ...(layoutStorageKey ? { layoutStorageKey } : {}),
  };
}

/**
 * Stores a new version of a course document's exercise (an edited key) beside the first, under
 * the same doc_key (handed-in work names it), with its own student copy: the copy's content
 * changes with the points, so the workspace's layout cache (keyed by its hash) follows. The
 * names carry a random part, so the caller removes only what this attempt wrote.
 */
export async function storeKeyVersion(
  deps: Pick<Deps, 'storage' | 'cpu'>,
  doc: HarDocument,
  docKey: string,
  version: number,
): Promise<{ storageKey: string; studentStorageKey: string; size: number }> {
  const stamped: HarDocument = { ...doc, manifest: { ...doc.manifest, document_key: docKey } };
  const bytes = writeHar(stamped);
  // Unique per attempt: two saves of the same version at once must not share names, or the one
  // that loses the conditional update would delete the winner's files (issue 26).
  const attempt = newKey(6);
  const storageKey = `documents/${docKey}.v${version}-${attempt}.har`;
  const studentStorageKey = `documents/${docKey}.v${version}-${attempt}.student.har`;
  await deps.storage.put(storageKey, Readable.from(Buffer.from(bytes)), { contentType: 'application/zip' });
  let copy: Awaited<ReturnType<typeof putStudentCopy>>;
  try {
    copy = await putStudentCopy(deps, stamped, docKey, studentStorageKey);
  } catch (error) {
    await deps.storage.delete(storageKey);
    throw error;
  }
  // The new copy (its points changed) laid out now, as an upload's is (issue 40); the score is the
  // version before's, laid out already, so this does not refuse the edit: a refusal is stored for
  // the copy and the workspace answers it, as it would at the first open.
  await layOutStudentCopy(deps, copy.bytes, { rememberFailure: true, copy: copy.copy }).catch((error: unknown) => {
    if (!(error instanceof HarError)) throw error;
  });
  return { storageKey, studentStorageKey, size: bytes.byteLength };
}

/** Removes what storeHar wrote (the file and its student copy). */
export async function deleteStored(
  deps: Pick<Deps, 'storage'>,
  stored: Pick<StoredHar, 'storageKey' | 'studentStorageKey' | 'layoutStorageKey'>,
) {
  await Promise.all(storedKeys({ layoutStorageKey: undefined, ...stored }).map((k) => deps.storage.delete(k)));
}

/**
 * The storage key of a document's student copy, made now if the document predates
 * student copies (the backfill job makes them too; making one twice is harmless).
 */
export async function ensureStudentCopy(
  deps: Pick<Deps, 'storage' | 'db' | 'cpu'>,
  doc: { id: number; doc_key: string; storage_key: string; student_storage_key: string | null },
): Promise<string> {
  if (doc.student_storage_key) return doc.student_storage_key;
  const full = await deps.cpu.run('readHar', [await loadHar(deps, doc.storage_key)]);
  const { key } = await putStudentCopy(deps, full, doc.doc_key);
  await setStudentStorageKey(deps.db, doc.id, key);
  return key;
}

/** Per storage, the copies found fit for students (a copy's name never gets other content), so each is read once. */
const givenCopies = new WeakMap<object, Set<string>>();

/**
 * The key of a document's student copy fit to give a student (issue 40). A part-writing copy that is
 * not written from its given voices alone (stored before: its score is the uploaded one, maybe holding
 * the model's voices) is written again from the document's file, stored under a new name and put in the
 * row; the preview cached from that score is drawn again. Any other copy is answered as it is. Every
 * student download asks this, and the backfill job (PART_WRITING_STUDENT_COPIES_JOB); running twice
 * changes nothing.
 */
export async function givenVoicesStudentCopy(
  deps: Pick<Deps, 'storage' | 'db' | 'cpu' | 'jobs'>,
  doc: { id: number; doc_key: string; storage_key: string; content_hash: string },
  copyKey: string,
  signal?: AbortSignal,
): Promise<string> {
  const known = givenCopies.get(deps.storage) ?? new Set<string>();
  givenCopies.set(deps.storage, known);
  const options = signal ? { signal } : {};
  let key = copyKey;
  // A key edit meanwhile puts its own copy in the row: that one is checked in turn.
  for (let attempt = 0; attempt < 3; attempt++) {
    if (known.has(key)) return key;
    const bytes = await loadHar(deps, key);
    if (!isPartWritingHar(bytes) || (await deps.cpu.run('partWritingCopyIsGiven', [bytes], options))) {
      known.add(key);
      return key;
    }
    const full = await deps.cpu.run('readPartWritingHar', [await loadHar(deps, doc.storage_key)], options);
    const { studentCopy } = await deps.cpu.run('partWritingStoredFiles', [full, true], options);
    if (!studentCopy) throw new Error('An exercise has a student copy.');
    // The preview cached by this content was drawn from the stored score before 2de0e7e: drawn again
    // (before the copy is replaced, so a run cut short does it again).
    await deps.storage.delete(previewKey(doc.content_hash));
    await setPreviewStatus(deps.db, doc.content_hash, 'PENDING', null);
    await deps.jobs.enqueue(PREVIEW_JOB, { storageKey: doc.storage_key, contentHash: doc.content_hash } satisfies PreviewPayload);
    const remade = `documents/${doc.doc_key}.s${newKey(6)}.student.har`;
    await deps.storage.put(remade, Readable.from(Buffer.from(studentCopy)), { contentType: 'application/zip' });
    if (await replaceStudentStorageKey(deps.db, doc.id, key, remade)) {
      known.add(remade);
      return remade;
    }
    await deps.storage.delete(remade);
    const current = await studentStorageKeyOf(deps.db, doc.id);
    if (!current) throw AppError.notFound();
    key = current;
  }
  throw new Error(`The student copy of document ${doc.id} kept changing while it was written again.`);
}

/** Queues the preview of stored documents whose preview is not cached yet, inside the caller's transaction. */
export async function enqueuePreviews(deps: Deps, db: Db, stored: StoredHar[]): Promise<void> {
  const seen = new Set<string>();
  for (const s of stored) {
    if (s.previewReady || seen.has(s.contentHash)) continue;
    seen.add(s.contentHash);
    await deps.jobs.enqueue(PREVIEW_JOB, { storageKey: s.storageKey, contentHash: s.contentHash } satisfies PreviewPayload, { db });
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return new Uint8Array(Buffer.concat(chunks));
}

/** Reads a stored .har back whole (at most 20 MB by the upload rule). */
export async function loadHar(deps: Pick<Deps, 'storage'>, storageKey: string): Promise<Uint8Array> {
  return readAll(await deps.storage.get(storageKey));
}

/**
 * The preview job: Verovio renders the score's first page, once per content hash;
 * every document with the same content shares the PNG. A score that cannot be read
 * marks the preview FAILED with the reason; it is not retried.
 */
export function registerPreviewJob(deps: Deps) {
  deps.jobs.register<PreviewPayload>(
    PREVIEW_JOB,
    async (payload, context) => {
      const key = previewKey(payload.contentHash);
      if (!(await deps.storage.stat(key))) {
        try {
          // In the CPU pool, stopped with the job (decision 032); a render past its limit is FAILED, not retried.
          const bytes = await loadHar(deps, payload.storageKey);
          // A part-writing score is drawn whole: its figures and numerals are the exercise (issue 27).
          const png = isPartWritingHar(bytes)
            ? await deps.cpu.run('renderPartWritingPreview', [partWritingScoreOf(bytes)], { signal: context.signal })
            : await deps.cpu.run('renderPreview', [(await deps.cpu.run('readHar', [bytes], { signal: context.signal })).score], {
                signal: context.signal,
              });
          await deps.storage.put(key, Readable.from(Buffer.from(png)), { contentType: 'image/png' });
        } catch (error) {
          if (context.signal.aborted) throw error;
          const message = error instanceof Error ? error.message : String(error);
          context.log.warn({ contentHash: payload.contentHash, err: error }, 'preview failed');
          await setPreviewStatus(deps.db, payload.contentHash, 'FAILED', message.slice(0, 500));
          return;
        }
      }
      await setPreviewStatus(deps.db, payload.contentHash, 'READY', null);
    },
    { timeLimitMs: 60_000, maxAttempts: 3 },
  );

  // Documents stored before student copies existed (queued once by migration 0010).
  deps.jobs.register(
    STUDENT_COPIES_JOB,
    async (_payload, context) => {
      for (const doc of await documentsWithoutStudentCopy(deps.db)) {
        if (context.signal.aborted) return;
        try {
          await ensureStudentCopy(deps, doc);
        } catch (error) {
          // A document whose file cannot be read gets its copy on first use, or answers why then.
          context.log.warn({ documentId: doc.id, err: error }, 'student copy failed');
        }
      }
    },
    { timeLimitMs: 15 * 60_000, maxAttempts: 3 },
  );

  // Student copies made before copies left out analysis text written into the score (issue 26):
  // each is made again, and a copy that differs is stored under a new name (a copy's name never
  // gets other content: the workspace keeps layouts by it). Running twice changes nothing.
  deps.jobs.register(
    STUDENT_COPIES_WITHOUT_ANALYSIS_JOB,
    async (_payload, context) => {
      for (const doc of await documentsWithStudentCopy(deps.db)) {
        if (context.signal.aborted) return;
        try {
          const full = await deps.cpu.run('readHar', [await loadHar(deps, doc.storage_key)], { signal: context.signal });
          if (full.manifest.kind !== 'exercise') continue;
          const { bytes, removed } = await deps.cpu.run('studentCopy', [full], { signal: context.signal });
          if (removed.length === 0 || Buffer.from(await loadHar(deps, doc.student_storage_key)).equals(Buffer.from(bytes))) continue;
          // The cached preview was drawn from the whole score: it is drawn again without the analysis
          // (before the copy is replaced, so a run cut short here does it again).
          await deps.storage.delete(previewKey(doc.content_hash));
          await setPreviewStatus(deps.db, doc.content_hash, 'PENDING', null);
          await deps.jobs.enqueue(PREVIEW_JOB, { storageKey: doc.storage_key, contentHash: doc.content_hash } satisfies PreviewPayload);
          const key = `documents/${doc.doc_key}.s${newKey(6)}.student.har`;
          await deps.storage.put(key, Readable.from(Buffer.from(bytes)), { contentType: 'application/zip' });
          // An edit of the key meanwhile made its own copy: this one is not needed then.
          if (!(await replaceStudentStorageKey(deps.db, doc.id, doc.student_storage_key, key))) await deps.storage.delete(key);
        } catch (error) {
          if (context.signal.aborted) throw error;
          context.log.warn({ documentId: doc.id, err: error }, 'student copy without analysis failed');
        }
      }
    },
    { timeLimitMs: 30 * 60_000, maxAttempts: 3 },
  );

  // Part-writing student copies stored before they were written from the given voices (issue 40):
  // each is written again (givenVoicesStudentCopy); a copy written so already is left as it is.
  deps.jobs.register(
    PART_WRITING_STUDENT_COPIES_JOB,
    async (_payload, context) => {
      for (const doc of await documentsWithStudentCopy(deps.db)) {
        // Stopped (shutdown, time limit): run again later; the copies done are left as they are.
        context.signal.throwIfAborted();
        try {
          await givenVoicesStudentCopy(deps, doc, doc.student_storage_key, context.signal);
        } catch (error) {
          if (context.signal.aborted) throw error;
          // Every student download asks again (documents-service fileUrl), so a copy missed here is never given out.
          context.log.warn({ documentId: doc.id, err: error }, 'part-writing student copy failed');
        }
      }
    },
    { timeLimitMs: 30 * 60_000, maxAttempts: 3 },
  );
}
