import { AssignmentMessages } from '@app/contract/assignments';
import { AuthoringMessages } from '@app/contract/exercise-authoring';
import {
  DEFAULT_EXERCISE_POINTS,
  PART_WRITING_METER,
  type PartWritingDraft,
  PartWritingMessages,
  type PartWritingUpload,
  type SavedPartWriting,
  type SavePartWritingRequest,
  type ScoreParts,
} from '@app/contract/part-writing';
import { CheckProblemMessages, lineProblemMessage, meterBeatsInRange } from '@app/contract/part-writing/check';
import { readLine } from '@app/contract/part-writing/line';
import { CHORALE_RULE_POINTS, DEFAULT_RULE_POINTS, VOICES, type Voice } from '@app/contract/part-writing/rules';
import { parsePitch } from '@app/contract/part-writing/theory';
import { ruleSettings } from '@app/contract/part-writing/written';
import { HarError } from '@app/har/har-error';
import type { ScoreLine, ScoreVoice } from '@app/har/part-writing/chorale-import';
import { type DocumentIssue, partWritingExerciseIssues } from '@app/har/part-writing/document';
import type { ImportedPartWriting } from '@app/har/part-writing/import';
import { exerciseMeasures } from '@app/har/part-writing/score';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import type { AssignmentsService } from '../assignments/service.ts';
import type { CoursesService } from '../courses/service.ts';
import type { LibraryService } from '../library/service.ts';

const isVoice = (value: unknown): value is Voice => typeof value === 'string' && (VOICES as readonly string[]).includes(value);

/** Where each field's problems come in the answer: the form's order, and a chord's voices, beats, numeral, figures. */
const FIELD_ORDER = ['key', 'meter', 'given', 'write', 'style', 'chords', 'ranges', 'rules', 'points', 'model'];
const CHORD_ORDER = [...VOICES, 'beats', 'numeral', 'figures'];
function issueOrder(path: DocumentIssue['path']): number[] {
  const [top, index, sub] = path[0] === 'model' ? ['model', path[2], path[3]] : path;
  const field = FIELD_ORDER.indexOf(String(top));
  return [field < 0 ? FIELD_ORDER.length : field, typeof index === 'number' ? index : -1, CHORD_ORDER.indexOf(String(sub))];
}

/**
 * The document's own check (`partWritingExerciseIssues`, har's part-writing document) of an exercise
 * as Create Exercise sends it (typed by the instructor or read from an upload, and its model
 * solution): each issue at its field, in the form's words and order (translated by code in the
 * browser). An issue the form has no field for keeps the document's words.
 */
