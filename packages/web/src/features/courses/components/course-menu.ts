import { useTranslation } from 'react-i18next';
import { useMatch } from 'react-router';
import { useCourse } from '../api/get-course.ts';

export interface CourseMenuItem {
  to: string;
  label: string;
  key: 'assignments' | 'info' | 'people' | 'gradeBook' | 'discussion';
  /** Active only on exactly this path (the course page itself, not its sub-pages). */
  end?: boolean;
  /** Active although the path differs (the assignment editor belongs to Assignments). */
  active?: boolean;
}

export interface CourseMenu {
  /** The course title once loaded. */
  title: string | undefined;
  /** The course's id, for counts shown beside its entries. */
  courseId: number;
  items: CourseMenuItem[];
}

/**
 * The sidebar's course menu (spec §2) while the page is inside a course: for instructors and TAs under
 * /course/{id}, for students under /student/course/{id}. A submission belongs to the Grade Book.
 */
export function useCourseMenu(): CourseMenu | null {
  const { t } = useTranslation();
  const teacher = useMatch('/course/:courseId/*');
  const student = useMatch('/student/course/:courseId/*');
  const assignmentEditor = useMatch('/course/:courseId/assignment/*');
  const teacherSubmission = useMatch('/course/:courseId/submission/*');
  const studentSubmission = useMatch('/student/course/:courseId/submission/*');
  const studentDocument = useMatch('/student/course/:courseId/document/*');
  const match = teacher ?? student;
  const courseId = Number(match?.params.courseId);
  const { data: course } = useCourse(match ? courseId : Number.NaN);
  if (!match || !Number.isInteger(courseId)) return null;
  const base = student ? `/student/course/${courseId}` : `/course/${courseId}`;
  return {
    title: course?.title,
    courseId,
    items: [
      // The assignment sets are the instructor and TA course page (spec §2); students have a list of their
      // own to open documents from, and a document's workspace belongs to it.
      ...(student
        ? [
            {
              key: 'assignments' as const,
              to: `${base}/assignments`,
              label: t('assignments.nav.assignments'),
              active: studentDocument !== null,
            },
          ]
        : [
            {
              key: 'assignments' as const,
              to: base,
              label: t('assignments.nav.assignments'),
              end: true,
              active: assignmentEditor !== null,
            },
          ]),
      { key: 'info', to: `${base}/info`, label: t('courses.nav.courseInformation') },
      // Instructors and TAs see who is in the course (spec §2); only instructors change it.
      ...(student ? [] : [{ key: 'people' as const, to: `${base}/people`, label: t('people.nav.people') }]),
      // Students' grade book is their course page; instructors' and TAs' has its own path (spec §2).
      {
        key: 'gradeBook',
        to: student ? base : `${base}/grade-book`,
        label: t('gradebook.nav.gradeBook'),
        end: student !== null,
        active: (student ? studentSubmission : teacherSubmission) !== null,
      },
      // Everyone in the course reads and writes its board; threads live below it.
      { key: 'discussion', to: `${base}/discussion`, label: t('discussion.nav.discussion') },
    ],
  };
}
