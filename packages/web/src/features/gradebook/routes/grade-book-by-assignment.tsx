import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useUpdateSearchParams } from '../../../lib/use-update-search-params.ts';
import { GradeBookGrid } from '../components/grade-book-grid.tsx';
import { useGradeBookContext } from '../grade-book-context.ts';
import styles from './grade-book.module.css';

/** /course/{id}/grade-book/assignment: one set (?set=…), students down and its documents across. */
export function GradeBookByAssignment() {
  const { t } = useTranslation();
  const { sets, rows, settings, setMode, language, submissionPath } = useGradeBookContext();
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  const wanted = Number(params.get('set'));
  const set = sets.find((candidate) => candidate.id === wanted) ?? sets[0];

  if (!set || rows.length === 0) {
    return (
      <div className={styles.empty}>
        <p>{rows.length === 0 ? t('gradebook.empty.students') : t('gradebook.empty.documents')}</p>
      </div>
    );
  }
  const submitted = rows.filter((row) => set.columns.some((column) => (row.cells.get(column.documentId)?.length ?? 0) > 0)).length;
  return (
    <>
      <div className={styles.viewHeader}>
        <div className={styles.picker}>
          <SelectField
            label={t('gradebook.byAssignment.pick')}
            value={String(set.id)}
            options={sets.map((candidate) => ({ value: String(candidate.id), label: candidate.title }))}
            onChange={(event) =>
              updateParams((current) => {
                current.set('set', event.target.value);
                return current;
              })
            }
          />
        </div>
        <p className={styles.summary}>{t('gradebook.byAssignment.summary', { submitted, students: rows.length })}</p>
      </div>
      <GradeBookGrid
        sets={[set]}
        rows={rows}
        view={settings.view}
        language={language}
        label={t('gradebook.byAssignment.label', { title: set.title })}
        onSetModeChange={setMode}
        submissionPath={submissionPath}
      />
    </>
  );
}
