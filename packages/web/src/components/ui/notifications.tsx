import { useTranslation } from 'react-i18next';
import { dismiss, type Notification, useNotifications } from '../../lib/notifications.ts';
import { CloseIcon } from './icon.tsx';
import styles from './notifications.module.css';

/*
 * Our own toast list rather than @radix-ui/react-toast: Radix announces each toast through a
 * second, hidden role="status" copy of its text, which doubles every match in tests and
 * Playwright's getByText/getByRole. The timing rules live in lib/notifications.ts.
 */

function Toast({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const heading = notification.severity === 'success' ? t('notifications.success') : t('notifications.error');
  return (
    <div
      role="status"
      aria-live={notification.severity === 'error' ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-severity={notification.severity}
      data-state={notification.open ? 'open' : 'closed'}
      className={`${styles.toast} ${styles[notification.severity]}`}
    >
      <div className={styles.text}>
        <p className={styles.heading}>{heading}</p>
        <p className={styles.message}>{notification.message}</p>
        {notification.details?.map((detail) => (
          <p key={detail} className={styles.detail}>
            {detail}
          </p>
        ))}
      </div>
      <button type="button" className={styles.dismiss} aria-label={t('notifications.dismiss')} onClick={() => dismiss(notification.id)}>
        <CloseIcon />
      </button>
    </div>
  );
}

/** Renders the notifications raised with notify(); mounted once by the app providers. */
export function Notifications() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  return (
    <section aria-label={t('notifications.region')} className={styles.viewport}>
      {notifications.map((notification) => (
        <Toast key={notification.id} notification={notification} />
      ))}
    </section>
  );
}
