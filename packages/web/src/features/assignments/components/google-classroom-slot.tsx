import type { CourseDocument } from '@app/contract/assignments';
import type { Course } from '@app/contract/courses';

export interface GoogleClassroomSlotProps {
  course: Pick<Course, 'id' | 'lms_type'>;
  document: CourseDocument;
}

/**
 * The place of a document's Google Classroom button (spec §2, §4, §6): rendered only for a course
 * with an LMS type. The integrations issue puts the button and its modal here; until then, nothing.
 */
export function GoogleClassroomSlot(_props: GoogleClassroomSlotProps) {
  return null;
}
