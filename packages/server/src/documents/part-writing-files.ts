import { Readable } from 'node:stream';
import type { PartWritingWorkspace } from '@app/contract/part-writing';
import { PartWritingMessages } from '@app/contract/part-writing';
import { lineProblemMessage } from '@app/contract/part-writing/check';
import { VOICES } from '@app/contract/part-writing/rules';
import { type Workspace, WorkspaceMessages } from '@app/contract/workspace';
import { contentHash } from '@app/har/format';
import { HarError } from '@app/har/har-error';
import {
  givenVoicesScore,
  type PartWritingDocument,
  partWritingSubmission,
  readPartWritingHar,
  type WrittenVoices,
} from '@app/har/part-writing/document';
import {
  chordPlaces,
  isPartWritingHar,
  type PartWritingResult,
  partWritingResult,
  studentView,
  writtenFromAnswers,
} from '@app/har/part-writing/hand-in';
import type { Deps } from '../deps.ts';
import { AppError } from '../http/errors.ts';
import { newKey } from '../lib/random.ts';
import { newDocKey, previewKey, type StoredHar, studentCopyKey } from './har-files.ts';
import { type HandInFile, writtenFromHandInFile } from './part-writing-hand-in.ts';

/**
 * Part-writing documents in storage (issue 27): stored like every `.har` (a course document
 * stamped with its doc_key, and its student copy without `model.json`), shown in the workspace as
 * chords to write, handed in as one answer per chord, graded by the rule costs and drawn as the
 * score with the student's voices and a grade report of the findings. The analysis paths call
 * these where a document's manifest says `part-writing` (`isPartWritingHar`).
 */

export { isPartWritingHar };

/**
 * An uploaded part-writing `.har` read in the CPU pool (decision 032), its refusal naming the file.
 * Its score is written again from `part-writing.json`'s given voices (issue 40): a hand-made file's
 * `score.musicxml` may hold the model's voices, and the stored file, the student copy, the preview
 * and every submission are made from the stored score.
 */
async function read(deps: Pick<Deps, 'cpu'>, bytes: Uint8Array, fileName: string): Promise<PartWritingDocument> {
  try {
    const uploaded = await deps.cpu.run('readPartWritingHar', [bytes]);
    return { ...uploaded, score: givenVoicesScore(uploaded.manifest.title, uploaded.exercise) };
  } catch (error) {
    if (error instanceof HarError) throw AppError.fromHar(error, 'file', { fileName });
    throw error;
  }
}

/** storeHar for a part-writing `.har`: the file (stamped in a course) and, for an exercise in a course, its student copy. */
export async function storePartWritingHar(
  deps: Deps,
  folder: 'documents' | 'library',
  bytes: Uint8Array,
  fileName: string,
): Promise<StoredHar> {
  const doc = await read(deps, bytes, fileName);
  const docKey = newDocKey();
  const stamped: PartWritingDocument = { ...doc, manifest: { ...doc.manifest, document_key: docKey } };
  // A course's file is stamped and zipped again, with its student copy, in the CPU pool (decision 032).
  const written =
    folder === 'documents'
      ? await deps.cpu.run('partWritingStoredFiles', [stamped, doc.manifest.kind === 'exercise'])
      : { file: bytes, studentCopy: null };
  const stored = written.file;
  const storageKey = `${folder}/${docKey}.har`;
  await deps.storage.put(storageKey, Readable.from(Buffer.from(stored)), { contentType: 'application/zip' });
  let studentStorageKey: string | null = null;
  if (written.studentCopy) {
    studentStorageKey = studentCopyKey(docKey);
    try {
      await deps.storage.put(studentStorageKey, Readable.from(Buffer.from(written.studentCopy)), { contentType: 'application/zip' });
    } catch (error) {
      await deps.storage.delete(storageKey);
      throw error;
    }
  }
  const hash = contentHash(new TextEncoder().encode(doc.score));
  return {
    storageKey,
    studentStorageKey,
    contentHash: hash,
    size: stored.byteLength,
    docKey,
    title: doc.manifest.title,
    previewReady: (await deps.storage.stat(previewKey(hash))) !== undefined,
    removedForStudents: [],
  };
}

/** A stored part-writing `.har` read (its rule settings, for editing them). */
export function readPartWritingDocument(bytes: Uint8Array): PartWritingDocument {
  return readPartWritingHar(bytes);
}

/**
 * storeKeyVersion for a part-writing document (issue 27): a new version with new rule settings,
 * its own student copy beside it, under names unique per attempt (decision 020). Throws HarError
 * when the settings do not make a valid exercise.
 */
