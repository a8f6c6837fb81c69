import type { CourseDocument } from '@app/contract/assignments';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { JobPreview } from '../../../components/ui/job-preview.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { documentPreview } from '../api/get-document-preview.ts';
import styles from './document-preview-modal.module.css';

export interface DocumentPreviewModalProps {
  documents: readonly CourseDocument[];
  /** The document shown; null closes the modal. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
}

/** The preview of one document of a set, with Previous and Next across the set's documents. */
export function DocumentPreviewModal({ documents, index, onIndexChange }: DocumentPreviewModalProps) {
  const { t } = useTranslation();
  const current = index === null ? undefined : documents[index];
  const position = (index ?? 0) + 1;
  return (
    <Modal
      open={current !== undefined}
      onOpenChange={(open) => {
        if (!open) onIndexChange(null);
      }}
      size="lg"
      title={current?.title ?? ''}
      description={t('assignments.preview.position', { position, total: documents.length })}
      footer={
        <div className={styles.steps}>
          <Button variant="outline" disabled={position <= 1} onClick={() => onIndexChange(position - 2)}>
            <ChevronLeftIcon />
            {t('assignments.preview.previous')}
          </Button>
          <Button variant="outline" disabled={position >= documents.length} onClick={() => onIndexChange(position)}>
            {t('assignments.preview.next')}
            <ChevronRightIcon />
          </Button>
        </div>
      }
    >
      {current ? (
        <div className={styles.image}>
          <JobPreview key={current.id} source={documentPreview(current.id)} title={current.title} />
        </div>
      ) : null}
    </Modal>
  );
}