export function exerciseProblems(input: SavePartWritingRequest, issues: DocumentIssue[]): { field: string; message: string }[] {
  // A voice's line in its chord (issue 35): a pitch that is not one, notes that do not fill the chord (a chord merged or split by hand), a bad tie.
  const pitchProblem = (field: string, text: string, beats: number | undefined) => {
    const read = typeof beats === 'number' ? readLine(text, beats) : undefined;
    if (read && 'problem' in read) return { field, message: lineProblemMessage(text, read.problem) };
    return { field, message: parsePitch(text) ? CheckProblemMessages.outsideMidi(text) : CheckProblemMessages.badPitch(text) };
  };
  const problem = ({ path }: DocumentIssue): { field: string; message: string } | undefined => {
    const [top, index, sub] = path;
    if (top === 'key') return { field: 'key', message: CheckProblemMessages.badKey };
    if (top === 'meter')
      return {
        field: 'meter',
        message:
          PART_WRITING_METER.test(input.meter) && !meterBeatsInRange(input.meter)
            ? CheckProblemMessages.meterBeats
            : CheckProblemMessages.badMeter,
      };
    if (top === 'given' || top === 'write') return { field: 'write', message: PartWritingMessages.voicesToWrite };
    if (top === 'chords' && index === undefined)
      return { field: 'chords', message: input.chords.length === 0 ? CheckProblemMessages.noChords : CheckProblemMessages.tooManyChords };
    if (top === 'chords' && typeof index === 'number') {
      const at = `chords.${index}`;
      const number = String(index + 1);
      const chord = input.chords[index];
      if (sub === 'beats') return { field: `${at}.beats`, message: PartWritingMessages.badBeats(number) };
      if (sub === 'numeral') return { field: `${at}.numeral`, message: CheckProblemMessages.badNumeral(chord?.numeral ?? '') };
      if (sub === 'figures') return { field: `${at}.figures`, message: CheckProblemMessages.badFigures(chord?.figures ?? '') };
      if (isVoice(sub)) {
        const note = chord?.[sub];
        if (!input.given.includes(sub)) return { field: `${at}.${sub}`, message: PartWritingMessages.notGivenVoice(number) };
        if (note === undefined || note.trim() === '')
          return { field: `${at}.${sub}`, message: PartWritingMessages.givenNoteMissing(number) };
        return pitchProblem(`${at}.${sub}`, note, chord?.beats);
      }
    }
    if (top === 'model') {
      const [, , chordIndex, voice] = path;
      if (typeof chordIndex !== 'number') return { field: 'model', message: PartWritingMessages.modelChordCount };
      const at = `model.chords.${chordIndex}`;
      const number = String(chordIndex + 1);
      if (isVoice(voice)) {
        const note = input.model?.chords[chordIndex]?.[voice];
        if (!input.write.includes(voice)) return { field: at, message: PartWritingMessages.modelGivenVoice(number) };
        if (note === undefined || note === '') return { field: at, message: PartWritingMessages.modelMissing(number) };
        return pitchProblem(`${at}.${voice}`, note, input.chords[chordIndex]?.beats);
      }
    }
    return undefined;
  };
  const seen = new Set<string>();
  const problems = [...issues]
    .map((issue, order) => ({ issue, order, key: issueOrder(issue.path) }))
    .sort((a, b) => compareOrders(a.key, b.key) || a.order - b.order)
    .flatMap(({ issue }) => {
      const found = problem(issue) ?? { field: issue.path.join('.') || 'exercise', message: issue.message };
      const id = `${found.field}\n${found.message}`;
      if (seen.has(id)) return [];
      seen.add(id);
      return [found];
    });
  // A chord over the barline (what the score writer would refuse), said at its length unless a length is wrong already.
  // Barred as the score writer bars it: a pickup first, a chord's own meter starting its measure (issue 35).
  const barred = PART_WRITING_METER.test(input.meter) ? exerciseMeasures(input) : undefined;
  const crossing = barred && 'crossing' in barred ? barred.crossing : undefined;
  if (crossing !== undefined && problems.every((p) => !p.field.endsWith('.beats'))) {
    const modelAt = problems.findIndex((p) => p.field.startsWith('model'));
    problems.splice(modelAt < 0 ? problems.length : modelAt, 0, {
      field: `chords.${crossing}.beats`,
      message: PartWritingMessages.crossesBarline(String(crossing + 1)),
    });
  }
  return problems;
}

function compareOrders(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? -1) - (b[i] ?? -1);
    if (diff !== 0) return diff;
  }
  return 0;
}

/**
 * Create Exercise for part writing (issue 27): an instructor's MusicXML with the given voice and
 * figures or numerals read into what the form starts from (nothing stored), and the exercise they
 * confirm written as a part-writing `.har` and stored in a set like any upload (the set's rules
 * apply) and/or in their own library section, "My exercises" (the library's `addOwnExercise`, as
 * an analysis exercise is), from where "Add from Library" copies it into any set of theirs. A model
 * solution stays in the teacher's copies: every student copy is written without it.
 */
