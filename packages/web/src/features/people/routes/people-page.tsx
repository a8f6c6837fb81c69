import type { Course } from '@app/contract/courses';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { currentLanguage } from '../../../i18n/index.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { displayTimeZone } from '../../../lib/date-time-input.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { CourseEnrollmentRequests } from '../components/course-enrollment-requests.tsx';
import { CourseMembers } from '../components/course-members.tsx';
import { LmsRosterSync } from '../components/lms-roster-sync.tsx';
import { PendingInvitations } from '../components/pending-invitations.tsx';
import { ROLES_IN_ORDER } from '../components/people-text.ts';
import styles from './people-page.module.css';

/**
 * /course/{id}/people (spec §2): enrollment requests, then instructors, TAs and students, then the
 * invitations still waiting. The course layout around it has loaded the course and kept out
 * anyone who is not its instructor or TA; it hands the course down as the outlet context.
 */
export function PeoplePage() {
  const { t } = useTranslation();
  usePageTitle(t('people.page.title'));
  const course = useOutletContext<Course>();
  const { data: user } = useCurrentUser();
  if (!user) return <LoadingScreen />;
  const language = currentLanguage();
  const timeZone = displayTimeZone(user.timezone_name);

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>{course.title}</p>
        <h1 className={styles.title}>{t('people.page.title')}</h1>
        {course.can.manage_people ? null : <p className={styles.lead}>{t('people.page.readOnly')}</p>}
      </header>
      <LmsRosterSync course={course} language={language} timeZone={timeZone} />
      <CourseEnrollmentRequests course={course} language={language} timeZone={timeZone} />
      {ROLES_IN_ORDER.map((role) => (
        <CourseMembers key={role} course={course} role={role} viewerId={user.id} />
      ))}
      <PendingInvitations course={course} language={language} timeZone={timeZone} />
    </section>
  );
}
