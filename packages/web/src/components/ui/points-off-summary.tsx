import type { PointsOff } from '@app/contract/submissions';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/index.ts';
import { DateFormat, formatDate } from '../../lib/format-date.ts';

/**
 * What a formal part-writing grade cost before its findings are shown (issue 35): counts and
 * points, never which finding; and when the details are shown (with the answers, or never). The
 * submission view shows it from file-urls' `points_off`; the workspace may from its submission's
 * `points_off` and `findings_shown_at`.
 */
export function PointsOffSummary({
  pointsOff,
  shownAt,
  timeZone,
}: {
  pointsOff: PointsOff;
  /** When the details are shown (the answers' date), null when never. */
  shownAt: number | null;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const points = (count: number) => t('submissions.view.pointsOff.points', { count });
  const said: string[] = [];
  if (pointsOff.findings > 0)
    said.push(t('submissions.view.pointsOff.findings', { count: pointsOff.findings, points: points(pointsOff.finding_points) }));
  if (pointsOff.unfinished > 0)
    said.push(t('submissions.view.pointsOff.unfinished', { count: pointsOff.unfinished, points: points(pointsOff.unfinished_points) }));
  const nothing = said.length === 0;
  return (
    <>
      <p data-points-off>{nothing ? t('submissions.view.pointsOff.nothing') : said.join(' ')}</p>
      {nothing ? null : (
        <p>
          {shownAt === null
            ? t('submissions.view.pointsOff.never')
            : t('submissions.view.pointsOff.later', { date: formatDate(shownAt, DateFormat.dateTime, language, timeZone) })}
        </p>
      )}
    </>
  );
}
