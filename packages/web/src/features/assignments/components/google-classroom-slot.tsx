import type { AssignmentSet, CourseDocument } from '@app/contract/assignments';
import type { ReactNode } from 'react';

/** What a document's Google Classroom button needs: the set (its id and due date) and the document. */
export interface GoogleClassroomSlotProps {
  assignment: Pick<AssignmentSet, 'id' | 'due_at'>;
  document: CourseDocument;
}

/**
 * The place of a document's Google Classroom button and modal (spec §2, §4, §6). The app composes the
 * integrations feature in (features do not import each other, as with the library picker); the row
 * shows it only for a course with an LMS type.
 */
export type GoogleClassroomSlot = (props: GoogleClassroomSlotProps) => ReactNode;
