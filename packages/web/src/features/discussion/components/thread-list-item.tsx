import type { ThreadSummary } from '@app/contract/discussion';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { currentLanguage } from '../../../i18n/index.ts';
import { DateFormat, formatDate } from '../../../lib/format-date.ts';
import styles from './thread-list-item.module.css';

export interface ThreadListItemProps {
  thread: ThreadSummary;
  to: string;
  timeZone: string;
}

/** One row of the board: title with its marks, who started it, replies and last activity. */
export function ThreadListItem({ thread, to, timeZone }: ThreadListItemProps) {
  const { t } = useTranslation();
  const classes = [styles.item, thread.pinned ? styles.pinned : '', thread.unread ? styles.unread : ''].filter(Boolean).join(' ');
  return (
    <li className={classes} data-thread-id={thread.id}>
      <h2 className={styles.heading}>
        {thread.pinned ? <Badge tone="info">{t('discussion.thread.pinned')}</Badge> : null}
        {thread.locked ? <Badge tone="neutral">{t('discussion.thread.locked')}</Badge> : null}
        <Link to={to} className={styles.title}>
          {thread.title}
        </Link>
        {thread.unread ? <Badge tone="warning">{t('discussion.thread.unread')}</Badge> : null}
      </h2>
      <p className={styles.meta}>
        <span className={styles.author}>
          {t('discussion.thread.startedBy', { name: `${thread.author.first_name} ${thread.author.last_name}` })}
        </span>
        <span>{t('discussion.thread.replies', { count: thread.reply_count })}</span>
        <span>
          {t('discussion.thread.lastActivity', {
            time: formatDate(thread.last_activity_at, DateFormat.dateTime, currentLanguage(), timeZone),
          })}
        </span>
      </p>
    </li>
  );
}
