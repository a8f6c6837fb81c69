import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { TrashIcon } from '../../../components/ui/icons.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { notify } from '../../../lib/notifications.ts';
import { useUpdateSearchParams } from '../../../lib/use-update-search-params.ts';
import { useDeleteStudentDocumentSubmissions } from '../api/delete-student-document-submissions.ts';
import { SetGradeTable, type SetGradeTableDocument } from '../components/set-grade-table.tsx';
import { useGradeBookContext } from '../grade-book-context.ts';
import { studentName } from '../grade-book-model.ts';
import styles from './grade-book.module.css';

/**
 * /course/{id}/grade-book/student: one student (?student=…) at a time, set by set, every grade
 * with its time and View link. Instructors may remove a student's submissions of a document.
 */
export function GradeBookByStudent() {
  const { t } = useTranslation();
  const { course, sets, rows, setMode, language, timeZone, submissionPath } = useGradeBookContext();
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  const removeAll = useDeleteStudentDocumentSubmissions();
  const [removing, setRemoving] = useState<SetGradeTableDocument | null>(null);
  const wanted = Number(params.get('student'));
  const row = rows.find((candidate) => candidate.studentId === wanted) ?? rows[0];
  const instructor = course.user_course_role === 'instructor';

  if (!row) {
    return (
      <div className={styles.empty}>
        <p>{t('gradebook.empty.students')}</p>
      </div>
    );
  }
  const name = studentName(row);
  const handedIn = [...row.cells.values()].filter((cell) => cell.length > 0).length;

  const confirmRemove = () => {
    if (!removing) return;
    removeAll.mutate(
      { userId: row.studentId, documentId: removing.documentId },
      {
        onSuccess: () => notify({ severity: 'success', message: t('gradebook.removeAll.done', { title: removing.title, name }) }),
        onSettled: () => setRemoving(null),
      },
    );
  };

  return (
    <>
      <div className={styles.viewHeader}>
        <div className={styles.picker}>
          <SelectField
            label={t('gradebook.byStudent.pick')}
            value={String(row.studentId)}
            options={rows.map((candidate) => ({ value: String(candidate.studentId), label: studentName(candidate) }))}
            onChange={(event) =>
              updateParams((current) => {
                current.set('student', event.target.value);
                return current;
              })
            }
          />
        </div>
        <p className={styles.summary}>{t('gradebook.byStudent.summary', { email: row.email, count: handedIn })}</p>
      </div>
      {sets.length === 0 ? (
        <div className={styles.empty}>
          <p>{t('gradebook.empty.documents')}</p>
        </div>
      ) : (
        sets.map((set) => (
          <SetGradeTable
            key={set.id}
            title={set.title}
            documents={set.columns}
            cells={row.cells}
            mode={set.mode}
            language={language}
            timeZone={timeZone}
            submissionPath={submissionPath}
            onModeChange={(mode) => setMode(set.id, mode)}
            documentActions={
              instructor
                ? (document) => (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t('gradebook.removeAll.label', { title: document.title, name })}
                      title={t('gradebook.removeAll.label', { title: document.title, name })}
                      onClick={() => setRemoving(document)}
                    >
                      <TrashIcon width="18" height="18" />
                    </Button>
                  )
                : undefined
            }
          />
        ))
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t('gradebook.removeAll.title')}
        message={removing ? t('gradebook.removeAll.message', { title: removing.title, name }) : ''}
        confirmLabel={t('gradebook.removeAll.confirm')}
        confirmVariant="danger"
        loading={removeAll.isPending}
        onConfirm={confirmRemove}
      />
    </>
  );
}
