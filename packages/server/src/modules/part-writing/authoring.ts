import { AssignmentMessages } from '@app/contract/assignments';
import { AuthoringMessages } from '@app/contract/exercise-authoring';
import {
  DEFAULT_EXERCISE_POINTS,
  PART_WRITING_BEATS,
  PART_WRITING_METER,
  type PartWritingDraft,
  PartWritingMessages,
  type SavedPartWriting,
  type SavePartWritingRequest,
} from '@app/contract/part-writing';
import { CheckProblemMessages } from '@app/contract/part-writing/check';
import { chordOfLabel, parseFigures } from '@app/contract/part-writing/chords';
import { VOICES, type Voice } from '@app/contract/part-writing/rules';
import { type Key, midi, parseKey, parsePitch } from '@app/contract/part-writing/theory';
import { crossesBarline } from '@app/contract/part-writing/typed';
import { ruleSettings } from '@app/contract/part-writing/written';
import { HarError } from '@app/har/har-error';
import { partWritingExercise, writePartWritingHar } from '@app/har/part-writing/document';
import type { ImportedPartWriting } from '@app/har/part-writing/import';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import type { AssignmentsService } from '../assignments/service.ts';
import type { CoursesService } from '../courses/service.ts';
import type { LibraryService } from '../library/service.ts';

/**
 * What is wrong with an exercise as Create Exercise sends it (typed by the instructor or read from
 * an upload, and its model solution), field by field, each with its sentence (translated by code in
 * the browser); empty when it can be written. The document's own check (`partWritingExercise`)
 * still runs after, for anything this does not name.
 */
