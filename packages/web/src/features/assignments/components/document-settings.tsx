import { type CourseDocument, ShowAnswers, ShowFindings, type UpdateDocumentRequest } from '@app/contract/assignments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { CommitDateTimeField } from '../../../components/ui/commit-date-time-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { visibleDocumentSettings } from '../document-settings-rules.ts';
import styles from './document-settings.module.css';
import { TimedDurationSelect } from './timed-duration-select.tsx';

export interface DocumentSettingsProps {
  document: CourseDocument;
  /** The delayed grade's date range: the set's due date to the course end (spec §5). */
  delayLimits: { min: number; max: number };
  timeZone: string;
  /** Sends one change; the server applies the rules of spec §4 and the panel follows its answer. */
  onChange: (changes: UpdateDocumentRequest) => Promise<unknown> | undefined;
  id?: string;
}

const SHOW_ANSWERS_CHOICES = ShowAnswers.options;
const SHOW_ANSWERS_LABELS = { AFTER_DUE: 'AfterDue', IMMEDIATELY: 'Immediately', NEVER: 'Never' } as const;
const SHOW_FINDINGS_LABELS = { AT_RELEASE: 'AtRelease', AT_HAND_IN: 'AtHandIn' } as const;

/** The per-document settings of spec §4, showing exactly the options that apply. */
export function DocumentSettings({ document: saved, delayLimits, timeZone, onChange, id }: DocumentSettingsProps) {
  const { t } = useTranslation();
  // What the user just chose, shown at once (the cache's optimistic copy reaches React a tick later)
  // until the call settles; then the server's answer, with the rules of spec §4 applied, shows.
  const [chosen, setChosen] = useState<UpdateDocumentRequest>({});
  const doc: CourseDocument = { ...saved, ...chosen };
  const show = visibleDocumentSettings(doc);

  const change = (changes: UpdateDocumentRequest) => {
    setChosen((current) => ({ ...current, ...changes }));
    const settle = () =>
      setChosen((current) => {
        const next = { ...current };
        for (const key of Object.keys(changes) as (keyof UpdateDocumentRequest)[]) {
          if (next[key] === changes[key]) delete next[key];
        }
        return next;
      });
    const result = onChange(changes);
    if (!result) {
      settle();
      return undefined;
    }
    return result.finally(settle);
  };
  const toggle = (field: keyof UpdateDocumentRequest) => (event: { target: { checked: boolean } }) =>
    void change({ [field]: event.target.checked })?.catch(() => undefined);

  return (
    <div className={styles.panel} id={id} data-testid="document-settings">
      <div className={styles.options}>
        <CheckboxField label={t('assignments.settings.gradable')} checked={doc.gradable} onChange={toggle('gradable')} />
        {show.practice ? (
          <CheckboxField label={t('assignments.settings.practice')} checked={doc.practice} onChange={toggle('practice')} />
        ) : null}
        {show.incrementalGrading ? (
          <CheckboxField
            label={t('assignments.settings.incrementalGrading')}
            checked={doc.incremental_grading}
            onChange={toggle('incremental_grading')}
          />
        ) : null}
        {show.multipleSubmissions ? (
          <CheckboxField
            label={t('assignments.settings.multipleSubmissions')}
            checked={doc.multiple_submissions}
            onChange={toggle('multiple_submissions')}
          />
        ) : null}
        {show.delayShowingGrade ? (
          <CheckboxField
            label={t('assignments.settings.delayShowingGrade')}
            checked={doc.delay_showing_grade}
            onChange={toggle('delay_showing_grade')}
          />
        ) : null}
        {show.timed ? <CheckboxField label={t('assignments.settings.timed')} checked={doc.timed} onChange={toggle('timed')} /> : null}
      </div>
      {!doc.gradable ? <p className={styles.note}>{t('assignments.settings.notGradableHint')}</p> : null}
      {doc.gradable && doc.practice ? <p className={styles.note}>{t('assignments.settings.practiceHint')}</p> : null}
      {doc.gradable || show.showGradeOnDate || show.timedDuration ? (
        <div className={styles.details}>
          {doc.gradable ? (
            <SelectField
              className={styles.answersField}
              label={t('assignments.settings.showAnswers')}
              aria-label={t('assignments.settings.showAnswersOf', { title: doc.title })}
              hint={t('assignments.settings.showAnswersHint')}
              value={doc.show_answers}
              options={SHOW_ANSWERS_CHOICES.map((value) => ({
                value,
                label: t(`assignments.settings.showAnswers${SHOW_ANSWERS_LABELS[value]}`),
              }))}
              onChange={(event) => {
                const parsed = ShowAnswers.safeParse(event.target.value);
                if (parsed.success) void change({ show_answers: parsed.data })?.catch(() => undefined);
              }}
            />
          ) : null}
          {/* Beside the answers: formal work's findings (part writing) or right and wrong at hand-in, issue 35. Practice shows them at once. */}
          {doc.gradable && !doc.practice ? (
            <SelectField
              className={styles.answersField}
              label={t('assignments.settings.showFindings')}
              aria-label={t('assignments.settings.showFindingsOf', { title: doc.title })}
              hint={t('assignments.settings.showFindingsHint')}
              value={doc.show_findings}
              options={ShowFindings.options.map((value) => ({
                value,
                label: t(`assignments.settings.showFindings${SHOW_FINDINGS_LABELS[value]}`),
              }))}
              onChange={(event) => {
                const parsed = ShowFindings.safeParse(event.target.value);
                if (parsed.success) void change({ show_findings: parsed.data })?.catch(() => undefined);
              }}
            />
          ) : null}
          {show.showGradeOnDate ? (
            <CommitDateTimeField
              className={styles.dateField}
              label={t('assignments.settings.showGradeOn')}
              hint={t('assignments.settings.showGradeOnHint')}
              value={doc.show_grade_on_date ?? delayLimits.min}
              timeZone={timeZone}
              min={delayLimits.min}
              max={delayLimits.max}
              onCommit={(epoch) => change({ show_grade_on_date: epoch })}
            />
          ) : null}
          {show.timedDuration ? (
            <TimedDurationSelect
              title={doc.title}
              seconds={doc.timed_time_seconds}
              onChange={(seconds) => void change({ timed_time_seconds: seconds })?.catch(() => undefined)}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
