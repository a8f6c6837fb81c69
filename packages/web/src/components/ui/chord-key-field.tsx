import * as Popover from '@radix-ui/react-popover';
import { type CSSProperties, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type AnswerField, type FieldProblem, fieldProblem } from '../../lib/answer-fields.ts';
import type { FieldKey } from '../../lib/keys.ts';
import { useSettledValue } from '../../lib/use-settled-value.ts';
import styles from './chord-key-field.module.css';
import { KeyInForce } from './key-in-force.tsx';

/** The chord a key field is for: its number, where it is in the score, and the analysis's suggestion if any. */
export type ChordKeyPosition = {
  number: number;
  /** The score's measure number, and its own text where it has one (`7a`). */
  measure?: number;
  measure_label?: string;
  beat?: number;
  /** The beat as the printed bar counts it (a pickup's beat in a whole bar), when it differs from `beat`. */
  beat_label?: number;
  suggestion?: string | null;
};

export interface ChordKeyFieldProps {
  position: ChordKeyPosition;
  field: AnswerField;
  /** Shown once the author tried to save. */
  problem: FieldProblem | undefined;
  /** A new exercise can leave chords out (Skip); an existing key keeps its chords. */
  skippable: boolean;
  onChange: (patch: Partial<AnswerField>) => void;
  /** The answer input's look, from the score layout (the sounding chord's colour, a refused label's border). */
  answerClassName?: string;
  /** The key this chord's main answer is read in (decision 031), when the opening key or an answer names one. */
  keyInForce?: FieldKey;
}

/** Where a chord is, as the printed score numbers it: 'Measure 0, beat 4' for a one-beat pickup in 4/4. */
export function usePositionText() {
  const { t } = useTranslation();
  return (p: ChordKeyPosition) =>
    p.measure === undefined && p.measure_label === undefined
      ? ''
      : t('authoring.position', { measure: p.measure_label ?? String(p.measure), beat: p.beat_label ?? p.beat ?? 1 });
}

/** How many chords a refused save names before 'and N more'. */
const NAMED_PROBLEMS = 3;

/**
 * Why Save was refused, naming the chords (QA Q1): 'Chord 5 (measure 2, beat 3) needs a valid answer
 * or points.', or the first three of several and how many more, as a list in the reader's language.
 */
export function useProblemsText() {
  const { t, i18n } = useTranslation();
  return (problems: readonly ChordKeyPosition[]) => {
    const where = (p: ChordKeyPosition) => ({
      n: p.number,
      measure: p.measure_label ?? String(p.measure ?? ''),
      beat: p.beat_label ?? p.beat ?? 1,
    });
    const [first] = problems;
    if (!first) return '';
    if (problems.length === 1) return t('authoring.fixOne', where(first));
    const named = problems.slice(0, problems.length > NAMED_PROBLEMS + 1 ? NAMED_PROBLEMS : problems.length);
    const items = named.map((p) => t('authoring.fixItem', where(p)));
    if (named.length < problems.length) items.push(t('authoring.fixMore', { count: problems.length - named.length }));
    const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(items);
    return t('authoring.fixMany', { count: problems.length, list });
  };
}

/**
 * One chord's part of the answer key as a compact group that fits a field's width under its chord
 * (issue 24): the answer; under it a button with the chord's points ('1 pt', or 'Skipped') and the
 * 'Suggested' mark. The button opens the chord's details in a popover: where it is (measure and
 * beat), the points, Skip, and the analysis's suggestion. Nothing of a group reaches past its width,
 * so neighbours never overlap; the popover floats above everything while open.
 */
