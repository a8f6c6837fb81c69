import type { PreviewSource } from '../../../components/ui/job-preview.tsx';
import { libraryKeys } from './keys.ts';

/** GET /api/content-library/{id}/preview-url, for `JobPreview`. */
export function libraryPreview(documentId: number): PreviewSource {
  return { queryKey: libraryKeys.preview(documentId), path: `/api/content-library/${documentId}/preview-url` };
}
