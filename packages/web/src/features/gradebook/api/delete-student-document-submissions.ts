import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { submissionKeys } from '../../../lib/submission-keys.ts';

/** DELETE /api/user/{userId}/documents/{documentId}/submissions: every submission of a student for a document (instructors only). */
export function deleteStudentDocumentSubmissions(input: { userId: number; documentId: number }) {
  return api.delete<Record<string, never>>(`/api/user/${input.userId}/documents/${input.documentId}/submissions`);
}

export function useDeleteStudentDocumentSubmissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStudentDocumentSubmissions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: submissionKeys.all }),
  });
}
