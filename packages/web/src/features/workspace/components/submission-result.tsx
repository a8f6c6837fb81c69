import type { LanguageCode } from '@app/contract/users';
import type { WorkspaceSubmission } from '@app/contract/workspace';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateFormat, formatDate } from '../../../lib/format-date.ts';
import { formatLetter, formatPercent, formatScore } from '../../../lib/format-grade.ts';
import styles from './submission-result.module.css';

export interface SubmissionResultProps {
  submission: WorkspaceSubmission;
  /** When a withheld grade will be shown (delay showing grade), else null. */
  showGradeOn: number | null;
  language: LanguageCode;
  timeZone: string;
  viewPath: string;
  /** Focused after a hand-in, so screen readers hear the result. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The newest submission: '{points} / {max}', percent and letter, or the date the grade will be shown; practice counts right chords. */
export function SubmissionResult({ submission, showGradeOn, language, timeZone, viewPath, headingRef }: SubmissionResultProps) {
  const { t } = useTranslation();
  const marked = submission.items.filter((item) => item.correct !== null);
  const correct = marked.filter((item) => item.correct).length;
  const date = (epoch: number) => formatDate(epoch, DateFormat.dateTime, language, timeZone);
  return (
    <section className={styles.card} aria-labelledby={`submission-${submission.id}`} data-submission={submission.id} data-toast-clear>
      <header className={styles.header}>
        <h2 id={`submission-${submission.id}`} ref={headingRef} tabIndex={-1} className={styles.title}>
          {t('workspace.result.title', { number: submission.number })}
        </h2>
        <span className={styles.time}>{t('workspace.result.submittedAt', { date: date(submission.submit_time) })}</span>
      </header>
      {submission.grade_hidden ? (
        <p className={styles.hidden}>
          {showGradeOn !== null ? t('workspace.result.gradeOn', { date: date(showGradeOn) }) : t('workspace.result.gradeLater')}
        </p>
      ) : (
        <dl className={styles.grades}>
          <div>
            <dt>{t('workspace.result.score')}</dt>
            <dd data-testid="submission-score">{formatScore(submission, language)}</dd>
          </div>
          <div>
            <dt>{t('workspace.result.percent')}</dt>
            <dd>{formatPercent(submission, language)}</dd>
          </div>
          <div>
            <dt>{t('workspace.result.grade')}</dt>
            <dd className={styles.letter}>{formatLetter(submission)}</dd>
          </div>
        </dl>
      )}
      <footer className={styles.footer}>
        {marked.length > 0 ? (
          <p className={styles.practice}>{t('workspace.result.practice', { correct, total: submission.items.length })}</p>
        ) : (
          <span />
        )}
        <Link to={viewPath} className={styles.view}>
          {t('workspace.result.view')}
        </Link>
      </footer>
    </section>
  );
}
