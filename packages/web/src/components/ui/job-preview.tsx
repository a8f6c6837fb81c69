import type { PreviewUrl } from '@app/contract/assignments';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client.ts';
import { PreviewImage } from './preview-image.tsx';

/** How often to ask while the preview job runs. */
const POLL_MS = 2000;
/** Signed URLs live 10 minutes; ask for a fresh one well before. */
const FRESH_MS = 5 * 60 * 1000;

/** Where a preview is asked for: a `…/preview-url` endpoint and the query key it is cached under. */
export interface PreviewSource {
  queryKey: QueryKey;
  /** The `GET …/preview-url` path: PENDING while the job runs, then READY with a signed URL, or FAILED. */
  path: string;
}

/** Polls every 2 s while PENDING; the preview component shows failures itself. */
function usePreviewUrl({ queryKey, path }: PreviewSource) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<PreviewUrl>(path, { signal }),
    staleTime: FRESH_MS,
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? POLL_MS : false),
    meta: { handlesErrors: true },
  });
}

/**
 * A document's first page made by a background job (documents and library documents alike):
 * a spinner while it is made, the image, or the failure with Reload (spec §8).
 */
export function JobPreview({ source, title, size }: { source: PreviewSource; title: string; size?: 'full' | 'thumbnail' }) {
  const { t } = useTranslation();
  const preview = usePreviewUrl(source);
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
