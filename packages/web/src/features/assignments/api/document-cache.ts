import type { AssignmentSet, CourseDocument } from '@app/contract/assignments';
import type { QueryClient } from '@tanstack/react-query';
import { assignmentKeys } from './keys.ts';

/** Changes the documents of a cached set (the editor's source), and marks every course list stale. */
export function updateCachedDocuments(
  queryClient: QueryClient,
  assignmentId: number,
  change: (documents: CourseDocument[]) => CourseDocument[],
) {
  queryClient.setQueryData<AssignmentSet>(assignmentKeys.set(assignmentId), (set) =>
    set ? { ...set, documents: change(set.documents) } : set,
  );
  return queryClient.invalidateQueries({ queryKey: assignmentKeys.lists() });
}
