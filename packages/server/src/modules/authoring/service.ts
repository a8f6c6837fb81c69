import { Readable } from 'node:stream';
import { AssignmentMessages } from '@app/contract/assignments';
import {
  AuthoringMessages,
  type DraftKey,
  type ExerciseDraft,
  type SavedExercise,
  type SaveExerciseRequest,
} from '@app/contract/exercise-authoring';
import type { ScoreAnalysis } from '@app/har/analysis/analyze-score';
import { keyToken } from '@app/har/analysis/key-areas';
import type { AnswerKey, HarDocument } from '@app/har/format';
import { HarError } from '@app/har/har-error';
import { noteName } from '@app/har/library/theory';
import type { Deps } from '../../deps.ts';
import { loadHar } from '../../documents/har-files.ts';
import { presentScore } from '../../documents/workspace-layout.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import { newKey } from '../../lib/random.ts';
import type { AssignmentsService } from '../assignments/service.ts';
import { gradingSettings } from '../courses/grading-settings.ts';
import type { CoursesService } from '../courses/service.ts';
import type { LibraryService } from '../library/service.ts';
import * as repo from './repository.ts';

export type AuthoringService = ReturnType<typeof createAuthoringService>;

/** Drafts are kept a week; an instructor's older ones go when they upload the next. */
const DRAFT_SECONDS = 7 * 24 * 3600;

/** A key found by the analysis as the draft gives it. */
function draftKey(key: ScoreAnalysis['key']): DraftKey {
  return { name: key.name, tonic: noteName(key.tonic), mode: key.mode, fifths: key.fifths, source: key.source, token: keyToken(key) };
}

/**
 * Exercise authoring (issue 14): an instructor's MusicXML becomes a draft (stored score,
 * analysis positions, key, suggestions, the workspace's rendering), and the key they
 * confirm becomes a `.har` stored the way uploads are (assignments' storeHar through
 * `upload`, the library's own section through `addOwnExercise`).
 */