export function exerciseProblems(input: SavePartWritingRequest): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const home = parseKey(input.key);
  if (!home) problems.push({ field: 'key', message: CheckProblemMessages.badKey });
  if (!PART_WRITING_METER.test(input.meter)) problems.push({ field: 'meter', message: CheckProblemMessages.badMeter });
  const all = [...input.given, ...input.write];
  const together = VOICES.filter((v) => all.includes(v)).join('');
  if (all.length !== new Set(all).size || (together !== 'SATB' && together !== 'SB') || input.given.length === 0) {
    problems.push({ field: 'write', message: PartWritingMessages.voicesToWrite });
  }
  if (input.chords.length === 0) problems.push({ field: 'chords', message: CheckProblemMessages.noChords });
  const pitchProblem = (field: string, text: string) => {
    const pitch = parsePitch(text);
    if (!pitch) problems.push({ field, message: CheckProblemMessages.badPitch(text) });
    else if (midi(pitch) < 0 || midi(pitch) > 127) problems.push({ field, message: CheckProblemMessages.outsideMidi(text) });
  };
  let running: Key | undefined = home;
  input.chords.forEach((chord, index) => {
    const at = `chords.${index}`;
    const number = String(index + 1);
    for (const v of VOICES) {
      const note = chord[v];
      if (input.given.includes(v)) {
        if (note === undefined || note.trim() === '')
          problems.push({ field: `${at}.${v}`, message: PartWritingMessages.givenNoteMissing(number) });
        else pitchProblem(`${at}.${v}`, note);
      } else if (note !== undefined) problems.push({ field: `${at}.${v}`, message: PartWritingMessages.notGivenVoice(number) });
    }
    if (!(PART_WRITING_BEATS as readonly number[]).includes(chord.beats))
      problems.push({ field: `${at}.beats`, message: PartWritingMessages.badBeats(number) });
    if (chord.numeral !== undefined && running) {
      const read = chordOfLabel(chord.numeral, running);
      if (!read) problems.push({ field: `${at}.numeral`, message: CheckProblemMessages.badNumeral(chord.numeral) });
      else running = read.key;
    }
    if (chord.figures !== undefined && parseFigures(chord.figures) === undefined)
      problems.push({ field: `${at}.figures`, message: CheckProblemMessages.badFigures(chord.figures) });
  });
  const crossing = PART_WRITING_METER.test(input.meter) ? crossesBarline(input.chords, input.meter) : undefined;
  if (crossing !== undefined && problems.every((p) => !p.field.endsWith('.beats')))
    problems.push({ field: `chords.${crossing}.beats`, message: PartWritingMessages.crossesBarline(String(crossing + 1)) });
  if (input.model) {
    if (input.model.chords.length !== input.chords.length) problems.push({ field: 'model', message: PartWritingMessages.modelChordCount });
    input.model.chords.forEach((chord, index) => {
      const at = `model.chords.${index}`;
      const number = String(index + 1);
      const write = VOICES.filter((v) => input.write.includes(v)) as Voice[];
      if (VOICES.some((v) => chord[v] !== undefined && !input.write.includes(v)))
        problems.push({ field: at, message: PartWritingMessages.modelGivenVoice(number) });
      if (write.some((v) => chord[v] === undefined || chord[v] === ''))
        problems.push({ field: at, message: PartWritingMessages.modelMissing(number) });
      for (const v of write) {
        const note = chord[v];
        if (note !== undefined && note !== '') pitchProblem(`${at}.${v}`, note);
      }
    });
  }
  return problems;
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
  function refuse(error: unknown, field: string): never {
    if (error instanceof HarError) {
      if (error.code === 'too_large') throw new AppError('too_large', error.message, 413);
      throw AppError.badRequest(field, error.message);
    }
    throw error;
  }

  return {
    async draftFromUpload(actor: Actor, courseId: number, upload: UploadedFile | undefined): Promise<PartWritingDraft> {
      await collaborators.courses.requireCourseAccess(actor, courseId, { need: 'instruct', forbidden: AssignmentMessages.onlyInstructors });
      if (!upload) throw AppError.badRequest('file', AuthoringMessages.noFile);
      const bytes = await upload.read();
      let imported: ImportedPartWriting;
      try {
        imported = await deps.cpu.run('partWritingFromUpload', [new Uint8Array(bytes)]);
      } catch (error) {
        refuse(error, 'file');
      }
      const write = VOICES.filter((v) => !imported.given.includes(v));
      return {
        title: upload.filename.replace(/\.(musicxml|xml|mxl)$/i, '').slice(0, 200) || 'Part writing',
        key: imported.key,
        meter: imported.meter,
        style: 'free',
        given: imported.given,
        write,
        chords: imported.chords,
        rules: ruleSettings({ rules: {}, style: 'free' }),
        points: DEFAULT_EXERCISE_POINTS,
      };
    },

    async save(actor: Actor, input: SavePartWritingRequest): Promise<SavedPartWriting> {
      // Somewhere to go, as the analysis save asks (its schema's rule, here where the contract cannot import the sentence).
      if (input.assignment_set_id === undefined && input.add_to_library !== true)
        throw AppError.badRequest('assignment_set_id', AuthoringMessages.noDestination);
      const problems = exerciseProblems(input);
      if (problems.length > 0) throw AppError.invalidFields(problems);
      let bytes: Uint8Array;
      try {
        const { title, assignment_set_id: _set, add_to_library: _library, model, ...exercise } = input;
        bytes = writePartWritingHar(partWritingExercise(title, exercise, model));
      } catch (error) {
        refuse(error, 'exercise');
      }
      const fileName = `${input.title}.har`;
      // Into the set first (its access rules answer a caller who may not use it), then the library.
      let document: Awaited<ReturnType<AssignmentsService['upload']>>[number] | undefined;
      if (input.assignment_set_id !== undefined) {
        async function* one(): AsyncIterable<UploadedFile> {
          yield { filename: fileName, read: async () => Buffer.from(bytes) };
        }
        [document] = await collaborators.assignments.upload(actor, input.assignment_set_id, undefined, one());
        if (!document) throw new Error('The set took no document.');
      }
      const libraryDocument = input.add_to_library ? await collaborators.library.addOwnExercise(actor, bytes, fileName) : null;
      if (document) return { ...document, library_document: libraryDocument };
      if (!libraryDocument) throw new Error('A save names a set or the library (the request schema says so).');
      return { library_document: libraryDocument };
    },
  };
}
