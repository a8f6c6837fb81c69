import type { CourseStatus } from '@app/contract/courses';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const TONE: Record<CourseStatus, BadgeTone> = { PLANNING: 'info', ACTIVE: 'success', ENDED: 'ending' };

/** The course status; ENDED in the 'ending' style of spec §4. */
export function CourseStatusBadge({ status }: { status: CourseStatus }) {
  const { t } = useTranslation();
  return <Badge tone={TONE[status]}>{t(`courses.status.${status}`)}</Badge>;
}
