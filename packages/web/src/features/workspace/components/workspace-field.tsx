import type { WorkspaceItem } from '@app/contract/workspace';
import { type CSSProperties, memo, type Ref, useMemo } from 'react';
import { type AnswerStore, useAnswer, useKeyInForce } from '../answer-store.ts';
import { type ChordFeedback, ChordField } from './chord-field.tsx';

/** A chord's answer in the newest submission, with the grader's verdict (null: not graded for the student). */
export interface SubmittedAnswer {
  answer: string;
  correct: boolean | null;
  expected: string | null;
}

/** One chord's handlers, made once per chord. */
export interface FieldHandlers {
  onChange: (value: string) => void;
  onFocus: () => void;
  onMove: (step: 1 | -1) => void;
  onPlay: () => void;
  inputRef: Ref<HTMLInputElement>;
}

export interface WorkspaceFieldProps {
  store: AnswerStore;
  item: WorkspaceItem;
  handlers: FieldHandlers;
  readOnly: boolean;
  submitted: SubmittedAnswer | undefined;
  active: boolean;
  style: CSSProperties;
}

/**
 * A chord's field in the workspace, reading its own answer and key in force from the answer store:
 * a keystroke draws this field again and no other (a field after it too only when the key it is
 * read in changes). Right or wrong of the newest submission shows while the field holds that answer.
 */
function WorkspaceFieldOnce({ store, item, handlers, readOnly, submitted, active, style }: WorkspaceFieldProps) {
  const value = useAnswer(store, item.id);
  const keyInForce = useKeyInForce(store, item.id);
  const feedback = useMemo<ChordFeedback | null>(
    () =>
      submitted && submitted.correct !== null && submitted.answer === value
        ? { correct: submitted.correct, expected: submitted.expected }
        : null,
    [submitted, value],
  );
  return (
    <ChordField
      item={item}
      value={value}
      {...handlers}
      readOnly={readOnly}
      feedback={feedback}
      active={active}
      variant="compact"
      keyInForce={keyInForce}
      style={style}
    />
  );
}

export const WorkspaceField = memo(
  WorkspaceFieldOnce,
  (before, after) =>
    before.store === after.store &&
    before.item === after.item &&
    before.handlers === after.handlers &&
    before.readOnly === after.readOnly &&
    before.submitted === after.submitted &&
    before.active === after.active &&
    before.style.left === after.style.left &&
    before.style.top === after.style.top &&
    before.style.width === after.style.width,
);