export function createPartWritingAuthoring(
  deps: Deps,
  collaborators: { courses: CoursesService; assignments: AssignmentsService; library: LibraryService },
) {
  const readUpload = (bytes: Uint8Array, given: readonly Voice[] | undefined, parts: ScoreParts | undefined) =>
    deps.cpu.run('partWritingFromUpload', given ? (parts ? [bytes, [...given], parts] : [bytes, [...given]]) : [bytes]);

  function refuse(error: unknown, field: string): never {
    if (error instanceof HarError) {
      throw AppError.fromHar(error, field);
    }
    throw error;
  }

  return {
    /**
     * An upload read into the form's start. A whole score (a chorale) without `given` answers its
     * voices to choose from; with `given` (the same file sent again) the exercise of those voices,
     * the score's others as the model solution, its pickup and measure numbers kept (QA Q5).
     */
    async draftFromUpload(
      actor: Actor,
      courseId: number,
      upload: UploadedFile | undefined,
      given?: readonly Voice[],
      parts?: ScoreParts,
    ): Promise<PartWritingUpload> {
      await collaborators.courses.requireCourseAccess(actor, courseId, { need: 'instruct', forbidden: AssignmentMessages.onlyInstructors });
      if (!upload) throw AppError.badRequest('file', AuthoringMessages.noFile);
      const bytes = await upload.read();
      const title = (upload.filename ?? '').replace(/\.(musicxml|xml|mxl)$/i, '').slice(0, 200) || 'Part writing';
      let read: Awaited<ReturnType<typeof readUpload>>;
      try {
        // Read (and a whole score's voices found or chosen) in the CPU pool, as every score is.
        read = await readUpload(new Uint8Array(bytes), given, parts);
      } catch (error) {
        refuse(error, 'file');
      }
      if ('choose' in read) {
        const choice: PartWritingUpload = { title, choose: read.choose };
        // Every line when the score has more than its voices (instruments, a fifth sung part) or they must be told apart.
        if (read.unclear || read.lines.length > read.choose.length) Object.assign(choice, { lines: read.lines, unclear: read.unclear });
        return choice;
      }
      const imported: ImportedPartWriting & { voices?: ScoreVoice[]; lines?: ScoreLine[]; signature_key?: string } = read;
      const write = VOICES.filter((v) => !imported.given.includes(v));
      const draft: PartWritingDraft = {
        title,
        key: imported.key,
        meter: imported.meter,
        style: 'free',
        given: imported.given,
        write,
        chords: imported.chords,
        // A whole chorale starts from the chorale costs, which forgive the licences Bach takes (issue 35).
        rules: ruleSettings({ rules: {}, style: 'free' }, imported.voices ? CHORALE_RULE_POINTS : DEFAULT_RULE_POINTS),
        points: DEFAULT_EXERCISE_POINTS,
      };
      if (imported.pickup !== undefined) draft.pickup = imported.pickup;
      if (imported.first_measure !== undefined) draft.first_measure = imported.first_measure;
      if (imported.model) draft.model = imported.model;
      if (imported.voices) draft.voices = imported.voices;
      if (imported.lines && imported.voices && imported.lines.length > imported.voices.length) draft.lines = imported.lines;
      if (parts) draft.parts = parts;
      // The key is the music's (the analyser's, issue 35); the signature's when it names another, for the form to say so.
      if (imported.signature_key !== undefined && imported.signature_key !== imported.key) draft.signature_key = imported.signature_key;
      return draft;
    },

    async save(actor: Actor, input: SavePartWritingRequest): Promise<SavedPartWriting> {
      // "My exercises" is for instructor accounts: asked before anything is checked, written or stored.
      if (input.add_to_library) collaborators.library.requireOwnSection(actor);
      // Somewhere to go, as the analysis save asks (its schema's rule, here where the contract cannot import the sentence).
      if (input.assignment_set_id === undefined && input.add_to_library !== true)
        throw AppError.badRequest('assignment_set_id', AuthoringMessages.noDestination);
      const { title, assignment_set_id: _set, add_to_library: _library, model, ...exercise } = input;
      const problems = exerciseProblems(input, partWritingExerciseIssues(exercise, model));
      if (problems.length > 0) throw AppError.invalidFields(problems);
      let bytes: Uint8Array;
      try {
        // Written (the score, then zipped) in the CPU pool, as the analysis save writes its .har.
        bytes = await deps.cpu.run('partWritingExerciseFile', [title, exercise, model]);
      } catch (error) {
        refuse(error, 'exercise');
      }
      // Into the set, then "My exercises", as the analysis save does (assignments' saveMadeExercise).
      const { document, library_document } = await collaborators.assignments.saveMadeExercise(actor, bytes, input);
      if (document) return { ...document, library_document };
      if (!library_document) throw new Error('A save names a set or the library (the request schema says so).');
      return { library_document };
    },
  };
}
