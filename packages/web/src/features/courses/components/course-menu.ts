import { useTranslation } from 'react-i18next';
import { useMatch } from 'react-router';
import { useCourse } from '../api/get-course.ts';

export interface CourseMenuItem {
  to: string;
  label: string;
  key: 'info' | 'people';
}

export interface CourseMenu {
  /** The course title once loaded. */
  title: string | undefined;
  items: CourseMenuItem[];
}

/**
 * The sidebar's course menu (spec §2) while the page is inside a course: for instructors and TAs under
 * /course/{id}, for students under /student/course/{id}. Assignments and Grade Book join the
 * list with the issues that build those pages.
 */
export function useCourseMenu(): CourseMenu | null {
  const { t } = useTranslation();
  const teacher = useMatch('/course/:courseId/*');
  const student = useMatch('/student/course/:courseId/*');
  const match = teacher ?? student;
  const courseId = Number(match?.params.courseId);
  const { data: course } = useCourse(match ? courseId : Number.NaN);
  if (!match || !Number.isInteger(courseId)) return null;
  const base = student ? `/student/course/${courseId}` : `/course/${courseId}`;
  return {
    title: course?.title,
    items: [
      { key: 'info', to: `${base}/info`, label: t('courses.nav.courseInformation') },
      // Instructors and TAs see who is in the course (spec §2); only instructors change it.
      ...(student ? [] : [{ key: 'people' as const, to: `${base}/people`, label: t('people.nav.people') }]),
    ],
  };
}
