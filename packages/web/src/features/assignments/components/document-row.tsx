import type { CourseDocument, UpdateDocumentRequest } from '@app/contract/assignments';
import type { Course } from '@app/contract/courses';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CommitTextField } from '../../../components/ui/commit-text-field.tsx';
import { EditIcon, EyeIcon, SettingsIcon, TrashIcon } from '../../../components/ui/icons.tsx';
import { JobPreview } from '../../../components/ui/job-preview.tsx';
import { documentPreview } from '../api/get-document-preview.ts';
import { timedDurationText } from '../assignment-text.ts';
import styles from './document-row.module.css';
import { DocumentSettings } from './document-settings.tsx';

export interface DocumentRowProps {
  document: CourseDocument;
  position: number;
  handle: ReactNode;
  course: Pick<Course, 'id' | 'lms_type'>;
  delayLimits: { min: number; max: number };
  timeZone: string;
  onPreview: () => void;
  onDelete: () => void;
  onRename: (title: string) => Promise<unknown>;
  onChange: (changes: UpdateDocumentRequest) => Promise<unknown>;
  /** Opens 'Edit Answers' (the answer key) for the document (issue 14). */
  onEditKey?: () => void;
  /** The document's Google Classroom button, composed in by the app (see google-classroom-slot.tsx). */
  googleClassroom?: ReactNode;
}

/** One document of the editor: handle, thumbnail, title, a summary of its rules, and its settings behind a toggle. */
export function DocumentRow({
  document: doc,
  position,
  handle,
  course,
  delayLimits,
  timeZone,
  onPreview,
  onDelete,
  onRename,
  onChange,
  onEditKey,
  googleClassroom,
}: DocumentRowProps) {
  const { t } = useTranslation();
  const settingsId = useId();
  const [open, setOpen] = useState(false);

  return (
    <article className={styles.document} data-document-id={doc.id} aria-label={doc.title}>
      <div className={styles.row}>
        {handle}
        <span className={styles.number} aria-hidden="true">
          {position}.
        </span>
        <div className={styles.thumbnail}>
          <JobPreview source={documentPreview(doc.id)} title={doc.title} size="thumbnail" />
        </div>
        <div className={styles.body}>
          <CommitTextField
            className={styles.titleField}
            wrap
            label={t('assignments.documents.titleLabel')}
            value={doc.title}
            maxLength={200}
            onCommit={onRename}
          />
          <div className={styles.meta}>
            <div className={styles.badges}>
              {!doc.gradable ? <Badge tone="neutral">{t('assignments.badges.notGradable')}</Badge> : null}
              {doc.gradable && doc.practice ? <Badge tone="info">{t('assignments.badges.practice')}</Badge> : null}
              {doc.gradable && !doc.practice && doc.multiple_submissions ? (
                <Badge tone="neutral">{t('assignments.badges.multiple')}</Badge>
              ) : null}
              {doc.gradable && !doc.practice && doc.delay_showing_grade ? (
                <Badge tone="warning">{t('assignments.badges.delayed')}</Badge>
              ) : null}
              {doc.gradable && !doc.practice && doc.timed ? (
                <Badge tone="warning">{t('assignments.badges.timed', { duration: timedDurationText(doc.timed_time_seconds, t) })}</Badge>
              ) : null}
            </div>
            <div className={styles.actions}>
              <Button
                variant="ghost"
                size="sm"
                onClick={onPreview}
                aria-label={t('assignments.documents.previewLabel', { title: doc.title })}
              >
                <EyeIcon width="18" height="18" />
                <span className={styles.actionText}>{t('assignments.documents.preview')}</span>
              </Button>
              {onEditKey ? (
                <Button variant="ghost" size="sm" onClick={onEditKey} aria-label={t('answerKeys.editKeyLabel', { title: doc.title })}>
                  <EditIcon width="18" height="18" />
                  <span className={styles.actionText}>{t('answerKeys.editKey')}</span>
                </Button>
              ) : null}
              <Button
                variant={open ? 'secondary' : 'ghost'}
                size="sm"
                aria-expanded={open}
                aria-controls={settingsId}
                aria-label={t('assignments.documents.settingsLabel', { title: doc.title })}
                onClick={() => setOpen((o) => !o)}
              >
                <SettingsIcon width="18" height="18" />
                <span className={styles.actionText}>{t('assignments.documents.settings')}</span>
              </Button>
              {/* Google Classroom (integrations issue): only for a course with an LMS type. */}
              {course.lms_type ? googleClassroom : null}
              <Button
                variant="ghost"
                size="sm"
                className={styles.delete}
                aria-label={t('assignments.documents.deleteLabel', { title: doc.title })}
                onClick={onDelete}
              >
                <TrashIcon width="18" height="18" />
              </Button>
            </div>
          </div>
        </div>
      </div>
      {open ? <DocumentSettings id={settingsId} document={doc} delayLimits={delayLimits} timeZone={timeZone} onChange={onChange} /> : null}
    </article>
  );
}
