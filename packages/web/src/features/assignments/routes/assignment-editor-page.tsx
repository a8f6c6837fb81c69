import type { CourseDocument } from '@app/contract/assignments';
import type { Course } from '@app/contract/courses';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useOutletContext, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ArrowsIcon, LibraryIcon, TrashIcon } from '../../../components/ui/icons.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { SortableList } from '../../../components/ui/sortable-list.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorMessages } from '../../../lib/api-errors.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { displayTimeZone } from '../../../lib/date-time-input.ts';
import { notify } from '../../../lib/notifications.ts';
import { useLeaveWithNotice } from '../../../lib/use-leave-with-notice.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useAddLibraryDocuments } from '../api/add-library-documents.ts';
import { useDeleteAssignment } from '../api/delete-assignment.ts';
import { useDeleteDocument } from '../api/delete-document.ts';
import { useAssignment } from '../api/get-assignment.ts';
import { assignmentKeys } from '../api/keys.ts';
import { useReorderDocuments } from '../api/reorder-documents.ts';
import { useUpdateAssignment } from '../api/update-assignment.ts';
import { useUpdateDocument } from '../api/update-document.ts';
import { delayGradeLimits } from '../assignment-dates.ts';
import { canEditAssignments, termAndYear } from '../assignment-text.ts';
import { AssignmentInfoPanel } from '../components/assignment-info-panel.tsx';
import { DocumentPreviewModal } from '../components/document-preview-modal.tsx';
import { DocumentRow } from '../components/document-row.tsx';
import { DueDateExtensions } from '../components/due-date-extensions.tsx';
import { EditKeyDialog } from '../components/edit-key-dialog.tsx';
import sections from '../components/editor-sections.module.css';
import type { GoogleClassroomSlot } from '../components/google-classroom-slot.tsx';
import { UploadDocumentsButton } from '../components/upload-documents-button.tsx';
import styles from './assignment-editor.module.css';

/** What the content library's picker needs; the app composes it in (features do not import each other). */
export interface LibraryPickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Copies the chosen library documents into this set; rejects when the server refuses. */
  onAdd: (documentIds: number[]) => Promise<unknown>;
  adding: boolean;
}

/** What exercise authoring needs to make an exercise in this set; the app composes it in. */
export interface ExerciseAuthoringProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  courseId: number;
  assignmentId: number;
  /** Called once an exercise is saved into the set. */
  onSaved: () => void;
}

export interface AssignmentEditorPageProps {
  libraryPicker?: (props: LibraryPickerProps) => ReactNode;
  exerciseAuthoring?: (props: ExerciseAuthoringProps) => ReactNode;
  googleClassroom?: GoogleClassroomSlot;
}

/**
 * /course/{id}/assignment/{assignmentId} 'Edit Assignment Set' (spec §2): the set's information,
 * its documents (upload, library, order, settings, preview, delete), extensions, and deleting the set.
 */
