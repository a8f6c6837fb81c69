import type { Course } from '@app/contract/courses';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useOutletContext } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ArrowsIcon, PlusIcon } from '../../../components/ui/icons.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { SortableList } from '../../../components/ui/sortable-list.tsx';
import { apiErrorMessages } from '../../../lib/api-errors.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useCourseSets } from '../../../lib/course-sets.ts';
import { displayTimeZone } from '../../../lib/date-time-input.ts';
import { notify } from '../../../lib/notifications.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCreateAssignment } from '../api/create-assignment.ts';
import { useReorderAssignments } from '../api/reorder-assignments.ts';
import { assignmentEditorPath, canEditAssignments, termAndYear } from '../assignment-text.ts';
import { AssignmentSetCard } from '../components/assignment-set-card.tsx';
import { DocumentPreviewModal } from '../components/document-preview-modal.tsx';
import styles from './assignments.module.css';

/**
 * /course/{id}: the course's numbered assignment sets (spec §2). Instructors add sets, open the
 * editor and reorder by dragging; TAs see the same list without those controls.
 */
export function AssignmentSetsPage() {
  const { t } = useTranslation();
  usePageTitle(t('assignments.list.title'));
  const navigate = useNavigate();
  const course = useOutletContext<Course>();
  const { data: user } = useCurrentUser();
  const sets = useCourseSets(course.id);
  const create = useCreateAssignment();
  const reorder = useReorderAssignments(course.id);
  const [preview, setPreview] = useState<{ setId: number; index: number } | null>(null);
  const editable = canEditAssignments(course);

  if (sets.error) {
    return (
      <Notice severity="error">
        {apiErrorMessages(sets.error).map((message) => (
          <p key={message}>{message}</p>
        ))}
      </Notice>
    );
  }
  if (!sets.data || !user) return <LoadingScreen />;

  const timeZone = displayTimeZone(user.timezone_name);
  const previewed = preview ? sets.data.find((s) => s.id === preview.setId) : undefined;

  const onCreate = () => {
    void create
      .mutateAsync({ courseId: course.id, title: t('assignments.list.defaultTitle', { number: (sets.data?.length ?? 0) + 1 }) })
      .then((set) => navigate(assignmentEditorPath(course.id, set.id, 'assignment_created')))
      .catch(() => undefined);
  };

  const onReorder = (ids: number[]) =>
    reorder.mutate(ids, { onSuccess: () => notify({ severity: 'success', message: t('assignments.list.orderSaved') }) });

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <p className={styles.eyebrow}>
            {course.title} · {termAndYear(course, t)}
          </p>
          <h1 className={styles.title}>{t('assignments.list.title')}</h1>
        </div>
        {editable ? (
          <Button onClick={onCreate} loading={create.isPending}>
            <PlusIcon />
            {t('assignments.list.new')}
          </Button>
        ) : null}
      </header>

      {!editable ? <p className={styles.lead}>{t('assignments.list.readOnly')}</p> : null}

      {sets.data.length === 0 ? (
        <div className={styles.empty}>
          <p>{t('assignments.list.empty')}</p>
        </div>
      ) : (
        <>
          {editable && sets.data.length > 1 ? (
            <p className={styles.hint}>
              <ArrowsIcon width="16" height="16" />
              {t('assignments.list.reorderHint')}
            </p>
          ) : null}
          <SortableList
            items={sets.data}
            label={t('assignments.list.title')}
            titleOf={(set) => set.title}
            onReorder={editable ? onReorder : undefined}
            renderItem={(set, handle, index) => (
              <AssignmentSetCard
                set={set}
                position={index + 1}
                timeZone={timeZone}
                handle={handle}
                editPath={editable ? assignmentEditorPath(course.id, set.id) : undefined}
                onPreview={(documentIndex) => setPreview({ setId: set.id, index: documentIndex })}
              />
            )}
          />
        </>
      )}

      <DocumentPreviewModal
        documents={previewed?.documents ?? []}
        index={previewed ? (preview?.index ?? null) : null}
        onIndexChange={(index) => setPreview(index === null || !preview ? null : { ...preview, index })}
      />
    </section>
  );
}
