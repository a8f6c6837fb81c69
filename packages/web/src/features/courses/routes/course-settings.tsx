import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { displayTimeZone } from '../../../lib/date-time-input.ts';
import { useLeaveWithNotice } from '../../../lib/use-leave-with-notice.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { ActivateCourseButton } from '../components/activate-course-button.tsx';
import { CourseSettingsForm } from '../components/course-settings-form.tsx';
import { CourseStatusBadge } from '../components/course-status-badge.tsx';
import { courseInfoPath } from '../course-paths.ts';
import { useLayoutCourse } from './course-layout.tsx';
import styles from './course-page.module.css';

/** /course/{id}/settings: the instructor's settings; an ended course sends the user to its information. */
export function CourseSettingsPage() {
  const { t } = useTranslation();
  usePageTitle(t('courses.settings.title'));
  const course = useLayoutCourse();
  const { hash } = useLocation();
  const { data: user } = useCurrentUser();
  const leave =
    course.status === 'ENDED'
      ? { to: courseInfoPath(course), message: t('messages.course.ended') }
      : !course.can.edit_settings
        ? { to: courseInfoPath(course), message: t('messages.course.notInstructor') }
        : null;
  useLeaveWithNotice(leave);
  if (leave || !user) return <LoadingScreen />;

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <p className={styles.eyebrow}>{course.title}</p>
          <div className={styles.titleRow}>
            <h1 className={styles.title}>{t('courses.settings.title')}</h1>
            <CourseStatusBadge status={course.status} />
          </div>
        </div>
        <div className={styles.actions}>
          <ActivateCourseButton course={course} />
        </div>
      </header>
      {hash === '#course_created' ? <Notice severity="success">{t('courses.created')}</Notice> : null}
      {/* Remounts on activation, when the locked fields change from editable to disabled. */}
      <CourseSettingsForm key={`${course.id}-${course.status}`} course={course} timeZone={displayTimeZone(user.timezone_name)} />
    </section>
  );
}
