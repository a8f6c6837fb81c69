import type { Course } from '@app/contract/courses';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useOutletContext, useParams } from 'react-router';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { apiErrorMessages } from '../../../lib/api-errors.ts';
import { useLeaveWithNotice } from '../../../lib/use-leave-with-notice.ts';
import { useCourse } from '../api/get-course.ts';
import { isStudentOf } from '../course-paths.ts';

type Audience = 'teacher' | 'student';

/** The course of the surrounding layout; screens under /course/{id} and /student/course/{id} read it. */
export function useLayoutCourse(): Course {
  return useOutletContext<Course>();
}

/**
 * Loads the course for every screen below it and keeps out who may not be there (spec §6):
 * /course/{id} is for its instructors and TAs, /student/course/{id} for its students.
 */
function CourseLayout({ audience }: { audience: Audience }) {
  const { t } = useTranslation();
  const courseId = Number(useParams().courseId);
  const { data: course, error } = useCourse(courseId);
  const validId = Number.isInteger(courseId) && courseId > 0;
  const notMember = !validId || error?.status === 404 || error?.status === 403;
  const wrongRole = course !== undefined && isStudentOf(course) !== (audience === 'student');
  const denied = notMember || wrongRole;
  useLeaveWithNotice(
    denied ? { to: '/', message: audience === 'student' ? t('messages.course.notStudent') : t('messages.course.notInstructor') } : null,
  );

  if (error && !denied) {
    return (
      <Notice severity="error">
        {apiErrorMessages(error).map((message) => (
          <p key={message}>{message}</p>
        ))}
      </Notice>
    );
  }
  if (!course || denied) return <LoadingScreen />;
  return <Outlet context={course} />;
}

export function TeacherCourseLayout() {
  return <CourseLayout audience="teacher" />;
}

export function StudentCourseLayout() {
  return <CourseLayout audience="student" />;
}

/** /student/course/{id} is the student grade book; until that issue lands, it opens the course information. */
export function CourseIndexRedirect() {
  return <Navigate to="info" replace />;
}
