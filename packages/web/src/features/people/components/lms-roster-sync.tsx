import type { Course } from '@app/contract/courses';
import type { LmsRosterSync as RosterSync } from '@app/contract/lti';
import type { LanguageCode } from '@app/contract/users';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { apiErrorMessages } from '../../../lib/api-errors.ts';
import { DateFormat, formatDate } from '../../../lib/format-date.ts';
import { syncActive, useLmsRosterStatus, useRefreshMembers, useSyncLmsRoster } from '../api/lms-roster.ts';
import styles from './lms-roster-sync.module.css';

const FAILURE_KEYS = {
  unreachable: 'people.lms.failedUnreachable',
  not_linked: 'people.lms.failedNotLinked',
  failed: 'people.lms.failedOther',
} as const;

/**
 * "Sync from LMS" (issue 28, LTI Names and Role Provisioning): for the course's instructors, when
 * the course is linked to an LMS course that shares its roster. The sync runs as a job: while it is
 * queued or running the panel says so (asking every second); then it says what the latest sync
 * added and updated, and when, or why it failed.
 */
export function LmsRosterSync({ course, language, timeZone }: { course: Course; language: LanguageCode; timeZone: string }) {
  const { t } = useTranslation();
  const instructor = course.user_course_role === 'instructor';
  const status = useLmsRosterStatus(course.id, instructor);
  const request = useSyncLmsRoster(course.id);
  const refreshMembers = useRefreshMembers(course.id);
  const sync = status.data?.sync ?? null;
  const active = syncActive(sync);
  // When a sync ends, the people lists are read again.
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active) void refreshMembers();
    wasActive.current = active;
  }, [active, refreshMembers]);

  if (!instructor || !status.data?.available) return null;
  const busy = request.isPending || active;
  return (
    <section className={styles.sync} aria-label={t('people.lms.title')}>
      <div className={styles.row}>
        <p className={styles.text}>{t('people.lms.linked', { title: status.data.lms_title ?? '' })}</p>
        <Button type="button" variant="outline" loading={busy} disabled={busy} onClick={() => request.mutate()}>
          {t('people.lms.sync')}
        </Button>
      </div>
      <div role="status" className={styles.status}>
        {sync?.status === 'QUEUED' ? <p className={styles.text}>{t('people.lms.queued')}</p> : null}
        {sync?.status === 'RUNNING' ? <p className={styles.text}>{t('people.lms.running')}</p> : null}
        {sync?.status === 'DONE' ? (
          <Notice severity="success">
            <SyncDone sync={sync} language={language} timeZone={timeZone} />
          </Notice>
        ) : null}
      </div>
      {sync?.status === 'FAILED' ? (
        <Notice severity="error">
          {t(FAILURE_KEYS[sync.error ?? 'failed'])}{' '}
          {t('people.lms.failedWhen', { when: formatDate(sync.finished_at ?? sync.requested_at, DateFormat.dateTime, language, timeZone) })}
        </Notice>
      ) : null}
      {request.isError ? (
        <Notice severity="error">
          {apiErrorMessages(request.error).map((message) => (
            <p key={message}>{message}</p>
          ))}
        </Notice>
      ) : null}
    </section>
  );
}

function SyncDone({ sync, language, timeZone }: { sync: RosterSync; language: LanguageCode; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <>
      {t('people.lms.done', { added: sync.added, updated: sync.updated, unchanged: sync.unchanged })}
      {sync.skipped > 0 ? ` ${t('people.lms.skipped', { count: sync.skipped })}` : null}{' '}
      {t('people.lms.when', { when: formatDate(sync.finished_at ?? sync.requested_at, DateFormat.dateTime, language, timeZone) })}
    </>
  );
}
