import type {
  PartWritingCheckRequest,
  PartWritingCheckResult,
  PartWritingUpload,
  SavedPartWriting,
  SavePartWritingRequest,
} from '@app/contract/part-writing';
import { useMutation } from '@tanstack/react-query';
import { api, uploadWithProgress } from '../../../lib/api-client.ts';

/**
 * POST /api/exercise-drafts/part-writing?course_id=: a MusicXML with the given voice and figures or
 * numerals, read (nothing stored); a whole score (a chorale) answers its voices, and sent again with
 * the `given` ones chosen (`S,B`) the exercise made of them (QA Q5).
 */
export function createPartWritingDraft({
  courseId,
  file,
  given,
  parts,
}: {
  courseId: number;
  file: File;
  given?: readonly string[];
  /** Which line of the score each voice is (S, A, T, B or S, B line indexes), for a score with more lines than voices (issue 35). */
  parts?: readonly number[];
}) {
  const form = new FormData();
  form.append('file', file, file.name);
  const chosen = given && given.length > 0 ? `&given=${encodeURIComponent(given.join(','))}` : '';
  const lines = parts && parts.length > 0 ? `&parts=${encodeURIComponent(parts.join(','))}` : '';
  return uploadWithProgress<PartWritingUpload>(`/api/exercise-drafts/part-writing?course_id=${courseId}${chosen}${lines}`, form, {});
}

/** POST /api/part-writing/exercises: the confirmed exercise saved into a set and/or the author's own library ("My exercises"). */
export function savePartWriting(body: SavePartWritingRequest) {
  return api.post<SavedPartWriting>('/api/part-writing/exercises', body);
}

// Upload and save say why they were refused in the form, so no toast repeats it (QA Q4).
export function useCreatePartWritingDraft() {
  return useMutation({ mutationFn: createPartWritingDraft, meta: { handlesErrors: true } });
}

export function useSavePartWriting() {
  return useMutation({ mutationFn: savePartWriting, meta: { handlesErrors: true } });
}

/** POST /api/part-writing/check: the findings of a model solution while authoring (nothing stored). */
export function checkPartWriting(body: PartWritingCheckRequest) {
  return api.post<PartWritingCheckResult>('/api/part-writing/check', body);
}

// The check says why it was refused under the staff, so no toast repeats it (QA Q4, Q9).
export function useCheckPartWriting() {
  return useMutation({ mutationFn: checkPartWriting, meta: { handlesErrors: true } });
}
