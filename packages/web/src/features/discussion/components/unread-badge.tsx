import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../api/get-unread-count.ts';
import styles from './unread-badge.module.css';

/** The number of unread threads beside the course menu's Discussion entry; nothing when all is read. */
export function DiscussionUnreadBadge({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const { data: unread } = useUnreadCount(courseId);
  if (!unread) return null;
  return (
    <span className={styles.badge} data-unread={unread}>
      <span aria-hidden="true">{unread}</span>
      <span className="visually-hidden">{t('discussion.nav.unread', { count: unread })}</span>
    </span>
  );
}
