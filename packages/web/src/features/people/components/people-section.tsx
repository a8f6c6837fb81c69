import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './people-section.module.css';
import table from './people-table.module.css';

export interface PeopleSectionProps {
  headingId: string;
  title: string;
  /** Shown beside the title once known. */
  count?: number;
  /** Buttons on the right of the heading. */
  actions?: ReactNode;
  /** A line under the heading (why an action is unavailable …). */
  note?: ReactNode;
  loading?: boolean;
  /** The empty-state sentence; null when there is something to list. */
  empty: string | null;
  /** The table. */
  children: ReactNode;
  /** Confirmations and modals: they stay mounted while the list empties under them. */
  dialogs?: ReactNode;
}

/** One block of the people page: heading with a count and actions, then a table or an empty state. */
export function PeopleSection({ headingId, title, count, actions, note, loading = false, empty, children, dialogs }: PeopleSectionProps) {
  const { t } = useTranslation();
  let body: ReactNode;
  if (loading) {
    body = (
      <p className={styles.empty} aria-busy="true">
        {t('app.loading')}
      </p>
    );
  } else if (empty !== null) {
    body = <p className={styles.empty}>{empty}</p>;
  } else {
    body = <div className={table.frame}>{children}</div>;
  }
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {title}
          {count !== undefined ? <span className={styles.count}>{count}</span> : null}
        </h2>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      {note ? <p className={styles.note}>{note}</p> : null}
      {body}
      {dialogs}
    </section>
  );
}