export function AssignmentEditorPage({ libraryPicker, exerciseAuthoring, googleClassroom }: AssignmentEditorPageProps) {
  const { t } = useTranslation();
  usePageTitle(t('assignments.editor.title'));
  const navigate = useNavigate();
  const { hash } = useLocation();
  const course = useOutletContext<Course>();
  const assignmentId = Number(useParams().assignmentId);
  const validId = Number.isInteger(assignmentId) && assignmentId > 0;
  const { data: user } = useCurrentUser();
  const { data: set, error } = useAssignment(assignmentId);
  const updateSet = useUpdateAssignment();
  const deleteSet = useDeleteAssignment();
  const reorder = useReorderDocuments(assignmentId);
  const updateDocument = useUpdateDocument();
  const deleteDocument = useDeleteDocument();
  const addFromLibrary = useAddLibraryDocuments();
  const [previewIndex, setPreviewIndex] = useState<number | null>(null);
  const [deletingDocument, setDeletingDocument] = useState<CourseDocument | null>(null);
  const [editingKey, setEditingKey] = useState<CourseDocument | null>(null);
  const [confirmDeleteSet, setConfirmDeleteSet] = useState(false);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const [authoringOpen, setAuthoringOpen] = useState(false);
  const queryClient = useQueryClient();

  // Spec §6: an assignment that is not in this course goes to / with the spec's message.
  const notFound = !validId || (error instanceof ApiError && error.status === 404) || (set !== undefined && set.course !== course.id);
  // Once the instructor deletes the set, the page leaves for the course by itself.
  const deleted = deleteSet.isPending || deleteSet.isSuccess;
  const leave = deleted
    ? null
    : notFound
      ? { to: '/', message: t('messages.assignment.notFound') }
      : !canEditAssignments(course)
        ? { to: `/course/${course.id}`, message: t('messages.assignment.onlyInstructors') }
        : null;
  useLeaveWithNotice(leave);

  if (error && !leave) {
    return (
      <Notice severity="error">
        {apiErrorMessages(error).map((message) => (
          <p key={message}>{message}</p>
        ))}
      </Notice>
    );
  }
  if (leave || !set || !user) return <LoadingScreen />;

  const timeZone = displayTimeZone(user.timezone_name);
  const documents = set.documents;
  const coursePath = `/course/${course.id}`;

  const onDeleteSet = () => {
    void deleteSet
      .mutateAsync({ assignmentId: set.id, courseId: course.id })
      .then(() => {
        notify({ severity: 'success', message: t('assignments.delete.done') });
        return navigate(coursePath, { replace: true });
      })
      .catch(() => undefined)
      .finally(() => setConfirmDeleteSet(false));
  };

  const onDeleteDocument = () => {
    if (!deletingDocument) return;
    deleteDocument.mutate(
      { assignmentId: set.id, documentId: deletingDocument.id },
      {
        onSuccess: () => notify({ severity: 'success', message: t('assignments.documents.deleted') }),
        onSettled: () => setDeletingDocument(null),
      },
    );
  };

  return (
    <section className={styles.page}>
      <nav aria-label={t('assignments.editor.breadcrumb')} className={styles.breadcrumb}>
        <ol>
          <li>
            <Link to={coursePath}>{course.title}</Link>
          </li>
          <li>
            <span>{termAndYear(course, t)}</span>
          </li>
          <li aria-current="page">
            <span>{set.title}</span>
          </li>
        </ol>
      </nav>

      <header className={styles.header}>
        <h1 className={styles.title}>{t('assignments.editor.title')}</h1>
        <Button variant="outline" className={styles.deleteSet} onClick={() => setConfirmDeleteSet(true)}>
          <TrashIcon width="18" height="18" />
          {t('assignments.delete.button')}
        </Button>
      </header>

      {hash === '#assignment_created' ? <Notice severity="success">{t('assignments.created')}</Notice> : null}

      <AssignmentInfoPanel
        set={set}
        course={course}
        timeZone={timeZone}
        onSave={(changes) => updateSet.mutateAsync({ assignmentId: set.id, changes })}
      />

      <section className={sections.section} aria-labelledby="assignment-documents">
        <div className={sections.sectionHead}>
          <h2 id="assignment-documents" className={sections.sectionTitle}>
            {t('assignments.documents.title')}
            <span className={sections.count}>{documents.length}</span>
          </h2>
          <div className={sections.toolbar}>
            <Button variant="outline" onClick={() => setLibraryOpen(true)}>
              <LibraryIcon width="18" height="18" />
              {t('assignments.documents.addFromLibrary')}
            </Button>
            <UploadDocumentsButton assignmentId={set.id} />
            {exerciseAuthoring ? (
              <Button variant="outline" onClick={() => setAuthoringOpen(true)}>
                {t('authoring.createExercise')}
              </Button>
            ) : null}
          </div>
        </div>
        <p className={sections.sectionHint}>{t('assignments.documents.uploadRules')}</p>

        {documents.length === 0 ? (
          <div className={sections.emptyBox}>
            <p>{t('assignments.documents.empty')}</p>
          </div>
        ) : (
          <>
            <p className={sections.hint}>
              <ArrowsIcon width="16" height="16" />
              {t('assignments.documents.reorderHint')}
            </p>
            <SortableList
              items={documents}
              label={t('assignments.documents.list')}
              titleOf={(doc) => doc.title}
              onReorder={(ids) => reorder.mutate(ids)}
              renderItem={(doc, handle, index) => (
                <DocumentRow
                  document={doc}
                  position={index + 1}
                  handle={handle}
                  course={course}
                  delayLimits={delayGradeLimits(set, course)}
                  timeZone={timeZone}
                  onPreview={() => setPreviewIndex(index)}
                  onDelete={() => setDeletingDocument(doc)}
                  onEditKey={() => setEditingKey(doc)}
                  onRename={(title) => updateDocument.mutateAsync({ assignmentId: set.id, documentId: doc.id, changes: { title } })}
                  onChange={(changes) => updateDocument.mutateAsync({ assignmentId: set.id, documentId: doc.id, changes })}
                  googleClassroom={googleClassroom?.({ assignment: set, document: doc })}
                />
              )}
            />
          </>
        )}
      </section>

      <DueDateExtensions set={set} course={course} timeZone={timeZone} />

      <DocumentPreviewModal documents={documents} index={previewIndex} onIndexChange={setPreviewIndex} />

      <EditKeyDialog document={editingKey} onClose={() => setEditingKey(null)} timeZone={timeZone} />

      <ConfirmDialog
        open={deletingDocument !== null}
        onOpenChange={(open) => {
          if (!open) setDeletingDocument(null);
        }}
        title={t('assignments.documents.deleteTitle')}
        message={t('assignments.documents.deleteMessage', { title: deletingDocument?.title ?? '' })}
        confirmLabel={t('assignments.documents.delete')}
        confirmVariant="danger"
        loading={deleteDocument.isPending}
        onConfirm={onDeleteDocument}
      />

      <ConfirmDialog
        open={confirmDeleteSet}
        onOpenChange={setConfirmDeleteSet}
        title={t('assignments.delete.title')}
        message={t('assignments.delete.message', { title: set.title })}
        confirmLabel={t('assignments.delete.confirm')}
        confirmVariant="danger"
        loading={deleteSet.isPending}
        onConfirm={onDeleteSet}
      />

      {exerciseAuthoring?.({
        open: authoringOpen,
        onOpenChange: setAuthoringOpen,
        courseId: course.id,
        assignmentId: set.id,
        onSaved: () => void queryClient.invalidateQueries({ queryKey: assignmentKeys.set(set.id) }),
      })}

      {libraryPicker?.({
        open: libraryOpen,
        onOpenChange: setLibraryOpen,
        adding: addFromLibrary.isPending,
        onAdd: (documentIds) =>
          addFromLibrary.mutateAsync({ assignmentId: set.id, documentIds }).then(() => {
            notify({ severity: 'success', message: t('assignments.documents.added') });
            setLibraryOpen(false);
          }),
      })}
    </section>
  );
}
