import { KEYED_LABEL_MAX_LENGTH } from '@app/contract/keyed-label';
import type { PlaybackNote } from '@app/contract/workspace';
import { type CSSProperties, type FocusEvent, memo, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AnswerField, fieldProblem } from '../../lib/answer-fields.ts';
import { answerKeysInForce, type FieldKey, sameFieldKey } from '../../lib/keys.ts';
import { insertSymbol } from '../../lib/label-palette.ts';
import { usePlayback } from '../../lib/use-playback.ts';
import { ChordKeyField, type ChordKeyPosition } from './chord-key-field.tsx';
import { PlaybackControls } from './playback-controls.tsx';
import { ScoreSystems } from './score-systems.tsx';
import styles from './score-with-fields.module.css';
import { SymbolPalette } from './symbol-palette.tsx';

/** The width each position's field needs under the score, in CSS pixels. */
const FIELD_WIDTH = 104;
/** A row of fields: the answer, its points/Skip/Suggested line, a refused answer's reason (components/ui/chord-key-field). */
const ROW_HEIGHT = 84;
const ROW_HEIGHT_WITHOUT_SKIP = 84;
/** The key in force under an answer where the key changes ('E:', a pivot's 'A→E:'), when the exercise has keys. */
const KEY_LINE_HEIGHT = 16;
/** The answers of a chord: up to eight alternatives, each a label of at most KEYED_LABEL_MAX_LENGTH, with their commas. */
const ANSWERS_MAX_LENGTH = 8 * (KEYED_LABEL_MAX_LENGTH + 2);
/** Pixels per unit of the server's SVG: a staff space of about 8.6 px, as the workspace at 75 %. */
const SCALE = 1.2;
/** On a phone, as the workspace there (its 75 %): two or three measures a line instead of one. */
const NARROW_SCALE = 0.9;
const narrowScreen = () => typeof window !== 'undefined' && (window.matchMedia?.('(max-width: 640px)').matches ?? false);

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
  /** The exercise's opening key as typed (decision 031): each field shows the key in force from it and the answers' key changes. */
  openingKey?: string;
}

/**
 * A score with a field for the key of each chord under it ('Answer for chord {n}', 'Points for
 * chord {n}'): exercise authoring's new exercise and the set editor's Edit Key. Play/Stop, the
 * tempo, the sounding chord's highlight and a click on a chord to hear it work as in the workspace;
 * so do the symbol palette (with the key change's ':' and the pivot's '=') and the key in force under
 * each answer (decision 031: from the opening key and the main answers' key changes, named where it changes).
 */
