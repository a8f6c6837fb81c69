import type { GoogleInfo, GoogleSubmitRequest, GoogleSubmitResponse } from '@app/contract/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { sessionId } from '../google-link.ts';
import { integrationKeys } from './keys.ts';

export type SubmitToGoogleClassroomInput = Omit<z.input<typeof GoogleSubmitRequest>, 'id'>;

/** POST /api/gcsubmit: the document becomes coursework of a Classroom course, due with its set. */
export function submitToGoogleClassroom(input: SubmitToGoogleClassroomInput) {
  return api.post<z.infer<typeof GoogleSubmitResponse>>('/api/gcsubmit', { ...input, id: sessionId() });
}

export function useSubmitToGoogleClassroom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitToGoogleClassroom,
    // The modal turns every failure into the spec's message.
    meta: { handlesErrors: true },
    onSuccess: (_data, input) => {
      // The document is sent now: its button turns disabled without asking Google again.
      queryClient.setQueryData<GoogleInfo>(integrationKeys.googleInfo, (info) =>
        info && !info.disabled.includes(input.doc) ? { ...info, disabled: [...info.disabled, input.doc] } : info,
      );
    },
  });
}
