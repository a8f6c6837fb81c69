import type { Workspace } from '@app/contract/workspace';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { BackIcon } from '../../../components/ui/icons.tsx';
import { DateFormat, formatDate } from '../../../lib/format-date.ts';
import type { Viewer } from './exercise-workspace.tsx';
import styles from './workspace-header.module.css';

export interface WorkspaceHeaderProps {
  workspace: Workspace;
  courseTitle: string;
  assignmentsPath: string;
  viewer: Viewer;
  /** The countdown and the save status, on the right. */
  status: ReactNode;
}

/** Back to the assignments, the set and document titles, the due date that applies, the document's kind. */
export function WorkspaceHeader({ workspace, courseTitle, assignmentsPath, viewer, status }: WorkspaceHeaderProps) {
  const { t } = useTranslation();
  const { rules } = workspace;
  const due = rules.extension_due_at ?? rules.due_at;
  return (
    <header className={styles.header}>
      <div className={styles.titles}>
        <nav aria-label={courseTitle} className={styles.crumbs}>
          <Link to={assignmentsPath} className={styles.back}>
            <BackIcon width="16" height="16" aria-hidden="true" />
            {t('workspace.page.back')}
          </Link>
          <span aria-hidden="true">/</span>
          <span>{workspace.set_title}</span>
        </nav>
        <h1 className={styles.title}>{workspace.document.title}</h1>
        <div className={styles.meta}>
          <span>{t('workspace.page.due', { date: formatDate(due, DateFormat.dateTime, viewer.language, viewer.timeZone) })}</span>
          {rules.extension_due_at !== null ? <Badge tone="info">{t('workspace.list.extended')}</Badge> : null}
          {rules.practice ? <Badge tone="warning">{t('workspace.page.practice')}</Badge> : null}
          {rules.timed_seconds !== null ? (
            <Badge tone="neutral">{t('workspace.list.timed', { minutes: Math.round(rules.timed_seconds / 60) })}</Badge>
          ) : null}
        </div>
        {rules.practice ? <p className={styles.hint}>{t('workspace.page.practiceHint')}</p> : null}
      </div>
      <div className={styles.status}>{status}</div>
    </header>
  );
}
