import type { DiscussionAuthor } from '@app/contract/discussion';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { currentLanguage } from '../../../i18n/index.ts';
import { DateFormat, formatDate } from '../../../lib/format-date.ts';
import styles from './author-line.module.css';

export interface AuthorLineProps {
  author: DiscussionAuthor;
  /** Epoch seconds. */
  time: number;
  edited: boolean;
  timeZone: string;
}

/** Who wrote something and when; instructors and TAs are marked so answers stand out. */
export function AuthorLine({ author, time, edited, timeZone }: AuthorLineProps) {
  const { t } = useTranslation();
  const date = new Date(time * 1000);
  return (
    <p className={styles.line}>
      <span className={styles.name}>
        {author.first_name} {author.last_name}
      </span>
      {author.role === 'instructor' || author.role === 'ta' ? <Badge tone="info">{t(`discussion.roles.${author.role}`)}</Badge> : null}
      <time dateTime={date.toISOString()}>{formatDate(time, DateFormat.dateTime, currentLanguage(), timeZone)}</time>
      {edited ? <span className={styles.edited}>{t('discussion.edited')}</span> : null}
    </p>
  );
}
