import type { AssignmentSet, UpdateAssignmentRequest } from '@app/contract/assignments';
import type { Course } from '@app/contract/courses';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { CommitDateTimeField } from '../../../components/ui/commit-date-time-field.tsx';
import { CommitTextField } from '../../../components/ui/commit-text-field.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { SaveStatus, useSaveStatus } from '../../../components/ui/save-status.tsx';
import { translateMessage } from '../../../i18n/index.ts';
import { notify } from '../../../lib/notifications.ts';
import { type AssignmentDateField, assignmentDateLimits, checkAssignmentDate, type DateConfirmation } from '../assignment-dates.ts';
import { dateTimeText } from '../assignment-text.ts';
import styles from './editor-sections.module.css';

export interface AssignmentInfoPanelProps {
  set: AssignmentSet;
  course: Pick<Course, 'start_date' | 'end_date'>;
  timeZone: string;
  /** Saves a change; rejects when the server refuses it (its toast says why). */
  onSave: (changes: UpdateAssignmentRequest) => Promise<unknown>;
}

type Pending = { field: AssignmentDateField; value: number; reason: DateConfirmation; resolve: () => void; reject: () => void };

/**
 * When students see a set (decision 054): a draft not until it is released, then from its assigned
 * date; said plainly, with the button that releases it or makes it a draft again.
 */
function SetVisibility({ set, timeZone, onSave }: Pick<AssignmentInfoPanelProps, 'set' | 'timeZone' | 'onSave'>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const future = set.released_at > Math.floor(Date.now() / 1000);
  const date = dateTimeText(set.released_at, timeZone);
  const key = set.draft ? (future ? 'draftFuture' : 'draftNow') : future ? 'releasedFuture' : 'releasedNow';
  const change = (draft: boolean) => {
    setBusy(true);
    onSave({ draft })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Notice severity={set.draft ? 'warning' : 'info'}>
      <p className={styles.visibilityText} data-testid="set-visibility">
        {t(`assignments.editor.${key}`, { date })}
      </p>
      <Button size="sm" variant={set.draft ? 'primary' : 'outline'} loading={busy} onClick={() => change(!set.draft)}>
        {set.draft ? t('assignments.editor.release') : t('assignments.editor.backToDraft')}
      </Button>
    </Notice>
  );
}

/**
 * The set's title, assigned and due dates and visibility after the due date. Dates follow spec §5:
 * the pickers offer only the allowed range, and a date outside the course period asks first.
 */
export function AssignmentInfoPanel({ set, course, timeZone, onSave }: AssignmentInfoPanelProps) {
  const { t } = useTranslation();
  const { state, track } = useSaveStatus();
  const [pending, setPending] = useState<Pending | null>(null);
  const save = (changes: UpdateAssignmentRequest) => track(onSave(changes));

  const commitDate = (field: AssignmentDateField) => (value: number) => {
    const check = checkAssignmentDate(field, value, set, course);
    if (check.kind === 'invalid') {
      notify({ severity: 'error', message: translateMessage(check.message) });
      return Promise.reject(new Error(check.message));
    }
    if (check.kind === 'ok') return save({ [field]: check.value });
    return new Promise<void>((resolve, reject) => {
      setPending({ field, value: check.value, reason: check.reason, resolve, reject: () => reject(new Error('cancelled')) });
    }).then(() => save({ [field]: check.value }));
  };

  const answer = (proceed: boolean) => {
    if (!pending) return;
    if (proceed) pending.resolve();
    else pending.reject();
    setPending(null);
  };

  const released = assignmentDateLimits('released_at', set, course);
  const due = assignmentDateLimits('due_at', set, course);
  const startsOrEnds = pending?.reason.endsWith('BeforeStart')
    ? t('assignments.dates.courseStarts', { date: dateTimeText(course.start_date, timeZone) })
    : t('assignments.dates.courseEnds', { date: dateTimeText(course.end_date, timeZone) });

  return (
    <section className={styles.section} aria-labelledby="assignment-info">
      <div className={styles.sectionHead}>
        <h2 id="assignment-info" className={styles.sectionTitle}>
          {t('assignments.editor.info')}
        </h2>
        <SaveStatus state={state} />
      </div>
      <SetVisibility set={set} timeZone={timeZone} onSave={save} />
      <CommitTextField label={t('assignments.editor.setTitle')} value={set.title} maxLength={200} onCommit={(title) => save({ title })} />
      <div className={styles.columns}>
        <CommitDateTimeField
          label={t('assignments.editor.assignedDate')}
          value={set.released_at}
          timeZone={timeZone}
          min={released.min}
          max={released.max}
          onCommit={commitDate('released_at')}
        />
        <CommitDateTimeField
          label={t('assignments.editor.dueDate')}
          value={set.due_at}
          timeZone={timeZone}
          min={due.min}
          max={due.max}
          onCommit={commitDate('due_at')}
        />
      </div>
      <p className={styles.sectionHint}>
        {t('assignments.editor.coursePeriod', {
          start: dateTimeText(course.start_date, timeZone),
          end: dateTimeText(course.end_date, timeZone),
          timeZone,
        })}
      </p>
      <CheckboxField
        className={styles.toggleField}
        label={t('assignments.editor.showAfterDue')}
        checked={set.show_after_due}
        onChange={(event) => void save({ show_after_due: event.target.checked }).catch(() => undefined)}
      />
      <p className={styles.sectionHint}>{t('assignments.editor.showAfterDueHint')}</p>

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) answer(false);
        }}
        title={pending ? t(`assignments.dates.confirm.${pending.reason}`) : ''}
        message={
          <>
            <span className={styles.confirmLine}>{startsOrEnds}</span>
            <span className={styles.confirmLine}>{t('assignments.dates.question')}</span>
          </>
        }
        confirmLabel={t('assignments.dates.proceed')}
        onConfirm={() => answer(true)}
      />
    </section>
  );
}
