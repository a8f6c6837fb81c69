import type { LanguageCode } from '@app/contract/users';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { DateFormat, formatDate } from '../../../lib/format-date.ts';
import { formatLetter, formatPercent, formatScore } from '../../../lib/format-grade.ts';
import { withheldGradeText } from '../../../lib/withheld-grade-text.ts';
import type { GradeCell, SetMode } from '../grade-book-model.ts';
import styles from './set-grade-table.module.css';

export interface SetGradeTableDocument {
  documentId: number;
  title: string;
  practice: boolean;
  /** When a grade withheld from the student will be shown; without it the cell says only that it is not released. */
  gradeShownAt?: number | null;
}

export interface SetGradeTableProps {
  title: string;
  documents: readonly SetGradeTableDocument[];
  /** A student's submissions by document, most points first. */
  cells: ReadonlyMap<number, readonly GradeCell[]>;
  mode: SetMode;
  language: LanguageCode;
  timeZone: string;
  submissionPath: (submission: GradeCell) => string;
  /** Offered where the viewer may switch between the highest and all submissions. */
  onModeChange?: (mode: SetMode) => void;
  /** Extra controls for a document that has submissions (an instructor's 'Remove all'). */
  documentActions?: (document: SetGradeTableDocument, submissions: readonly GradeCell[]) => ReactNode;
}

/**
 * One set of one student's grade book (spec §2 'Student grade book'): per document the best
 * submission — or, with 'All submissions', each of them by points, descending — with score,
 * percent, grade, time of hand-in (profile time zone) and a View link.
 */
export function SetGradeTable(props: SetGradeTableProps) {
  const { title, documents, cells, mode, language, timeZone, submissionPath, onModeChange, documentActions } = props;
  const { t } = useTranslation();
  const headingId = useId();
  const label = {
    document: t('gradebook.table.document'),
    score: t('gradebook.view.score'),
    percent: t('gradebook.view.percent'),
    grade: t('gradebook.view.grade'),
    submitted: t('gradebook.table.submitted'),
    action: t('gradebook.table.action'),
  };

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <header className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {onModeChange ? (
          <select
            className={styles.modeSelect}
            value={mode}
            aria-label={t('gradebook.mode.label', { title })}
            onChange={(event) => onModeChange(event.target.value === 'all' ? 'all' : 'highest')}
          >
            <option value="highest">{t('gradebook.mode.highest')}</option>
            <option value="all">{t('gradebook.mode.allSorted')}</option>
          </select>
        ) : null}
      </header>
      <div className={styles.frame}>
        <table className={styles.table} aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">{label.document}</th>
              <th scope="col">{label.score}</th>
              <th scope="col">{label.percent}</th>
              <th scope="col">{label.grade}</th>
              <th scope="col">{label.submitted}</th>
              <th scope="col" className={styles.actionsHead}>
                {label.action}
              </th>
            </tr>
          </thead>
          <tbody>
            {documents.map((document) => {
              const submissions = cells.get(document.documentId) ?? [];
              const shown = mode === 'all' ? submissions : submissions.slice(0, 1);
              const name = (
                <span className={styles.documentName}>
                  {document.title}
                  {document.practice ? <Badge tone="warning">{t('gradebook.grid.practice')}</Badge> : null}
                </span>
              );
              if (shown.length === 0) {
                return (
                  <tr key={document.documentId} data-document={document.documentId}>
                    <th scope="row" data-label={label.document}>
                      {name}
                    </th>
                    <td colSpan={5} className={styles.muted} data-label="">
                      {t('gradebook.table.notSubmitted')}
                    </td>
                  </tr>
                );
              }
              return shown.map((submission, index) => (
                <tr key={submission.id} data-document={document.documentId} data-submission={submission.id}>
                  <th scope="row" data-label={label.document}>
                    {index === 0 ? name : <span className="visually-hidden">{document.title}</span>}
                    {mode === 'all' ? (
                      <span className={styles.number}>{t('submissions.view.number', { number: submission.number })}</span>
                    ) : null}
                  </th>
                  {submission.grade_hidden ? (
                    <td colSpan={3} className={styles.muted} data-label={label.score}>
                      {withheldGradeText(document.gradeShownAt, t, language, timeZone)}
                    </td>
                  ) : (
                    <>
                      <td className={styles.value} data-label={label.score}>
                        {formatScore(submission, language)}
                      </td>
                      <td className={styles.value} data-label={label.percent}>
                        {formatPercent(submission, language)}
                      </td>
                      <td className={styles.value} data-label={label.grade}>
                        <strong>{formatLetter(submission)}</strong>
                      </td>
                    </>
                  )}
                  <td className={styles.nowrap} data-label={label.submitted}>
                    {formatDate(submission.submit_time, DateFormat.dateTime, language, timeZone)}
                  </td>
                  <td data-label="">
                    <div className={styles.actions}>
                      <ButtonLink
                        to={submissionPath(submission)}
                        variant="outline"
                        size="sm"
                        aria-label={t('gradebook.table.viewLabel', { title: document.title, number: submission.number })}
                      >
                        {t('gradebook.table.view')}
                      </ButtonLink>
                      {index === 0 && documentActions ? documentActions(document, submissions) : null}
                    </div>
                  </td>
                </tr>
              ));
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