export async function storePartWritingVersion(
  deps: Pick<Deps, 'storage' | 'cpu'>,
  doc: PartWritingDocument,
  docKey: string,
  version: number,
): Promise<{ storageKey: string; studentStorageKey: string; size: number }> {
  const stamped: PartWritingDocument = { ...doc, manifest: { ...doc.manifest, document_key: docKey } };
  // Zipped in the CPU pool, as an uploaded document is (decision 032).
  const { file: bytes, studentCopy: copy } = await deps.cpu.run('partWritingStoredFiles', [stamped, true]);
  if (!copy) throw new Error('An exercise has a student copy.');
  const attempt = newKey(6);
  const storageKey = `documents/${docKey}.v${version}-${attempt}.har`;
  const studentStorageKey = `documents/${docKey}.v${version}-${attempt}.student.har`;
  await deps.storage.put(storageKey, Readable.from(Buffer.from(bytes)), { contentType: 'application/zip' });
  try {
    await deps.storage.put(studentStorageKey, Readable.from(Buffer.from(copy)), { contentType: 'application/zip' });
  } catch (error) {
    await deps.storage.delete(storageKey);
    throw error;
  }
  return { storageKey, studentStorageKey, size: bytes.byteLength };
}

/** A part-writing submission graded again by its document's current rule settings: the student's voices, the document's exercise. */
export function regradePartWriting(document: PartWritingDocument, submissionBytes: Uint8Array): PartWritingResult {
  const submission = readPartWritingHar(submissionBytes);
  if (!submission.voices) throw new HarError('A submission must contain voices.json, and voices.json is missing.');
  return partWritingResult(document.exercise, submission.voices);
}

/**
 * The score a part-writing document's preview is drawn from: its given voices, written from
 * `part-writing.json` (issue 40), never the file's `score.musicxml` as stored (documents stored
 * before the upload wrote it again may hold the model's voices there).
 */
export function partWritingScoreOf(bytes: Uint8Array): string {
  const doc = readPartWritingHar(bytes);
  return givenVoicesScore(doc.manifest.title, doc.exercise);
}

/** The workspace of a part-writing student copy: no drawn score yet (a grid of chords × voices), one item per chord. */
export function partWritingLayout(copyBytes: Uint8Array): {
  score: null;
  items: Workspace['items'];
  key: string;
  part_writing: PartWritingWorkspace;
} {
  const copy = readPartWritingHar(copyBytes);
  const view = studentView(copy.exercise);
  const places = chordPlaces(copy.exercise);
  return {
    score: null,
    key: copy.exercise.key,
    part_writing: view,
    items: view.chords.map((chord, index) => {
      const place = places[index] as { measure: number; beat: number; onset: number };
      return {
        id: chord.id,
        number: index + 1,
        measure: place.measure,
        beat: place.beat,
        points: 0,
        x: null,
        onset: place.onset,
        note_ids: [],
      };
    }),
  };
}

/**
 * A part-writing hand-in graded from the workspace's answers or a `.har` file's voices, against the
 * document's exercise (read once per file version: exercise-cache.ts). Answers must be for the document's chords, each the voices
 * to write as pitch names; the first that is not is a 400 naming it (`answers.2.answer`). A file is
 * read for its voices alone (part-writing-hand-in.ts); either way the server's exercise is graded.
 */
export async function gradePartWritingHandIn(
  deps: Pick<Deps, 'cpu'>,
  exercise: PartWritingDocument,
  docKey: string,
  input: { kind: 'answers'; answers: { id: string; answer: string }[] } | { kind: 'file'; read: HandInFile },
): Promise<{ bytes: Buffer; result: PartWritingResult }> {
  const written =
    input.kind === 'file'
      ? await writtenFromHandInFile(deps, exercise.exercise, docKey, input.read)
      : writtenFromAnswerEntries(exercise.exercise, input.answers);
  const submission = partWritingSubmission({ ...exercise, manifest: { ...exercise.manifest, document_key: docKey } }, written);
  return {
    // Zipped in the CPU pool, off the event loop (issue 29).
    bytes: Buffer.from(await deps.cpu.run('writePartWritingHar', [submission])),
    result: partWritingResult(exercise.exercise, written),
  };
}

/** The workspace's answers as written voices; the first that cannot be read is a 400 naming it. */
function writtenFromAnswerEntries(exercise: PartWritingDocument['exercise'], answers: { id: string; answer: string }[]): WrittenVoices {
  const read = writtenFromAnswers(exercise, answers);
  if ('refusal' in read) {
    const { index, problem } = read.refusal;
    const field = problem.kind === 'unknown' ? 'answers' : `answers.${index}.answer`;
    const voices = VOICES.filter((v) => exercise.write.includes(v)).join(' ');
    const message =
      problem.kind === 'unknown'
        ? WorkspaceMessages.unknownItem
        : problem.kind === 'count'
          ? PartWritingMessages.chordVoices(voices)
          : problem.kind === 'pitch'
            ? PartWritingMessages.badPitch(problem.note)
            : problem.kind === 'line'
              ? lineProblemMessage(problem.note, problem.problem)
              : PartWritingMessages.outsideMidi(problem.note);
    throw AppError.badRequest(field, message);
  }
  return read.written;
}
