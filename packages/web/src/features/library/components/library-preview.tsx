import { useTranslation } from 'react-i18next';
import { PreviewImage } from '../../../components/ui/preview-image.tsx';
import { useLibraryPreview } from '../api/get-library-preview.ts';

/** A library document's first page: spinner while it is made, the image, or the failure with Reload. */
export function LibraryPreview({ documentId, title, size }: { documentId: number; title: string; size?: 'full' | 'thumbnail' }) {
  const { t } = useTranslation();
  const preview = useLibraryPreview(documentId);
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
