import { WORKSPACE_MAX_ANSWER_LENGTH, type WorkspaceItem } from '@app/contract/workspace';
import type { CSSProperties, KeyboardEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyInForce } from '../../../components/ui/key-in-force.tsx';
import type { FieldKey } from '../../../lib/keys.ts';
import { useSettledValue } from '../../../lib/use-settled-value.ts';
import { isMalformedLabel } from '../answer-check.ts';
import styles from './chord-field.module.css';

/** Right or wrong of the newest submission for this chord, while the field still holds that answer. */
export interface ChordFeedback {
  correct: boolean;
  expected: string | null;
}

export interface ChordFieldProps {
  item: WorkspaceItem;
  value: string;
  onChange: (value: string) => void;
  onFocus: () => void;
  /** Enter (next) and Shift+Enter (previous). */
  onMove: (step: 1 | -1) => void;
  /** Clicking the label (or the play button of a row) plays the chord. */
  onPlay: () => void;
  readOnly: boolean;
  feedback: ChordFeedback | null;
  active: boolean;
  /** Under its chord in the score, or a row of the list on narrow screens. */
  variant: 'compact' | 'row';
  style?: CSSProperties;
  inputRef?: Ref<HTMLInputElement>;
  /** The key this chord's label is read in (decision 031), when the exercise or the student's labels name one. */
  keyInForce?: FieldKey;
}

/** Characters a field under a chord shows at its normal size. */
const FITS_CHARACTERS = 6;

/**
 * One answer: its accessible name is 'Chord {n}', its description the measure and beat, then the
 * grader's complaint when the label is malformed (still saved), then right or wrong after a
 * practice submission.
 */
export function ChordField(props: ChordFieldProps) {
  const { item, value, onChange, onFocus, onMove, onPlay, readOnly, feedback, active, variant, style, inputRef, keyInForce } = props;
  const { t } = useTranslation();
  const settled = useSettledValue(value);
  const malformed = settled === value && isMalformedLabel(value);
  const base = `chord-${item.id}`;
  const ids = {
    input: `${base}-input`,
    position: `${base}-position`,
    problem: `${base}-problem`,
    feedback: `${base}-feedback`,
    key: `${base}-key`,
  };
  const describedBy = [ids.position, keyInForce ? ids.key : null, malformed ? ids.problem : null, feedback ? ids.feedback : null]
    .filter(Boolean)
    .join(' ');
  const name = t('workspace.field.chord', { number: item.number });
  // The measure and beat as the score shows them (its own '7a', a pickup's beat in a whole bar).
  const position = t('workspace.field.position', { measure: item.measure_label ?? item.measure, beat: item.beat_label ?? item.beat });
  const feedbackText = feedback
    ? [
        feedback.correct ? t('workspace.field.correct') : t('workspace.field.wrong'),
        feedback.expected && !feedback.correct ? t('workspace.field.expected', { label: feedback.expected }) : null,
      ]
        .filter(Boolean)
        .join('. ')
    : '';

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onMove(event.shiftKey ? -1 : 1);
  };

  const state = [
    styles[variant],
    active ? styles.active : '',
    malformed ? styles.malformed : '',
    feedback ? (feedback.correct ? styles.correct : styles.wrong) : '',
  ].join(' ');

  // Under a chord the whole label shows, read-only too: a long one ('vii°7/V') is set smaller, never cut.
  const fit =
    variant === 'compact' && value.length > FITS_CHARACTERS
      ? { fontSize: `max(9px, calc(var(--font-size-sm) * ${FITS_CHARACTERS / value.length}))` }
      : undefined;
  const input = (
    <input
      ref={inputRef}
      id={ids.input}
      className={styles.input}
      style={fit}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
      readOnly={readOnly}
      maxLength={WORKSPACE_MAX_ANSWER_LENGTH}
      autoComplete="off"
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      enterKeyHint="next"
      aria-invalid={malformed || undefined}
      aria-describedby={describedBy}
      data-item={item.id}
    />
  );

  const mark = feedback ? (
    <span className={styles.mark} aria-hidden="true">
      {feedback.correct ? '✓' : '✗'}
      {variant === 'compact' && feedback.expected && !feedback.correct ? (
        <span className={styles.expected}>{feedback.expected}</span>
      ) : null}
    </span>
  ) : null;

  if (variant === 'compact') {
    return (
      <div className={state} style={style} data-chord={item.number}>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: clicking the label also plays the chord; from the keyboard the toolbar's Play chord does */}
        <label htmlFor={ids.input} className={styles.number} onClick={onPlay}>
          <span className="visually-hidden">{name}</span>
          <span aria-hidden="true">{item.number}</span>
        </label>
        {input}
        {mark}
        {keyInForce ? <KeyInForce id={ids.key} fieldKey={keyInForce} variant="compact" /> : null}
        <span id={ids.position} className="visually-hidden">
          {position}
        </span>
        {malformed ? (
          // Seen by everyone under the field (the note under the system says why in full); read out in full.
          <span id={ids.problem} className={styles.refused} title={t('workspace.field.malformed')}>
            <span aria-hidden="true">{t('workspace.field.unreadableShort')}</span>
            <span className="visually-hidden">{t('workspace.field.malformed')}</span>
          </span>
        ) : null}
        {feedback ? (
          <span id={ids.feedback} className="visually-hidden">
            {feedbackText}
          </span>
        ) : null}
      </div>
    );
  }

  return (
    <li className={state} data-chord={item.number}>
      <button
        type="button"
        className={styles.play}
        onClick={onPlay}
        aria-label={t('workspace.field.play', { number: item.number })}
        tabIndex={-1}
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
        </svg>
      </button>
      <div className={styles.rowLabel}>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: clicking the label also plays the chord; from the keyboard the toolbar's Play chord does */}
        <label htmlFor={ids.input} className={styles.name} onClick={onPlay}>
          {name}
        </label>
        <span id={ids.position} className={styles.position}>
          {position}
        </span>
        {keyInForce ? <KeyInForce id={ids.key} fieldKey={keyInForce} variant="row" /> : null}
      </div>
      <div className={styles.rowInput}>
        {input}
        {mark}
      </div>
      {malformed ? (
        <p id={ids.problem} className={styles.problem}>
          {t('workspace.field.malformed')}
        </p>
      ) : null}
      {feedback ? (
        <p id={ids.feedback} className={feedback.correct ? styles.feedbackRight : styles.feedbackWrong}>
          {feedbackText}
        </p>
      ) : null}
    </li>
  );
}
