import type { PlaybackNote } from '@app/contract/workspace';
import { type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AnswerField, fieldProblem } from '../../lib/answer-fields.ts';
import { placeFields, rowCount as rowsUsed } from '../../lib/field-layout.ts';
import { nearestItem, usePlayback } from '../../lib/use-playback.ts';
import { ChordKeyField, type ChordKeyPosition } from './chord-key-field.tsx';
import { PlaybackControls } from './playback-controls.tsx';
import styles from './score-with-fields.module.css';

/** The width each position's field needs under the score, in CSS pixels. */
const FIELD_WIDTH = 104;
/** A row of fields: the answer, its points/Skip/Suggested line, a refused answer's reason (components/ui/chord-key-field). */
const ROW_HEIGHT = 84;
const ROW_HEIGHT_WITHOUT_SKIP = 84;
const SCORE_HEIGHT = 180;
const MAX_SCORE_HEIGHT = 340;

/** A chord of the score with a field: where it is across the width (0–1), and a suggestion if any. */
export type ScoreFieldPosition = ChordKeyPosition & {
  id: string;
  number: number;
  x: number | null;
  /** When the chord sounds (quarter notes) and its notes' ids in the SVG: playback and its highlight. */
  onset: number;
  note_ids: string[];
  suggestion?: string | null;
};

export interface ScoreWithFieldsProps {
  title: string;
  /** The server's Verovio SVG of the score on one line, its size, and what playback needs (as in the workspace). */
  score: { svg: string; width: number; height: number; tempo: number; notes: PlaybackNote[] };
  positions: ScoreFieldPosition[];
  fields: Record<string, AnswerField>;
  showProblems: boolean;
  onChange: (id: string, patch: Partial<AnswerField>) => void;
  /** A new exercise can leave chords out; an existing key keeps its chords (hand-ins name them). */
  skippable?: boolean;
}

/**
 * A score with a field for the key of each chord under it ('Answer for chord {n}', 'Points for
 * chord {n}'): exercise authoring's new exercise and the set editor's Edit Key. Play/Stop, the
 * tempo, the sounding chord's highlight and a click on a chord to hear it work as in the workspace.
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
  // The workspace's placement (lib/field-layout): centred under the chord, crowded fields on a second row.
  // The field layer is half a field wider on each side than the score, so the first and last fit.
  const placements = useMemo(
    () =>
      placeFields(
        positions.map((p, i) => ((p.x ?? (i + 0.5) / positions.length) * width + FIELD_WIDTH / 2) / (width + FIELD_WIDTH)),
        width + FIELD_WIDTH,
        FIELD_WIDTH,
      ),
    [positions, width],
  );
  const rowCount = rowsUsed(placements);
  const playback = usePlayback(score, positions);
  const [lastUsed, setLastUsed] = useState<ScoreFieldPosition | null>(null);
  const host = useRef<HTMLDivElement>(null);
  const markup = useMemo(() => ({ __html: score.svg }), [score.svg]);
  const byNote = useMemo(() => {
    const map = new Map<string, ScoreFieldPosition>();
    for (const p of positions) for (const id of p.note_ids) map.set(id, p);
    return map;
  }, [positions]);
  const sounding = positions.find((p) => p.id === playback.soundingId);

  // Colour the sounding chord's notes; React never re-renders the SVG's inside.
  useEffect(() => {
    const root = host.current;
    if (!root || !sounding) return;
    const marked: Element[] = [];
    for (const id of sounding.note_ids) {
      const element = root.querySelector(`[id="${id.replace(/"/g, '')}"]`);
      if (element) {
        element.classList.add(styles.soundingNote as string);
        marked.push(element);
      }
    }
    return () => {
      for (const element of marked) element.classList.remove(styles.soundingNote as string);
    };
  }, [sounding]);

  // A note plays its chord; so does a click in a chord's column (noteheads are small targets).
  const onScoreClick = (event: MouseEvent) => {
    const note = (event.target as Element).closest('g.note');
    let chord = note ? byNote.get(note.id) : undefined;
    if (!chord) {
      const rect = event.currentTarget.getBoundingClientRect();
      const at = (event.clientX - rect.left) / rect.width;
      const nearest = nearestItem(positions, at);
      if (nearest && Math.abs((nearest.x ?? 0) - at) * rect.width <= 18) chord = nearest;
    }
    if (chord) {
      setLastUsed(chord);
      void playback.playChord(chord);
    }
  };
  const bandWidth = Math.max(28, width * 0.05);

  return (
    <div className={styles.editor}>
      <PlaybackControls playback={playback} lastChord={lastUsed ?? undefined} />
      <div className={styles.scroller}>
        <div className={styles.canvas} style={{ width: width + FIELD_WIDTH, paddingBottom: rowCount * rowHeight + 8 }}>
          {sounding && sounding.x !== null ? (
            <div
              className={styles.soundingBand}
              style={{ left: FIELD_WIDTH / 2 + sounding.x * width - bandWidth / 2, width: bandWidth, height }}
              aria-hidden="true"
            />
          ) : null}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: a mouse shortcut; from the keyboard the toolbar's 'Play chord n' plays the chord of the field last used */}
          <div
            ref={host}
            className={styles.score}
            // Half a field of room on each side, so the first and last fields fit.
            role="img"
            aria-label={t('authoring.scoreImage', { title })}
            style={{ width, height, marginLeft: FIELD_WIDTH / 2 }}
            onClick={onScoreClick}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's Verovio SVG of the score (no scripts; CSP forbids inline script)
            dangerouslySetInnerHTML={markup}
          />
          <ol
            className={styles.fields}
            style={{ top: height + 8, width: width + FIELD_WIDTH, height: rowCount * rowHeight }}
            aria-label={t('authoring.chords')}
          >
            {positions.map((p, i) => {
              const field = fields[p.id] as AnswerField;
              const problem = showProblems ? fieldProblem(field) : undefined;
              const placement = placements[i] ?? { left: 0, row: 0 };
              return (
                <li
                  key={p.id}
                  className={`${styles.field} ${field.skipped ? styles.skipped : ''} ${p.id === playback.soundingId ? styles.soundingField : ''}`}
                  style={{ left: placement.left, top: placement.row * rowHeight, width: FIELD_WIDTH }}
                  onFocus={() => setLastUsed(p)}
                >
                  <ChordKeyField
                    position={p}
                    field={field}
                    problem={problem}
                    skippable={skippable}
                    onChange={(patch) => onChange(p.id, patch)}
                    answerClassName={styles.answer}
                  />
                </li>
              );
            })}
          </ol>
        </div>
      </div>
    </div>
  );
}
