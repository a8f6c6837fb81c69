import type { SavedExercise, SaveExerciseRequest } from '@app/contract/exercise-authoring';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type SaveExerciseInput = { draftId: number; body: SaveExerciseRequest };

/** POST /api/exercise-drafts/{id}/exercise: the confirmed key saved as a .har into a set and/or the own library. */
export function saveExercise({ draftId, body }: SaveExerciseInput) {
  return api.post<SavedExercise>(`/api/exercise-drafts/${draftId}/exercise`, body);
}

/** The screen that composes authoring in refreshes what the new exercise appears in (its set, the library). */
export function useSaveExercise() {
  return useMutation({ mutationFn: saveExercise });
}
