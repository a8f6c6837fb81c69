import { DUE_SOON_DEFAULT_DAYS } from '@app/contract/constants';
import type { DueItem, DueState } from '@app/contract/due-soon';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { currentLanguage } from '../../../i18n/index.ts';
import { apiErrorMessages } from '../../../lib/api-errors.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { displayTimeZone } from '../../../lib/date-time-input.ts';
import { DateFormat, formatDate } from '../../../lib/format-date.ts';
import { rememberWanted } from '../../../lib/remember-early-get.ts';
import { useDueSoon } from '../api/get-due-soon.ts';
import styles from './due-soon-panel.module.css';

const STATE_TONE: Record<DueState, BadgeTone> = {
  not_started: 'neutral',
  in_progress: 'info',
  submitted: 'success',
  time_limit: 'warning',
};

/**
 * The dashboard's "Due soon" list (issue 30), for a user who studies in at least one active
 * course: across their courses, each exercise due in the next 15 days (their extension where
 * they have one) or past due but still taking a hand-in, where they stand, and an Open link; and
 * the next one due further away, when there is one (issue 38).
 */
export function DueSoonPanel() {
  const { t } = useTranslation();
  const headingId = useId();
  const nextId = useId();
  const { data: user } = useCurrentUser();
  const studies = (user?.course_students ?? []).some((course) => !course.archived && course.status === 'ACTIVE');
  const due = useDueSoon(studies);
  // The next visit's entry starts GET /api/due-soon beside /api/users when this one needed it (decision 045).
  const known = user !== undefined;
  useEffect(() => {
    if (known) rememberWanted('/api/due-soon', studies);
  }, [known, studies]);
  if (!user || !studies) return null;
  const language = currentLanguage();
  const timeZone = displayTimeZone(user.timezone_name);
  const date = (epoch: number) => formatDate(epoch, DateFormat.dateTime, language, timeZone);

  let body: React.ReactNode;
  if (due.error) {
    body = (
      <Notice severity="error">
        {apiErrorMessages(due.error).map((message) => (
          <p key={message}>{message}</p>
        ))}
      </Notice>
    );
  } else if (!due.data) {
    body = <p className={styles.empty}>{t('app.loading')}</p>;
  } else {
    const { now, next } = due.data;
    body = (
      <>
        {due.data.items.length === 0 ? (
          <p className={styles.empty}>{t('dueSoon.empty', { days: due.data.days })}</p>
        ) : (
          <ul className={styles.list} aria-labelledby={headingId}>
            {due.data.items.map((item) => (
              <DueRow key={item.document_id} item={item} date={date} now={now} />
            ))}
          </ul>
        )}
        {next ? (
          <div data-testid="due-soon-next">
            <h3 id={nextId} className={styles.nextTitle}>
              {t('dueSoon.next')}
            </h3>
            <ul className={styles.list} aria-labelledby={nextId}>
              <DueRow item={next} date={date} now={now} />
            </ul>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section className={styles.panel} aria-labelledby={headingId} data-testid="due-soon">
      <div>
        <h2 id={headingId} className={styles.title}>
          {t('dueSoon.title')}
        </h2>
        <p className={styles.lead}>{t('dueSoon.lead', { days: due.data?.days ?? DUE_SOON_DEFAULT_DAYS })}</p>
      </div>
      {body}
    </section>
  );
}

function DueRow({ item, date, now }: { item: DueItem; date: (epoch: number) => string; now: number }) {
  const { t } = useTranslation();
  return (
    <li className={styles.item} data-document={item.document_id} data-state={item.state}>
      <div className={styles.what}>
        <span className={styles.name}>{item.document_title}</span>
        <span className={styles.where}>
          {item.course_title} · {item.set_title}
        </span>
      </div>
      <div className={styles.when}>
        <span className={item.overdue ? styles.overdue : undefined}>{t('dueSoon.due', { date: date(item.due_at) })}</span>
        {item.extended ? <Badge tone="info">{t('dueSoon.extended')}</Badge> : null}
        {item.overdue ? <Badge tone="danger">{t('dueSoon.overdue')}</Badge> : null}
      </div>
      <div className={styles.state}>
        <Badge tone={STATE_TONE[item.state]}>{t(`dueSoon.state.${item.state}`)}</Badge>
        <StateDetail item={item} date={date} now={now} />
      </div>
      <ButtonLink
        to={`/student/course/${item.course_id}/document/${item.document_id}`}
        variant={item.state === 'submitted' ? 'outline' : 'primary'}
        size="sm"
        className={styles.open}
        aria-label={t('dueSoon.openLabel', { title: item.document_title, course: item.course_title })}
      >
        {t('dueSoon.open')}
      </ButtonLink>
    </li>
  );
}

function StateDetail({ item, date, now }: { item: DueItem; date: (epoch: number) => string; now: number }) {
  const { t } = useTranslation();
  if (item.state === 'time_limit' && item.deadline_at !== null) {
    return (
      <span className={styles.detail}>
        {item.deadline_at > now ? t('dueSoon.timeEnds', { date: date(item.deadline_at) }) : t('dueSoon.timeUp')}
      </span>
    );
  }
  if (item.state === 'in_progress' && item.saved_at !== null) {
    return <span className={styles.detail}>{t('dueSoon.savedAt', { date: date(item.saved_at) })}</span>;
  }
  if (item.state === 'not_started' && item.timed_seconds !== null) {
    return <span className={styles.detail}>{t('dueSoon.timed', { minutes: Math.round(item.timed_seconds / 60) })}</span>;
  }
  return null;
}
