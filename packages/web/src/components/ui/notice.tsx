import type { ReactNode } from 'react';
import styles from './notice.module.css';

export interface NoticeProps {
  severity: 'error' | 'warning' | 'info' | 'success';
  title?: ReactNode;
  children: ReactNode;
}

/** An inline message inside a page (toasts are for things that happen; notices are for state). */
export function Notice({ severity, title, children }: NoticeProps) {
  return (
    <div className={`${styles.notice} ${styles[severity]}`} data-severity={severity} role={severity === 'error' ? 'alert' : undefined}>
      {title ? <p className={styles.title}>{title}</p> : null}
      <div className={styles.body}>{children}</div>
    </div>
  );
}
