import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/index.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { displayTimeZone } from '../../../lib/date-time-input.ts';
import styles from './dashboard-people.module.css';
import { MyEnrollmentRequests } from './my-enrollment-requests.tsx';
import { MyInvitations } from './my-invitations.tsx';

/**
 * The people part of the dashboard (spec §2), above the course tabs: invitations waiting for an
 * answer, shown only when there are some, and the user's enrollment requests with 'Join A Course'.
 */
export function DashboardPeoplePanel() {
  // Subscribes to language changes, so the dates follow the chosen language.
  useTranslation();
  const { data: user } = useCurrentUser();
  if (!user) return null;
  const language = currentLanguage();
  const timeZone = displayTimeZone(user.timezone_name);
  return (
    <div className={styles.stack}>
      <MyEnrollmentRequests requests={user.enrollment_requests} language={language} timeZone={timeZone} />
      {user.invitations.length > 0 ? <MyInvitations invitations={user.invitations} language={language} timeZone={timeZone} /> : null}
    </div>
  );
}
