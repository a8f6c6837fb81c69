import type { ExerciseDraft } from '@app/contract/exercise-authoring';
import { useMutation } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../lib/api-client.ts';

export type CreateExerciseDraftInput = { courseId: number; file: File; onProgress?: (fraction: number) => void };

/** POST /api/exercise-drafts?course_id=: one MusicXML file; answers its positions, key, suggestions and rendering. */
export function createExerciseDraft({ courseId, file, onProgress }: CreateExerciseDraftInput) {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress<ExerciseDraft>(`/api/exercise-drafts?course_id=${courseId}`, form, { onProgress });
}

export function useCreateExerciseDraft() {
  // The dialog says why an upload was refused beside the file field, so no toast repeats it (QA Q4).
  return useMutation({ mutationFn: createExerciseDraft, meta: { handlesErrors: true } });
}
