import { threadId } from 'node:worker_threads';
import { har } from '@app/contract/har-messages';
import type { Voice } from '@app/contract/part-writing/rules';
import { analysisPositions } from '@app/har/analysis/positions';
import { readScore } from '@app/har/analysis/score-reading';
import { authoringDraft } from '@app/har/authoring-draft';
import { type HarDocument, readHar, studentCopyOf, submissionHead, writeHar } from '@app/har/format';
import type { GradeResult, GradingSettings, Reveal } from '@app/har/grade';
import { HarError } from '@app/har/har-error';
import { importMusicXml } from '@app/har/musicxml-import';
import { importChosenVoices, type VoiceChoice, voiceChoice } from '@app/har/part-writing/chorale-import';
import {
  givenVoicesScore,
  type PartWritingDocument,
  type PartWritingExerciseInput,
  partWritingExercise,
  partWritingStudentCopy,
  partWritingSubmission,
  readPartWritingHar,
  type WrittenVoices,
  writePartWritingHar,
} from '@app/har/part-writing/document';
import { readPartWritingHandIn, submissionScore, writtenFromAnswers } from '@app/har/part-writing/hand-in';
import { type ImportedPartWriting, importPartWriting } from '@app/har/part-writing/import';
import { renderPartWritingPreview, renderPreview } from '@app/har/preview';
import { loadToolkit } from '@app/har/render-score';
import { shownPositions } from '@app/har/shown-positions';
import { renderSubmissionImage } from '@app/har/submission-image';
import { renderWorkspaceScore } from '@app/har/workspace-score';

/**
 * The work the CPU pool (cpu-pool.ts) runs in its threads: everything that reads, analyses or
 * draws a score. Arguments and results cross threads by structured clone (plain data, typed
 * arrays). A task throws HarError for a score it refuses; the pool hands that back as itself.
 * Add a task here and call it with `deps.cpu.run('name', [args])`.
 */
export const cpuTasks = {
  /** Loads Verovio in the thread that stays (cpu-pool.ts `warm`, decision 048); answers the thread's id. */
  warmUp: async (): Promise<number> => {
    await loadToolkit();
    return threadId;
  },
  /** A `.har` checked and read (format.ts), e.g. an uploaded document. */
  readHar: (bytes: Uint8Array): HarDocument => readHar(bytes),
  /** A document written as a `.har`, with the score checked again. */
  writeHar: (doc: HarDocument): Uint8Array => writeHar(doc),
  /** The manifest and score entries of a document's submissions, checked and deflated once (issue 29). */
  submissionHead,
  /**
   * An exercise's student copy written as a `.har`, and the analysis text its score lost (issue 26);
   * with the copy itself, which its layout is made from at upload (issue 40), so it is not read back.
   */
  studentCopy: (doc: HarDocument) => {
    const { copy, removed } = studentCopyOf(doc);
    return { bytes: writeHar(copy), removed, copy };
  },
  /** The preview PNG of a score's first page. */
  renderPreview: async (score: string): Promise<Uint8Array> => (await renderPreview(score)).png,
  /** The PNG of a part-writing score (preview or submission image), its figures and numerals drawn (issue 27). */
  renderPartWritingPreview: async (score: string): Promise<Uint8Array> => (await renderPartWritingPreview(score)).png,
  /** The submission image PNG: the score with the student's labels, the first prefixed with the opening key (decision 031). */
  renderSubmissionImage: async (score: string, result: Pick<GradeResult, 'items' | 'key'>, reveal: Reveal): Promise<Uint8Array> =>
    (await renderSubmissionImage(score, result, reveal)).png,
  /** The workspace layout of an exercise's score with its items placed. */
  renderWorkspaceScore,
  /**
   * An authoring upload: the score imported, analysed and laid out for the workspace, and what the
   * students' copy will leave out of it (issue 26), the MusicXML parsed once for all of them.
   */
  draftFromUpload: (bytes: Uint8Array, settings: GradingSettings) => authoringDraft(bytes, settings),
  /** Each item's measure and beat as the score prints them (the grade report, issue 24). */
  shownPositions,
  /**
   * A part-writing submission's image (issue 27): the exercise's score with the voices its graded
   * answers give (one per chord, as the grade keeps them), drawn as a part-writing preview is.
   */
  renderPartWritingSubmission: async (exercise: PartWritingDocument, answers: { id: string; answer: string }[]): Promise<Uint8Array> => {
    const read = writtenFromAnswers(exercise.exercise, answers);
    if ('refusal' in read) throw new HarError(har('answerUnreadable', { chord: read.refusal.index + 1 }));
    return (await renderPartWritingPreview(submissionScore(partWritingSubmission(exercise, read.written)))).png;
  },
  /** Create Exercise's part writing (issue 27): the exercise (checked already) and its model written as a `.har`. */
  partWritingExerciseFile: (title: string, input: PartWritingExerciseInput, model?: WrittenVoices): Uint8Array =>
    writePartWritingHar(partWritingExercise(title, input, model)),
  /**
   * A part-writing authoring upload (issue 27): the given voices, figures or numerals, key and meter;
   * a whole score (a chorale) answers its voices to choose the given ones from, and with `given`
   * chosen the exercise made of them, its other voices as the model (QA Q5).
   */
  partWritingFromUpload: (
    bytes: Uint8Array,
    given?: Voice[],
    parts?: Partial<Record<Voice, number>>,
  ): ImportedPartWriting | ReturnType<typeof importChosenVoices> | VoiceChoice => {
    const { musicxml } = importMusicXml(bytes);
    if (given) return importChosenVoices(musicxml, given, parts ? { parts } : {});
    return voiceChoice(musicxml) ?? importPartWriting(musicxml);
  },
  /** A part-writing hand-in file (issue 27): its manifest's fields and voices.json, nothing else unpacked. */
  readPartWritingHandIn,
  /** A stored part-writing `.har` read (a document's exercise, once per file version: documents/exercise-cache.ts). */
  readPartWritingHar: (bytes: Uint8Array): PartWritingDocument => readPartWritingHar(bytes),
  /** A part-writing document written as a `.har` (a hand-in's stored submission). */
  writePartWritingHar: (doc: PartWritingDocument): Uint8Array => writePartWritingHar(doc),
  /** A part-writing document stored in a course: its `.har` and, for an exercise, its student copy (without `model.json`). */
  partWritingStoredFiles: (doc: PartWritingDocument, withStudentCopy: boolean) => ({
    file: writePartWritingHar(doc),
    studentCopy: withStudentCopy ? writePartWritingHar(partWritingStudentCopy(doc)) : null,
  }),
  /**
   * Whether a part-writing student copy is what a student may have (issue 40): no model, no voices,
   * and its score exactly the given voices' (a copy stored before holds the uploaded score, maybe the model's voices).
   */
  partWritingCopyIsGiven: (bytes: Uint8Array): boolean => {
    const copy = readPartWritingHar(bytes);
    return copy.model === undefined && copy.voices === undefined && copy.score === givenVoicesScore(copy.manifest.title, copy.exercise);
  },
  /** A score's analysis positions, in score order. */
  analysisPositions: (musicxml: string) => analysisPositions(readScore(musicxml)),
};

export type CpuTasks = typeof cpuTasks;
export type CpuTaskName = keyof CpuTasks;
