import type { GradeChange } from '@app/contract/answer-keys';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { submissionKeys } from '../../../lib/submission-keys.ts';
import { useGradeChanges } from '../api/get-grade-changes.ts';
import { useRegradeState } from '../api/get-regrade-state.ts';
import { assignmentKeys } from '../api/keys.ts';
import { useRequestRegrade } from '../api/request-regrade.ts';
import { dateTimeText } from '../assignment-text.ts';
import styles from './edit-key-dialog.module.css';

/**
 * 'Regrade' for a document whose key changed: how many submissions an older key graded, the
 * button (confirmed first), the job's progress while it runs, and the audit list of grades changed.
 */
export function RegradeSection({
  documentId,
  timeZone,
  wording = 'answers',
}: {
  documentId: number;
  timeZone: string;
  /** What a new version changed: the answers, or a part-writing document's rule settings (issue 27). */
  wording?: 'answers' | 'rules';
}) {
  const words = wording === 'rules' ? 'answerKeys.rules.regrade' : 'answerKeys.regrade';
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const state = useRegradeState(documentId);
  const changes = useGradeChanges(documentId);
  const request = useRequestRegrade();
  const [confirming, setConfirming] = useState(false);

  const regrade = state.data?.regrade ?? null;
  const active = regrade?.status === 'QUEUED' || regrade?.status === 'RUNNING';
  // When a regrade ends, its changes and every grade list built from submissions are read again.
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active) {
      void queryClient.invalidateQueries({ queryKey: assignmentKeys.gradeChanges(documentId) });
      void queryClient.invalidateQueries({ queryKey: submissionKeys.all });
    }
    wasActive.current = active;
  }, [active, documentId, queryClient]);

  if (!state.data) return null;
  const { submissions, outdated } = state.data;

  return (
    <section className={styles.regrade} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        {t('answerKeys.regrade.title')}
      </h3>
      <p>
        {submissions === 0
          ? t('answerKeys.regrade.none')
          : outdated > 0
            ? t(`${words}.outdated`, { count: outdated, total: submissions })
            : t(`${words}.upToDate`, { total: submissions })}
      </p>
      <div role="status" className={styles.status}>
        {regrade?.status === 'QUEUED' ? <p>{t('answerKeys.regrade.queued')}</p> : null}
        {regrade?.status === 'RUNNING' ? (
          <p className={styles.progress}>
            <progress max={Math.max(1, regrade.total)} value={regrade.done} aria-label={t('answerKeys.regrade.progress')} />
            {t('answerKeys.regrade.running', { done: regrade.done, total: regrade.total })}
          </p>
        ) : null}
        {regrade?.status === 'DONE' ? (
          <p>
            {t('answerKeys.regrade.done', {
              when: dateTimeText(regrade.finished_at ?? regrade.requested_at, timeZone),
              count: regrade.changed,
            })}
          </p>
        ) : null}
      </div>
      {regrade?.status === 'FAILED' ? (
        <Notice severity="error">{t('answerKeys.regrade.failed', { error: regrade.error ?? '' })}</Notice>
      ) : null}
      <div>
        <Button variant="secondary" onClick={() => setConfirming(true)} disabled={active || outdated === 0} loading={request.isPending}>
          {t('answerKeys.regrade.button')}
        </Button>
      </div>

      <h3 className={styles.heading}>{t('answerKeys.changes.title')}</h3>
      {changes.data && changes.data.length > 0 ? (
        <GradeChangesTable changes={changes.data} timeZone={timeZone} />
      ) : (
        <p className={styles.muted}>{t('answerKeys.changes.empty')}</p>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('answerKeys.regrade.confirmTitle')}
        message={t(`${words}.confirmMessage`, { total: submissions })}
        confirmLabel={t('answerKeys.regrade.confirm')}
        loading={request.isPending}
        onConfirm={() => request.mutate(documentId, { onSettled: () => setConfirming(false) })}
      />
    </section>
  );
}

function GradeChangesTable({ changes, timeZone }: { changes: GradeChange[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const grade = (points: number, max: number, letter: string) =>
    t('answerKeys.changes.grade', { points: number.format(points), max: number.format(max), grade: letter });
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{t('answerKeys.changes.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('answerKeys.changes.student')}</th>
            <th scope="col">{t('answerKeys.changes.changedBy')}</th>
            <th scope="col">{t('answerKeys.changes.when')}</th>
            <th scope="col">{t('answerKeys.changes.before')}</th>
            <th scope="col">{t('answerKeys.changes.after')}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.id}>
              <td>{`${change.student_first_name} ${change.student_last_name}`}</td>
              <td>{change.changed_by ?? t('answerKeys.changes.unknown')}</td>
              <td>{dateTimeText(change.changed_at, timeZone)}</td>
              <td>{grade(change.old_points, change.old_max_points, change.old_grade)}</td>
              <td>{grade(change.new_points, change.new_max_points, change.new_grade)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
