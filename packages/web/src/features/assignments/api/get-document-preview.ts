import type { PreviewSource } from '../../../components/ui/job-preview.tsx';
import { assignmentKeys } from './keys.ts';

/** GET /api/documents/{id}/preview-url, for `JobPreview`. */
export function documentPreview(documentId: number): PreviewSource {
  return { queryKey: assignmentKeys.preview(documentId), path: `/api/documents/${documentId}/preview-url` };
}
