import type { AssignmentSet, CourseDocument } from '@app/contract/assignments';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { assignmentKeys } from './keys.ts';

/** Changes the documents of a cached set (the editor's source), and marks every course's list of sets stale (the editor's, the grade books', the students'). */
export function updateCachedDocuments(
  queryClient: QueryClient,
  assignmentId: number,
  change: (documents: CourseDocument[]) => CourseDocument[],
) {
  queryClient.setQueryData<AssignmentSet>(assignmentKeys.set(assignmentId), (set) =>
    set ? { ...set, documents: change(set.documents) } : set,
  );
  return queryClient.invalidateQueries({ queryKey: queryKeys.allCourseSets });
}
