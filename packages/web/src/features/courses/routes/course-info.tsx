import type { Course } from '@app/contract/courses';
import type { CurrentUser } from '@app/contract/users';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { currentLanguage } from '../../../i18n/index.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { displayTimeZone } from '../../../lib/date-time-input.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { courseKey } from '../api/get-course.ts';
import { ActivateCourseButton } from '../components/activate-course-button.tsx';
import { CourseInfoList } from '../components/course-info-list.tsx';
import { courseSettingsPath, isStudentOf } from '../course-paths.ts';
import { useLayoutCourse } from './course-layout.tsx';
import styles from './course-page.module.css';

/** What the course-fee checkout needs; the app composes it in (features do not import each other). */
export interface FeeCheckoutProps {
  course: Course;
  user: CurrentUser;
  /** The payment is recorded: refresh the course so its fee line shows it. */
  onPaid: () => void;
}

export interface CourseInfoPageProps {
  feeCheckout?: (props: FeeCheckoutProps) => ReactNode;
}

/** /course/{id}/info and /student/course/{id}/info: the course information of spec §2. */
export function CourseInfoPage({ feeCheckout }: CourseInfoPageProps = {}) {
  const { t } = useTranslation();
  usePageTitle(t('courses.info.title'));
  const queryClient = useQueryClient();
  const course = useLayoutCourse();
  const { data: user } = useCurrentUser();
  if (!user) return <LoadingScreen />;
  const onPaid = () => {
    void queryClient.invalidateQueries({ queryKey: courseKey(course.id) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
  };
  // A student of a course whose students pay, with no payment recorded yet (spec §2).
  const owesFee = isStudentOf(course) && course.payment_type === 2 && course.payment_id === null;

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <p className={styles.eyebrow}>{course.title}</p>
          <h1 className={styles.title}>{t('courses.info.title')}</h1>
        </div>
        <div className={styles.actions}>
          {course.can.edit_settings ? (
            <ButtonLink to={courseSettingsPath(course.id)} variant="outline">
              {t('courses.menu.settings')}
            </ButtonLink>
          ) : null}
          <ActivateCourseButton course={course} />
        </div>
      </header>
      <CourseInfoList course={course} timeZone={displayTimeZone(user.timezone_name)} language={currentLanguage()} />
      {owesFee ? (
        <div className={styles.payment}>
          {feeCheckout ? (
            feeCheckout({ course, user, onPaid })
          ) : (
            // Without a checkout composed in, the action says so instead of pretending.
            <>
              <Button disabled aria-describedby="course-payment-note">
                {t('courses.info.pay')}
              </Button>
              <p id="course-payment-note" className={styles.note}>
                {t('courses.info.payUnavailable')}
              </p>
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}
