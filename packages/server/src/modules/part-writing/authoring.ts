import { AssignmentMessages } from '@app/contract/assignments';
import { AuthoringMessages } from '@app/contract/exercise-authoring';
import type { PartWritingDraft, SavedPartWriting, SavePartWritingRequest } from '@app/contract/part-writing';
import { VOICES } from '@app/contract/part-writing/rules';
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

/** Points of a new part-writing exercise until the instructor says otherwise. */
export const DEFAULT_EXERCISE_POINTS = 20;

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