export function ChordKeyField({
  position,
  field,
  problem: shownOnSave,
  skippable,
  onChange,
  answerClassName,
  keyInForce,
}: ChordKeyFieldProps) {
  const { t } = useTranslation();
  const where = usePositionText()(position);
  const n = position.number;
  const suggested = !field.touched && (position.suggestion ?? null) !== null && !field.skipped;
  const describedBy = useId();
  const problemId = useId();
  const keyId = useId();
  // As in the workspace: an answer the grader cannot read (a key change or pivot mistyped) is named once the author pauses.
  const settled = useSettledValue(field.answers);
  const live = field.touched && settled === field.answers && fieldProblem(field) === 'notALabel' ? 'notALabel' : undefined;
  const problem = shownOnSave ?? live;
  const problemText = problem ? t(`authoring.problems.${problem}`) : null;
  const shown = field.skipped ? t('authoring.skipped') : t('authoring.pointsShort', { points: field.points.trim() || '–' });
  return (
    <div className={`${styles.group} ${field.skipped ? styles.skipped : ''}`}>
      <input
        className={`${styles.answer} ${answerClassName ?? ''} ${suggested ? styles.suggestedAnswer : ''}`}
        aria-label={t('authoring.answerFor', { n })}
        aria-describedby={[describedBy, keyInForce ? keyId : '', problemText ? problemId : ''].filter(Boolean).join(' ')}
        aria-invalid={problem ? true : undefined}
        title={where || undefined}
        value={field.answers}
        // How wide the focused answer grows to show every alternative (score-with-fields.module.css; issue 38).
        style={{ '--answer-chars': field.answers.length } as CSSProperties}
        onFocus={(e) => keepInSystem(e.currentTarget)}
        onInput={(e) => keepInSystem(e.currentTarget)}
        disabled={field.skipped}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        data-answer-for={n}
        onChange={(e) => onChange({ answers: e.target.value })}
      />
      {keyInForce ? <KeyInForce id={keyId} fieldKey={keyInForce} variant="compact" /> : null}
      <span id={describedBy} className="visually-hidden">
        {[where, suggested ? t('authoring.suggested') : ''].filter(Boolean).join('. ')}
      </span>
      <div className={styles.line}>
        <Popover.Root>
          {/* Named by what it shows first ('1 pt, points and options of chord 1, …'): the visible text is part of the name. */}
          <Popover.Trigger className={styles.details} aria-label={t('authoring.detailsFor', { value: shown, n, where })}>
            {shown}
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content className={styles.popover} side="bottom" align="center" sideOffset={4} collisionPadding={8}>
              <p className={styles.heading}>{[t('authoring.chordTitle', { n }), where].filter(Boolean).join(' · ')}</p>
              <label className={styles.pointsLabel}>
                {t('authoring.points')}
                <input
                  className={styles.points}
                  type="number"
                  min={0}
                  max={1000}
                  step="any"
                  aria-label={t('authoring.pointsFor', { n })}
                  value={field.points}
                  disabled={field.skipped}
                  onChange={(e) => onChange({ points: e.target.value })}
                />
              </label>
              {skippable ? (
                <label className={styles.skip}>
                  <input type="checkbox" checked={field.skipped} onChange={(e) => onChange({ skipped: e.target.checked })} />
                  {t('authoring.skip')} <span className="visually-hidden">{t('authoring.chordNumber', { n })}</span>
                </label>
              ) : null}
              {(position.suggestion ?? null) !== null ? (
                <p className={styles.note}>{t('authoring.suggestedLabel', { label: position.suggestion })}</p>
              ) : null}
              {problemText ? <p className={styles.problemText}>{problemText}</p> : null}
              <Popover.Arrow className={styles.arrow} />
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
        {suggested ? <span className={styles.suggested}>{t('authoring.suggested')}</span> : null}
      </div>
      {problemText ? (
        <span id={problemId} className={styles.problem} title={problemText}>
          {problemText}
        </span>
      ) : null}
    </div>
  );
}

/** A grown answer near the score's right edge moves left so it stays inside its system (issue 38). */
function keepInSystem(input: HTMLInputElement) {
  requestAnimationFrame(() => {
    const system = input.closest('[data-system]');
    if (!system) return;
    input.style.setProperty('--answer-shift', '0px');
    const box = system.getBoundingClientRect();
    const own = input.getBoundingClientRect();
    const over = own.right - (box.right - 2);
    const shift = over > 0 ? Math.min(over, Math.max(0, own.left - box.left - 2)) : 0;
    input.style.setProperty('--answer-shift', `${-shift}px`);
  });
}
