import { type RefObject, useLayoutEffect, useRef } from 'react';
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

/** What toasts keep clear of: a page's sticky action bar and a result card (issue 38). */
const CLEAR = '[data-sticky-actions], [data-toast-clear]';
const GAP = 12;

/**
 * How far toasts rise from the window's bottom to clear what they must not cover, as it is on
 * screen now: above the highest such element in the lower part of the window (a sticky Submit bar
 * that is not at the bottom, a result card under it). Past half the window it gives up (a card
 * that fills the screen): the stylesheet's lift stands.
 */
export function toastLift(elements: Iterable<Element>, windowHeight: number): number | null {
  let top = windowHeight;
  for (const element of elements) {
    const rect = element.getBoundingClientRect();
    if (rect.height === 0 || rect.bottom <= windowHeight / 2 || rect.top >= windowHeight) continue;
    top = Math.min(top, rect.top);
  }
  const lift = windowHeight - top;
  if (lift <= 0) return 0;
  return lift + GAP > windowHeight / 2 ? null : lift;
}

/** Keeps the viewport's --toast-lift current while toasts show (scroll, resize, layout changes). */
function useToastLift(viewport: RefObject<HTMLElement | null>, showing: boolean) {
  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element || !showing) return;
    const place = () => {
      const lift = toastLift(document.querySelectorAll(CLEAR), window.innerHeight);
      if (lift === null) element.style.removeProperty('--toast-lift');
      else element.style.setProperty('--toast-lift', `${Math.max(0, lift === 0 ? 0 : lift + GAP - 16)}px`);
    };
    place();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(place);
    observer?.observe(document.body);
    window.addEventListener('scroll', place, { passive: true, capture: true });
    window.addEventListener('resize', place);
    return () => {
      observer?.disconnect();
      window.removeEventListener('scroll', place, { capture: true });
      window.removeEventListener('resize', place);
      element.style.removeProperty('--toast-lift');
    };
  }, [viewport, showing]);
}

/** Renders the notifications raised with notify(); mounted once by the app providers. */
export function Notifications() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const viewport = useRef<HTMLElement>(null);
  useToastLift(viewport, notifications.length > 0);
  return (
    <section ref={viewport} aria-label={t('notifications.region')} className={styles.viewport}>
      {notifications.map((notification) => (
        <Toast key={notification.id} notification={notification} />
      ))}
    </section>
  );
}
