import { SubmissionMessages } from '@app/contract/submissions';
import type { Workspace } from '@app/contract/workspace';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ClockIcon } from '../../../components/ui/icons.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { apiErrorMessages } from '../../../lib/api-errors.ts';
import { useStartDocument } from '../api/start-document.ts';
import { refusalText } from '../refusal-text.ts';
import type { Viewer } from './exercise-workspace.tsx';
import styles from './timed-start.module.css';
import { WorkspaceHeader } from './workspace-header.tsx';

export interface TimedStartProps {
  /** A timed document not started yet: its rules, no score. */
  workspace: Workspace;
  viewer: Viewer;
  courseTitle: string;
  assignmentsPath: string;
}

/**
 * A timed document before its clock runs (issue 24): the time limit and a Start button. Opening
 * the page starts nothing; Start asks the server, which keeps the clock, and the workspace with
 * the score replaces this screen.
 */
export function TimedStart({ workspace, viewer, courseTitle, assignmentsPath }: TimedStartProps) {
  const { t } = useTranslation();
  const start = useStartDocument();
  const { rules } = workspace;
  const minutes = Math.round((rules.timed_seconds ?? 0) / 60);
  // Start is offered while it would lead to a hand-in: the only refusal then is "not started yet".
  const blocked = rules.refusal !== null && rules.refusal !== SubmissionMessages.downloadFirst ? rules.refusal : null;
  return (
    <section className={styles.page}>
      <WorkspaceHeader workspace={workspace} courseTitle={courseTitle} assignmentsPath={assignmentsPath} viewer={viewer} status={null} />
      <div className={styles.panel} data-testid="timed-start">
        <ClockIcon width="32" height="32" aria-hidden="true" className={styles.icon} />
        <h2 className={styles.heading}>{t('workspace.start.heading', { minutes })}</h2>
        {blocked !== null ? (
          <Notice severity="warning">{refusalText(blocked)}</Notice>
        ) : (
          <>
            <p className={styles.text}>{t('workspace.start.explain', { count: minutes })}</p>
            <p className={styles.text}>{t('workspace.start.keepsRunning')}</p>
            {start.error ? (
              <Notice severity="error">
                {apiErrorMessages(start.error).map((message) => (
                  <p key={message}>{message}</p>
                ))}
              </Notice>
            ) : null}
            <Button size="lg" onClick={() => start.mutate(workspace.document.id)} loading={start.isPending}>
              {t('workspace.start.button')}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
