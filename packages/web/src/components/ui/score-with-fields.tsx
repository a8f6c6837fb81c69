import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type AnswerField, fieldProblem } from '../../lib/answer-fields.ts';
import { Badge } from './badge.tsx';
import styles from './score-with-fields.module.css';

/** The width each position's field needs under the score, in CSS pixels. */
const FIELD_WIDTH = 104;
/** A row of fields: answer, 'Suggested', points, and Skip where chords can be left out. */
const ROW_HEIGHT = 128;
const ROW_HEIGHT_WITHOUT_SKIP = 104;
const SCORE_HEIGHT = 180;
const MAX_SCORE_HEIGHT = 340;

/** A chord of the score with a field: where it is across the width (0–1), and a suggestion if any. */
export type ScoreFieldPosition = { id: string; number: number; x: number | null; suggestion?: string | null };

export interface ScoreWithFieldsProps {
  title: string;
  /** The server's Verovio SVG of the score on one line, and its size. */
  score: { svg: string; width: number; height: number };
  positions: ScoreFieldPosition[];
  fields: Record<string, AnswerField>;
  showProblems: boolean;
  onChange: (id: string, patch: Partial<AnswerField>) => void;
  /** A new exercise can leave chords out; an existing key keeps its chords (hand-ins name them). */
  skippable?: boolean;
}

/**
 * A score with a field for the key of each chord under it ('Answer for chord {n}', 'Points for
 * chord {n}'): exercise authoring's new exercise and the set editor's Edit Key.
 */
export function ScoreWithFields({ title, score, positions, fields, showProblems, onChange, skippable = false }: ScoreWithFieldsProps) {
  const { t } = useTranslation();
  const rowHeight = skippable ? ROW_HEIGHT : ROW_HEIGHT_WITHOUT_SKIP;
  // The score at a readable height; fields that would overlap a neighbour go to the next row.
  // Scaled up until a typical chord has a field's width of room (at most to a taller score).
  const aspect = score.width / Math.max(1, score.height);
  const xs = positions.map((p) => p.x).filter((x): x is number => x !== null);
  const gaps = xs
    .slice(1)
    .map((x, i) => x - (xs[i] as number))
    .sort((a, b) => a - b);
  const typical = gaps[Math.floor(gaps.length / 2)] ?? 1;
  const width = Math.round(
    Math.max(480, SCORE_HEIGHT * aspect, Math.min((FIELD_WIDTH + 8) / Math.max(typical, 0.001), MAX_SCORE_HEIGHT * aspect)),
  );
  const height = Math.round(width / aspect);
  const rows = useMemo(() => {
    const ends: number[] = [];
    return positions.map((p, i) => {
      const left = (p.x ?? (i + 0.5) / positions.length) * width - FIELD_WIDTH / 2;
      let row = ends.findIndex((end) => left >= end + 4);
      if (row < 0) row = ends.length;
      ends[row] = left + FIELD_WIDTH;
      return row;
    });
  }, [positions, width]);
  const rowCount = Math.max(1, ...rows.map((r) => r + 1));
  return (
    <div className={styles.scroller}>
      <div className={styles.canvas} style={{ width: width + FIELD_WIDTH, paddingBottom: rowCount * rowHeight + 8 }}>
        <div
          className={styles.score}
          // Half a field of room on each side, so the first and last fields fit.
          role="img"
          aria-label={t('authoring.scoreImage', { title })}
          style={{ width, height, marginLeft: FIELD_WIDTH / 2 }}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's Verovio SVG of the score (no scripts; CSP forbids inline script)
          dangerouslySetInnerHTML={{ __html: score.svg }}
        />
        <ol className={styles.fields} style={{ top: height + 8, width, height: rowCount * rowHeight }} aria-label={t('authoring.chords')}>
          {positions.map((p, i) => {
            const field = fields[p.id] as AnswerField;
            const problem = showProblems ? fieldProblem(field) : undefined;
            const left = p.x === null ? (i + 0.5) / positions.length : p.x;
            return (
              <li
                key={p.id}
                className={`${styles.field} ${field.skipped ? styles.skipped : ''}`}
                style={{ left: left * width, top: (rows[i] ?? 0) * rowHeight, width: FIELD_WIDTH }}
              >
                <input
                  className={styles.answer}
                  aria-label={t('authoring.answerFor', { n: p.number })}
                  aria-invalid={problem ? true : undefined}
                  value={field.answers}
                  disabled={field.skipped}
                  onChange={(e) => onChange(p.id, { answers: e.target.value })}
                />
                {!field.touched && (p.suggestion ?? null) !== null && !field.skipped ? (
                  <Badge tone="info">{t('authoring.suggested')}</Badge>
                ) : null}
                <input
                  className={styles.points}
                  type="number"
                  min={0}
                  max={1000}
                  step="any"
                  aria-label={t('authoring.pointsFor', { n: p.number })}
                  value={field.points}
                  disabled={field.skipped}
                  onChange={(e) => onChange(p.id, { points: e.target.value })}
                />
                {skippable ? (
                  <label className={styles.skip}>
                    <input type="checkbox" checked={field.skipped} onChange={(e) => onChange(p.id, { skipped: e.target.checked })} />
                    {t('authoring.skip')}
                    <span className={styles.visuallyHidden}>{t('authoring.chordNumber', { n: p.number })}</span>
                  </label>
                ) : null}
                {problem ? <span className={styles.problem}>{t(`authoring.problems.${problem}`)}</span> : null}
              </li>
            );
          })}
        </ol>
      </div>
    </div>
  );
}
