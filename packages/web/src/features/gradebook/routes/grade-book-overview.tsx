import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { GradeBookGrid } from '../components/grade-book-grid.tsx';
import { gradeBookPath, useGradeBookContext } from '../grade-book-context.ts';
import { searchWith } from '../grade-book-links.ts';
import styles from './grade-book.module.css';

/** /course/{id}/grade-book: every student against every document, grouped by set. */
export function GradeBookOverview() {
  const { t } = useTranslation();
  const { course, sets, rows, settings, setMode, language, submissionPath } = useGradeBookContext();
  const { search } = useLocation();
  const base = gradeBookPath(course.id);
  const documents = sets.reduce((sum, set) => sum + set.columns.length, 0);

  if (rows.length === 0 || documents === 0) {
    return (
      <div className={styles.empty}>
        <p>{rows.length === 0 ? t('gradebook.empty.students') : t('gradebook.empty.documents')}</p>
      </div>
    );
  }
  return (
    <>
      <div className={styles.viewHeader}>
        <p className={styles.summary}>{t('gradebook.overview.summary', { students: rows.length, documents })}</p>
      </div>
      <GradeBookGrid
        sets={sets}
        rows={rows}
        view={settings.view}
        language={language}
        label={t('gradebook.overview.label')}
        onSetModeChange={setMode}
        submissionPath={submissionPath}
        studentPath={(studentId) => `${base}/student${searchWith(search, { student: studentId })}`}
        setPath={(setId) => `${base}/assignment${searchWith(search, { set: setId })}`}
      />
    </>
  );
}
