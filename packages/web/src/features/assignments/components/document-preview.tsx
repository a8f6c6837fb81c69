import { useTranslation } from 'react-i18next';
import { PreviewImage } from '../../../components/ui/preview-image.tsx';
import { useDocumentPreview } from '../api/get-document-preview.ts';

/** A document's first page, polled while the preview job runs (spec: spinner, then the image). */
export function DocumentPreview({ documentId, title, size }: { documentId: number; title: string; size?: 'full' | 'thumbnail' }) {
  const { t } = useTranslation();
  const preview = useDocumentPreview(documentId);
  return (
    <PreviewImage
      preview={preview.data}
      failed={preview.isError}
      alt={t('preview.alt', { title })}
      size={size}
      onReload={() => void preview.refetch()}
    />
  );
}
