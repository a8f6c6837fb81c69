import type { TranscodeStatus } from '@app/contract/media';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const TONE: Record<TranscodeStatus, BadgeTone> = {
  UNSTARTED: 'warning',
  IN_PROGRESS: 'info',
  FAILED: 'danger',
  COMPLETED: 'success',
};

/** Spec §4: 'Waiting to process...' (warning), 'Processing...' (info), 'Processing failed' (danger), 'Transcode completed'. */
export function TranscodeStatusBadge({ status }: { status: TranscodeStatus }) {
  const { t } = useTranslation();
  return (
    <span data-status={status}>
      <Badge tone={TONE[status]}>{t(`media.status.${status}`)}</Badge>
    </span>
  );
}
