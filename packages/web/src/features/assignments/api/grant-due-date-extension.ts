import type { DueDateExtension } from '@app/contract/assignments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { assignmentKeys } from './keys.ts';

export type GrantExtensionInput = { assignmentId: number; studentId: number; extensionDueAt: number };

/** POST /api/assignments/{id}/due-day-extensions/{studentId}: grants or moves an extension; answers with them all. */
export function grantDueDateExtension({ assignmentId, studentId, extensionDueAt }: GrantExtensionInput) {
  return api.post<DueDateExtension[]>(`/api/assignments/${assignmentId}/due-day-extensions/${studentId}`, {
    extension_due_at: extensionDueAt,
  });
}

export function useGrantDueDateExtension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantDueDateExtension,
    onSuccess: (extensions, { assignmentId }) => queryClient.setQueryData(assignmentKeys.extensions(assignmentId), extensions),
  });
}