export function ScoreWithFields({
  title,
  score,
  positions,
  fields,
  showProblems,
  onChange,
  skippable = false,
  openingKey = '',
}: ScoreWithFieldsProps) {
  const { t } = useTranslation();
  const playback = usePlayback(score, positions);
  const [lastUsed, setLastUsed] = useState<ScoreFieldPosition | null>(null);
  // The answer field last used, for the palette (its caret stays where the author left it).
  const lastAnswer = useRef<{ id: string; input: HTMLInputElement } | null>(null);

  // The key in force at each field, as the grader reads the key (decision 031). A field keeps its
  // key object while its key reads the same, so a keystroke draws again only the groups it changes.
  const drawnKeys = useRef(new Map<string, FieldKey>());
  const keys = useMemo(() => {
    const next = answerKeysInForce(positions, fields, openingKey);
    for (const [id, key] of next) {
      const drawn = drawnKeys.current.get(id);
      if (drawn && sameFieldKey(drawn, key)) next.set(id, drawn);
    }
    drawnKeys.current = next;
    return next;
  }, [positions, fields, openingKey]);
  const rowHeight = (skippable ? ROW_HEIGHT : ROW_HEIGHT_WITHOUT_SKIP) + (keys.size > 0 ? KEY_LINE_HEIGHT : 0);
  const marks = useMemo(
    () => [{ id: playback.soundingId, noteClass: styles.soundingNote, bandClass: styles.soundingBand }],
    [playback.soundingId],
  );

  // Each chord's handlers are made once and call the latest onChange, so a keystroke in one of a
  // long chorale's hundreds of groups draws only that group again (FieldGroup is memoised).
  const latest = useRef(onChange);
  latest.current = onChange;
  const handlers = useMemo(
    () =>
      new Map(
        positions.map((p) => [
          p.id,
          {
            onChange: (patch: Partial<AnswerField>) => latest.current(p.id, patch),
            onFocus: (event: FocusEvent<HTMLFieldSetElement>) => {
              setLastUsed(p);
              if (event.target instanceof HTMLInputElement && event.target.dataset.answerFor !== undefined) {
                lastAnswer.current = { id: p.id, input: event.target };
              }
            },
          },
        ]),
      ),
    [positions],
  );

  // A palette symbol goes into the answer field last used, at its caret, and the focus returns there.
  const fieldsNow = useRef(fields);
  fieldsNow.current = fields;
  const insertPaletteSymbol = (symbol: string) => {
    const target = lastAnswer.current;
    const first = positions.find((p) => fieldsNow.current[p.id] && !fieldsNow.current[p.id]?.skipped);
    const id = target?.id ?? first?.id;
    const input =
      target?.input ?? (first ? document.querySelector<HTMLInputElement>(`input[data-answer-for="${first.number}"]`) : null) ?? undefined;
    const field = id ? fieldsNow.current[id] : undefined;
    if (!id || !input || !field || field.skipped) return;
    lastAnswer.current = { id, input };
    insertSymbol(input, field.answers, symbol, ANSWERS_MAX_LENGTH, (next) => latest.current(id, { answers: next }));
  };

  // The score as a page (components/ui/score-systems): systems that fit the dialog, each chord's
  // fields under it, crowded chords on further rows.
  const renderField = (i: number, style: CSSProperties) => {
    const p = positions[i];
    const handler = p ? handlers.get(p.id) : undefined;
    if (!p || !handler) return null;
    const field = fields[p.id] as AnswerField;
    return (
      <FieldGroup
        key={p.id}
        position={p}
        field={field}
        problem={showProblems ? fieldProblem(field) : undefined}
        sounding={p.id === playback.soundingId}
        skippable={skippable}
        keyInForce={keys.get(p.id)}
        left={style.left}
        top={style.top}
        width={style.width}
        label={t('authoring.chordNumber', { n: p.number })}
        onChange={handler.onChange}
        onFocus={handler.onFocus}
      />
    );
  };

  return (
    <div className={styles.editor}>
      <PlaybackControls playback={playback} lastChord={lastUsed ?? undefined} />
      <SymbolPalette onInsert={insertPaletteSymbol} disabled={false} wrap />
      {/* biome-ignore lint/a11y/useSemanticElements: the chords' fields, grouped under a name (a fieldset would restyle the score) */}
      <div className={styles.scroller} role="group" aria-label={t('authoring.chords')}>
        <ScoreSystems
          svg={score.svg}
          width={score.width}
          height={score.height}
          scale={narrowScreen() ? NARROW_SCALE : SCALE}
          items={positions}
          fieldWidth={FIELD_WIDTH}
          rowHeight={rowHeight}
          renderField={renderField}
          marks={marks}
          onChordClick={(i) => {
            const chord = positions[i];
            if (!chord) return;
            setLastUsed(chord);
            void playback.playChord(chord);
          }}
          label={t('authoring.scoreImage', { title })}
        />
      </div>
    </div>
  );
}

/** One chord's group under the score, drawn again only when its own props change. */
const FieldGroup = memo(function FieldGroup(props: {
  position: ScoreFieldPosition;
  field: AnswerField;
  problem: ReturnType<typeof fieldProblem>;
  sounding: boolean;
  skippable: boolean;
  keyInForce: FieldKey | undefined;
  left: CSSProperties['left'];
  top: CSSProperties['top'];
  width: CSSProperties['width'];
  label: string;
  onChange: (patch: Partial<AnswerField>) => void;
  onFocus: (event: FocusEvent<HTMLFieldSetElement>) => void;
}) {
  const { position, field, problem, sounding, skippable, keyInForce, left, top, width, label, onChange, onFocus } = props;
  return (
    <fieldset
      className={`${styles.field} ${field.skipped ? styles.skipped : ''} ${sounding ? styles.soundingField : ''}`}
      style={{ left, top, width }}
      aria-label={label}
      onFocus={onFocus}
    >
      <ChordKeyField
        position={position}
        field={field}
        problem={problem}
        skippable={skippable}
        onChange={onChange}
        answerClassName={styles.answer}
        keyInForce={keyInForce}
      />
    </fieldset>
  );
});
