import { createHash } from 'node:crypto';
import { type HarRef, har, harSubject } from '@app/contract/har-messages';
import { parseKey } from '@app/contract/keyed-label';
import { messageCode } from '@app/contract/message-codes';
import { zipSync } from 'fflate';
import { z } from 'zod';
import { HarError } from './har-error.ts';
import { assertMusicXml } from './musicxml-check.ts';
import { HAR_LIMITS, unzipWithLimits, type ZipLimits, zipEntryNames } from './safe-unzip.ts';
import { SCORE_LIMITS, scoreTooLarge } from './score-limits.ts';
import { type RemovedAnalysis, studentScore } from './student-score.ts';

/** The `.har` document of DESIGN §8: a ZIP archive of a manifest, a MusicXML score and an answer key or answers. */

export const MANIFEST_ENTRY = 'manifest.json';
export const SCORE_ENTRY = 'score.musicxml';
export const KEY_ENTRY = 'key.json';
export const ANSWERS_ENTRY = 'answers.json';
/** A student copy of an exercise holds where its items are, without answers, instead of `key.json`. */
export const ITEMS_ENTRY = 'items.json';
export const MAX_ITEMS = 500;

// Every message is a phrase that follows the file name (or 'item n') in HarError's sentence.
const text = (field: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is missing` : `${field} must be text`) })
    .trim()
    .min(1, { error: `${field} is empty` })
    .max(max, { error: `${field} is longer than ${max} characters` });

export const Manifest = z.object({
  format: z.literal('har', { error: 'format must be "har"' }),
  version: z.literal(1, { error: 'version must be 1' }),
  kind: z.enum(['exercise', 'submission'], { error: 'kind must be "exercise" or "submission"' }),
  title: text('title', 200),
  exercise_type: z.literal('roman-numeral-analysis', { error: 'exercise_type must be "roman-numeral-analysis"' }),
  document_key: text('document_key', 200).optional(),
});
export type Manifest = z.infer<typeof Manifest>;

const itemId = z
  .string({ error: (issue) => (issue.input === undefined ? 'has no id' : 'has an id that is not text') })
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, { error: 'has an id that is not 1 to 64 letters, digits, dots, colons, dashes or underscores' });

const KeyItem = z.object(
  {
    id: itemId,
    measure: z
      .number({ error: 'has no measure number' })
      .int({ error: 'has a measure that is not a whole number' })
      .min(0, { error: 'has a negative measure' }),
    beat: z.number({ error: 'has no beat' }).min(1, { error: 'has a beat before 1' }).max(64, { error: 'has a beat after 64' }),
    answers: z
      .array(
        z
          .string({ error: 'has an answer that is not text' })
          .trim()
          .min(1, { error: 'has an empty answer' })
          .max(64, { error: 'has an answer longer than 64 characters' }),
        { error: 'has no answers' },
      )
      .min(1, { error: 'has no answers' })
      .max(8, { error: 'has more than 8 answers' }),
    points: z.number({ error: 'has no points' }).min(0, { error: 'has negative points' }).max(1000, { error: 'has more than 1000 points' }),
  },
  { error: 'is not an object' },
);

/**
 * The exercise's opening key (decision 031), as RomanText writes it: 'A', 'f#', 'Bb'. Optional: a
 * document without it (every document before keys could change) is a one-key exercise graded as before.
 */
const OpeningKey = z
  .string({ error: 'key must be text' })
  .trim()
  .refine((text) => parseKey(text) !== undefined, { error: 'key must be a key such as "A", "f#" or "Bb"' });

export const AnswerKey = z
  .object({
    key: OpeningKey.optional(),
    items: z.array(KeyItem, { error: 'items must be a list' }).max(MAX_ITEMS, { error: `has more than ${MAX_ITEMS} items` }),
  })
  .superRefine((key, ctx) => uniqueIds(key.items, ctx));
export type AnswerKey = z.infer<typeof AnswerKey>;
export type AnswerKeyItem = AnswerKey['items'][number];

const PositionItem = KeyItem.omit({ answers: true });

/** The items of an exercise without their answers: what a student copy keeps of the key. */
export const ExerciseItems = z
  .object({
    key: OpeningKey.optional(),
    items: z.array(PositionItem, { error: 'items must be a list' }).max(MAX_ITEMS, { error: `has more than ${MAX_ITEMS} items` }),
  })
  .superRefine((items, ctx) => uniqueIds(items.items, ctx));
export type ExerciseItems = z.infer<typeof ExerciseItems>;
export type ExerciseItem = ExerciseItems['items'][number];

const AnswerItem = z.object(
  {
    id: itemId,
    answer: z.string({ error: 'has no answer text' }).max(64, { error: 'has an answer longer than 64 characters' }),
  },
  { error: 'is not an object' },
);

export const SubmissionAnswers = z
  .object({
    items: z.array(AnswerItem, { error: 'items must be a list' }).max(MAX_ITEMS, { error: `has more than ${MAX_ITEMS} items` }),
  })
  .superRefine((answers, ctx) => uniqueIds(answers.items, ctx));
export type SubmissionAnswers = z.infer<typeof SubmissionAnswers>;

function uniqueIds(items: { id: string }[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: ['items', index], message: `repeats the id "${item.id}"` });
    seen.add(item.id);
  });
}

export type HarDocument = {
  manifest: Manifest;
  /** The MusicXML text of `score.musicxml`. */
  score: string;
  /** Exercises only: the answer key. */
  key?: AnswerKey;
  /** Student copies of exercises only: the items' positions and points, no answers. */
  items?: ExerciseItems;
  /** Submissions only: the student's answers. */
  answers?: SubmissionAnswers;
};

/**
 * Reads and validates a `.har` file, whatever its name or content type claimed.
 * Throws HarError naming the first thing that is wrong. Entries the format does
 * not define are counted against the limits and otherwise ignored, and so is a
 * `key.json` inside a submission: the server grades against the exercise's own key.
 */
export function readHar(bytes: Uint8Array): HarDocument {
  let files: Map<string, Uint8Array>;
  try {
    files = unzipWithLimits(bytes, harLimits([MANIFEST_ENTRY, SCORE_ENTRY, KEY_ENTRY, ITEMS_ENTRY, ANSWERS_ENTRY]));
  } catch (error) {
    // A MusicXML score sent as a .har: say what it is and where it goes (QA Q10), not only 'not a ZIP file'.
    if (error instanceof HarError && error.ref?.code === 'har.notZip' && looksLikeMusicXml(bytes)) {
      throw new HarError(har('scoreNotHar'), 'invalid_archive');
    }
    throw error;
  }
  const manifest = parseEntry(files, MANIFEST_ENTRY, Manifest);
  if (!manifest) {
    // A compressed MusicXML score (.mxl) is a ZIP too, with its own table of contents instead of a manifest.
    if (zipEntryNames(bytes).includes(MXL_CONTAINER_ENTRY)) throw new HarError(har('scoreNotHar'), 'invalid_archive');
    throw new HarError(har('entryMissing', { name: MANIFEST_ENTRY }));
  }
  const scoreBytes = files.get(SCORE_ENTRY);
  if (!scoreBytes) throw new HarError(har('entryMissing', { name: SCORE_ENTRY }));
  const score = decodeScore(scoreBytes);
  assertMusicXml(score, SCORE_ENTRY);

  const doc: HarDocument = { manifest, score };
  if (manifest.kind === 'exercise') {
    const key = parseEntry(files, KEY_ENTRY, AnswerKey);
    if (key) doc.key = key;
    const items = parseEntry(files, ITEMS_ENTRY, ExerciseItems);
    if (items) doc.items = items;
  } else {
    const answers = parseEntry(files, ANSWERS_ENTRY, SubmissionAnswers);
    if (!answers) throw new HarError(har('submissionEntryMissing', { name: ANSWERS_ENTRY }));
    doc.answers = answers;
  }
  return doc;
}

const MXL_CONTAINER_ENTRY = 'META-INF/container.xml';

/** Whether bytes that are not a ZIP archive start like a MusicXML score (UTF-8 or UTF-16, its root or doctype early on). */
function looksLikeMusicXml(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 4096);
  const utf16 = head[0] === 0xff && head[1] === 0xfe ? 'utf-16le' : head[0] === 0xfe && head[1] === 0xff ? 'utf-16be' : 'utf-8';
  const text = new TextDecoder(utf16).decode(head);
  return /<(!DOCTYPE\s+)?score-(partwise|timewise)\b/.test(text);
}

/**
 * A hand-in's manifest and (a submission's) answers, and nothing else: a hand-in is answers,
 * graded and drawn on the document's own score, so its `score.musicxml` (whatever its size)
 * and any `key.json` are never unpacked or parsed. Throws HarError like readHar.
 */
export function readHandIn(bytes: Uint8Array): { manifest: Manifest; answers?: SubmissionAnswers } {
  const files = unzipWithLimits(bytes, harLimits([MANIFEST_ENTRY, ANSWERS_ENTRY]));
  const manifest = parseEntry(files, MANIFEST_ENTRY, Manifest);
  if (!manifest) throw new HarError(har('entryMissing', { name: MANIFEST_ENTRY }));
  if (manifest.kind !== 'submission') return { manifest };
  const answers = parseEntry(files, ANSWERS_ENTRY, SubmissionAnswers);
  if (!answers) throw new HarError(har('submissionEntryMissing', { name: ANSWERS_ENTRY }));
  return { manifest, answers };
}

/**
 * An exercise's items read from its `.har` without its score (issue 40): the key's, or a student
 * copy's items.json. What an autosave checks answers against, never laying the score out.
 */
export function readExerciseItems(bytes: Uint8Array): ExerciseItem[] {
  const files = unzipWithLimits(bytes, harLimits([KEY_ENTRY, ITEMS_ENTRY]));
  const key = parseEntry(files, KEY_ENTRY, AnswerKey);
  const items = parseEntry(files, ITEMS_ENTRY, ExerciseItems);
  return exerciseItems({ key, items });
}

/** The JSON entries' own limit: 500 items of the longest kind are about 100 KB. */
const MAX_JSON_ENTRY_BYTES = 1024 * 1024;

/**
 * The archive limits with each entry's own: the score stops unpacking at the product's score
 * size (score-limits.ts), a JSON entry at 1 MB, and entries outside `wanted` are not unpacked.
 */
function harLimits(wanted: string[]): ZipLimits {
  const names = new Set(wanted);
  return {
    ...HAR_LIMITS,
    wanted: (name) => names.has(name),
    maxEntryBytes: (name) =>
      name === SCORE_ENTRY
        ? { bytes: SCORE_LIMITS.maxBytes, refusal: () => scoreTooLarge(SCORE_ENTRY) }
        : { bytes: MAX_JSON_ENTRY_BYTES, refusal: () => new HarError(har('namedEntryTooLarge', { name, size: '1 MB' }), 'too_large') },
  };
}

/** Writes a document as a `.har` archive; the same document always gives the same bytes. */
export function writeHar(doc: HarDocument): Uint8Array {
  const manifest = validate(MANIFEST_ENTRY, Manifest, doc.manifest);
  assertMusicXml(doc.score, SCORE_ENTRY);
  const encoder = new TextEncoder();
  const json = (value: unknown) => encoder.encode(`${JSON.stringify(value, null, 2)}\n`);
  // A fixed time keeps the bytes (and so the content hash) stable across runs.
  const options = { mtime: new Date(2020, 0, 1), level: 6 as const };
  const score = encoder.encode(doc.score);
  // The size limit on the entry's bytes as readHar applies it (assertMusicXml counted characters), so what is written reads back.
  if (score.byteLength > SCORE_LIMITS.maxBytes) throw scoreTooLarge(SCORE_ENTRY);
  const entries: Record<string, [Uint8Array, typeof options]> = {
    [MANIFEST_ENTRY]: [json(manifest), options],
    [SCORE_ENTRY]: [score, options],
  };
  if (manifest.kind === 'exercise' && doc.key) entries[KEY_ENTRY] = [json(validate(KEY_ENTRY, AnswerKey, doc.key)), options];
  if (manifest.kind === 'exercise' && doc.items) entries[ITEMS_ENTRY] = [json(validate(ITEMS_ENTRY, ExerciseItems, doc.items)), options];
  if (manifest.kind === 'submission') {
    if (!doc.answers) throw new HarError(har('submissionEntryMissing', { name: ANSWERS_ENTRY }));
    entries[ANSWERS_ENTRY] = [json(validate(ANSWERS_ENTRY, SubmissionAnswers, doc.answers)), options];
  }
  const bytes = zipSync(entries);
  if (bytes.length > HAR_LIMITS.maxArchiveBytes) throw new HarError(har('archiveTooLarge', { size: '20 MB' }), 'too_large');
  return bytes;
}

/**
 * What a document's submission `.har` holds whatever the answers: its manifest and score entries,
 * checked and deflated once (issue 29) — every hand-in of a document stored the same score zipped
 * again. `local` is their local entries, `central` their central-directory records.
 */
export type SubmissionHead = { local: Uint8Array; central: Uint8Array; count: number };

/** The head of `exercise`'s submissions under `documentKey`: written by `writeHar`, so checked as it checks. */
export function submissionHead(exercise: HarDocument, documentKey: string): SubmissionHead {
  const bytes = writeHar(submissionOf({ ...exercise, manifest: { ...exercise.manifest, document_key: documentKey } }, { items: [] }));
  const zip = zipParts(bytes);
  const last = zip.entries[zip.entries.length - 1];
  if (!last || last.name !== ANSWERS_ENTRY) throw new Error(`writeHar wrote ${ANSWERS_ENTRY} last.`);
  return {
    local: bytes.slice(0, last.localOffset),
    central: bytes.slice(zip.centralOffset, last.centralOffset),
    count: zip.entries.length - 1,
  };
}

/**
 * A submission `.har` of `head`'s document with these answers: the same bytes as `writeHar` of the
 * whole submission (tested), with only `answers.json` checked, deflated and placed after the head.
 */
export function writeSubmissionHar(head: SubmissionHead, answers: SubmissionAnswers): Uint8Array {
  const entry = new TextEncoder().encode(`${JSON.stringify(validate(ANSWERS_ENTRY, SubmissionAnswers, answers), null, 2)}\n`);
  const tail = zipSync({ [ANSWERS_ENTRY]: [entry, { mtime: new Date(2020, 0, 1), level: 6 }] });
  const { centralOffset: tailCentral, centralSize: tailCentralSize } = zipParts(tail);
  const localSize = head.local.length + tailCentral;
  const centralSize = head.central.length + tailCentralSize;
  const out = new Uint8Array(localSize + centralSize + 22);
  out.set(head.local, 0);
  out.set(tail.subarray(0, tailCentral), head.local.length);
  out.set(head.central, localSize);
  out.set(tail.subarray(tailCentral, tailCentral + tailCentralSize), localSize + head.central.length);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  // The answers' local header now follows the head's entries.
  view.setUint32(localSize + head.central.length + 42, head.local.length, true);
  const end = localSize + centralSize;
  view.setUint32(end, 0x06054b50, true);
  view.setUint16(end + 8, head.count + 1, true);
  view.setUint16(end + 10, head.count + 1, true);
  view.setUint32(end + 12, centralSize, true);
  view.setUint32(end + 16, localSize, true);
  if (out.length > HAR_LIMITS.maxArchiveBytes) throw new HarError(har('archiveTooLarge', { size: '20 MB' }), 'too_large');
  return out;
}

/** Where a ZIP archive without a comment keeps its central directory, and each entry's name and offsets. */
function zipParts(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  if (end < 0 || view.getUint32(end, true) !== 0x06054b50) throw new Error('Not a ZIP archive without a comment.');
  const count = view.getUint16(end + 10, true);
  const centralSize = view.getUint32(end + 12, true);
  const centralOffset = view.getUint32(end + 16, true);
  const entries: { name: string; localOffset: number; centralOffset: number }[] = [];
  let at = centralOffset;
  for (let i = 0; i < count; i++) {
    const nameLength = view.getUint16(at + 28, true);
    const length = 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    entries.push({
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      localOffset: view.getUint32(at + 42, true),
      centralOffset: at,
    });
    at += length;
  }
  return { centralOffset, centralSize, entries };
}

/** The items of an exercise in score order, from its key or (a student copy) its items. */
export function exerciseItems(doc: { key?: AnswerKey | undefined; items?: ExerciseItems | undefined }): ExerciseItem[] {
  const items = doc.key?.items.map(({ answers: _answers, ...item }) => item) ?? doc.items?.items ?? [];
  return [...items].sort((a, b) => a.measure - b.measure || a.beat - b.beat);
}

/**
 * What a student may have of an exercise: its manifest and score, and where the items
 * are, never the key (DESIGN §8). The score loses analysis text written into it (lyrics,
 * harmony, figured bass, words under the bass: student-score.ts, issue 26). Writing it gives
 * the same bytes for the same exercise.
 */
export function studentCopy(doc: HarDocument): HarDocument {
  return studentCopyOf(doc).copy;
}

/** The student copy, and what analysis text its score lost (to tell the instructor). */
export function studentCopyOf(doc: HarDocument): { copy: HarDocument; removed: RemovedAnalysis[] } {
  if (doc.manifest.kind !== 'exercise') throw new HarError(har('onlyExerciseCopy'));
  const key = doc.key?.key ?? doc.items?.key;
  const { score, removed } = studentScore(doc.score);
  return { copy: { manifest: doc.manifest, score, items: { ...(key === undefined ? {} : { key }), items: exerciseItems(doc) } }, removed };
}

/** A submission of an exercise with the given answers, as if the student had written the .har. */
export function submissionOf(exercise: HarDocument, answers: SubmissionAnswers): HarDocument {
  return { manifest: { ...exercise.manifest, kind: 'submission' }, score: exercise.score, answers };
}

/** The SHA-256 of a file as lower-case hex: the cache key of its preview. */
export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function parseEntry<T>(files: Map<string, Uint8Array>, name: string, schema: z.ZodType<T>): T | undefined {
  const bytes = files.get(name);
  if (!bytes) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes));
  } catch {
    throw new HarError(har('entryNotJson', { name }));
  }
  return validate(name, schema, value);
}

function validate<T>(name: string, schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new HarError(describeIssue(name, result.error.issues[0]));
}

/** 'key.json: item 3 has no answers.' or 'manifest.json: version must be 1.' */
function describeIssue(name: string, issue: z.core.$ZodIssue | undefined): string | HarRef {
  if (!issue) return har('entryInvalid', { name });
  const message = issue.message.replace(/\.$/, '');
  const [first, second] = issue.path;
  if (issue.path.length === 0 && issue.code === 'invalid_type') return har('entryNotObject', { name });
  if (first === 'items' && typeof second === 'number') return `${name}: item ${second + 1} ${message}.`;
  if (first === 'items' && issue.path.length === 1 && message.startsWith('has ')) return `${name} ${message}.`;
  // A contract sentence (coded by message-codes.ts) after the entry's name; other wording as it is.
  const ref = messageCode(`${message}.`);
  return ref ? har('entryIssue', { name, reason: ref }) : `${name}: ${message}.`;
}

function decodeScore(bytes: Uint8Array): string {
  return decodeXmlText(bytes, SCORE_ENTRY);
}

/** XML bytes as text: UTF-8, or UTF-16 by its byte-order mark; the declaration then says UTF-8. Throws HarError naming `name`. */
export function decodeXmlText(bytes: Uint8Array, name: string): string {
  const [b0, b1] = bytes;
  const encoding = b0 === 0xff && b1 === 0xfe ? 'utf-16le' : b0 === 0xfe && b1 === 0xff ? 'utf-16be' : 'utf-8';
  try {
    const score = new TextDecoder(encoding, { fatal: true }).decode(bytes);
    // The text is UTF-8 from here on (writeHar and Verovio), so its declaration must say so.
    return encoding === 'utf-8' ? score : score.replace(/^(<\?xml[^>]*encoding=)(["'])[^"']*\2/, '$1$2UTF-8$2');
  } catch {
    throw new HarError(har('notUnicode', { name: harSubject(name) }));
  }
}
