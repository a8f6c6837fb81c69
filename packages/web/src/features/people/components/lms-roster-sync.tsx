import type { Course } from '@app/contract/courses';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { apiErrorMessages } from '../../../lib/api-errors.ts';
import { useLmsRosterStatus, useSyncLmsRoster } from '../api/lms-roster.ts';
import styles from './lms-roster-sync.module.css';

/**
 * "Sync from LMS" (issue 28, LTI Names and Role Provisioning): for the course's instructors, when
 * the course is linked to an LMS course that shares its roster. Adds and updates the members from
 * the LMS and says how many.
 */
export function LmsRosterSync({ course }: { course: Course }) {
  const { t } = useTranslation();
  const instructor = course.user_course_role === 'instructor';
  const status = useLmsRosterStatus(course.id, instructor);
  const sync = useSyncLmsRoster(course.id);
  if (!instructor || !status.data?.available) return null;
  return (
    <section className={styles.sync} aria-label={t('people.lms.title')}>
      <div className={styles.row}>
        <p className={styles.text}>{t('people.lms.linked', { title: status.data.lms_title ?? '' })}</p>
        <Button type="button" variant="outline" loading={sync.isPending} disabled={sync.isPending} onClick={() => sync.mutate()}>
          {t('people.lms.sync')}
        </Button>
      </div>
      {sync.isSuccess ? (
        <Notice severity="success">
          {t('people.lms.done', { added: sync.data.added, updated: sync.data.updated, unchanged: sync.data.unchanged })}
          {sync.data.skipped > 0 ? ` ${t('people.lms.skipped', { count: sync.data.skipped })}` : null}
        </Notice>
      ) : null}
      {sync.isError ? (
        <Notice severity="error">
          {apiErrorMessages(sync.error).map((message) => (
            <p key={message}>{message}</p>
          ))}
        </Notice>
      ) : null}
    </section>
  );
}