export function createAuthoringService(
  deps: Deps,
  collaborators: { courses: CoursesService; assignments: AssignmentsService; library: LibraryService },
) {
  const { db, clock, storage } = deps;
  const { courses, assignments, library } = collaborators;

  function refuse(error: unknown): never {
    if (error instanceof HarError) {
      // The 20 MB upload limit, or a score over the product's score limits (decision 032), each in its own words.
      throw AppError.fromHar(error, 'file');
    }
    throw error;
  }

  return {
    /** Reads an uploaded score for a course the actor teaches and answers what authoring starts from. */
    async createDraft(actor: Actor, courseId: number, upload: UploadedFile | undefined): Promise<ExerciseDraft> {
      const { row: course } = await courses.requireCourseAccess(actor, courseId, {
        need: 'instruct',
        forbidden: AssignmentMessages.onlyInstructors,
      });
      if (!upload) throw AppError.badRequest('file', AuthoringMessages.noFile);
      const bytes = await upload.read();
      const settings = gradingSettings(course);
      let draft: Omit<ExerciseDraft, 'id' | 'course_id'>;
      let musicxml: string;
      try {
        // Imported (within the score limits, before any parsing), analysed and laid out in the CPU pool (decision 032).
        const { imported, analysis, rendered, removed } = await deps.cpu.run('draftFromUpload', [new Uint8Array(bytes), settings]);
        musicxml = imported.musicxml;
        draft = {
          title: draftTitle(analysis.title, upload.filename),
          key: draftKey(analysis.key),
          opening_key: draftKey(analysis.openingKey),
          converted: {
            from_timewise: imported.converted.fromTimewise,
            renumbered: imported.converted.renumbered,
            from_mxl: imported.converted.fromMxl,
          },
          score: presentScore(rendered),
          // What the saved exercise's student copy will leave out of the score (issue 26).
          removed_for_students: removed,
          positions: analysis.positions.map((p, i) => ({
            id: p.id,
            number: i + 1,
            measure: p.measure,
            beat: p.beat,
            onset: p.onset,
            x: rendered.items[i]?.x ?? null,
            note_ids: rendered.items[i]?.note_ids ?? [],
            measure_label: rendered.items[i]?.measure_label ?? String(p.measure),
            beat_label: rendered.items[i]?.beat_label ?? p.beat,
            suggestion: p.suggestion.label,
            suggested_answers: p.suggestion.answers,
            key: keyToken(p.key),
            embellishing: p.suggestion.embellishing,
          })),
        };
      } catch (error) {
        refuse(error);
      }
      const now = clock.now();
      const storageKey = `exercise-drafts/${newKey(16)}.musicxml`;
      await storage.put(storageKey, Readable.from(Buffer.from(musicxml, 'utf8')), { contentType: 'application/xml' });
      let id: number;
      try {
        id = await repo.insertDraft(db, {
          owner_id: actor.user.id,
          course_id: courseId,
          storage_key: storageKey,
          title: draft.title,
          created_at: now,
        });
      } catch (error) {
        await storage.delete(storageKey);
        throw error;
      }
      const old = await repo.deleteDraftsBefore(db, actor.user.id, now - DRAFT_SECONDS);
      await Promise.all(old.map((key) => storage.delete(key)));
      return { id, course_id: courseId, ...draft };
    },

    /**
     * Writes the confirmed key as a `.har` (checked by readHar like any upload) and stores it in
     * the chosen set (the set's own access rules apply) and/or the actor's library section.
     */
    async saveExercise(actor: Actor, draftId: number, input: SaveExerciseRequest): Promise<SavedExercise> {
      const draft = await repo.findOwnDraft(db, draftId, actor.user.id);
      if (!draft) throw AppError.notFound(AuthoringMessages.draftNotFound);
      // "My exercises" is for instructor accounts: asked once the draft is found (a draft not theirs is a 404 first), before anything is written.
      if (input.add_to_library) library.requireOwnSection(actor);
      const musicxml = new TextDecoder().decode(await loadHar(deps, draft.storage_key));
      const positions = new Map((await deps.cpu.run('analysisPositions', [musicxml])).map((p, i) => [p.id, { ...p, order: i }]));
      const items: AnswerKey['items'] = [];
      input.items.forEach((item, index) => {
        const position = positions.get(item.id);
        if (!position) throw AppError.badRequest(`items.${index}.id`, AuthoringMessages.unknownPosition);
        items.push({ id: item.id, measure: position.measure, beat: position.beat, answers: item.answers, points: item.points });
      });
      items.sort((a, b) => (positions.get(a.id)?.order ?? 0) - (positions.get(b.id)?.order ?? 0));
      const exercise: HarDocument = {
        manifest: { format: 'har', version: 1, kind: 'exercise', title: input.title, exercise_type: 'roman-numeral-analysis' },
        score: musicxml,
        key: { ...(input.key === undefined ? {} : { key: input.key }), items },
      };
      let bytes: Uint8Array;
      try {
        // Checked as it is written (writeHar writes only what readHar reads), so never read back.
        bytes = await deps.cpu.run('writeHar', [exercise]);
      } catch (error) {
        refuse(error);
      }
      // Into the set, then "My exercises", as Create Exercise's part writing saves (assignments' saveMadeExercise).
      return assignments.saveMadeExercise(actor, bytes, input, exercise);
    },
  };
}

const SCORE_FILE = /\.(musicxml|xml|mxl|krn|mid|midi|mscz|mei)$/i;

/**
 * A new exercise's title: the score's own title, unless that is a file name (the corpus's scores
 * are titled "bwv245.26.mxl"), then the uploaded file's name without its extension — the name
 * part writing's Create Exercise gives ("244" for 244.mxl; issue 38).
 */
export function draftTitle(scoreTitle: string | null, filename: string): string {
  const fileTitle = filename.replace(SCORE_FILE, '').trim();
  const own = scoreTitle !== null && !SCORE_FILE.test(scoreTitle.trim()) ? scoreTitle : null;
  return (own ?? fileTitle).slice(0, 200) || 'Exercise';
}
