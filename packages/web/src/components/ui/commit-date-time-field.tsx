import { type KeyboardEvent, useRef, useState } from 'react';
import { fromDateTimeInput, toDateTimeInput } from '../../lib/date-time-input.ts';
import { TextField, type TextFieldProps } from './text-field.tsx';

export interface CommitDateTimeFieldProps
  extends Omit<TextFieldProps, 'type' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'onKeyDown' | 'min' | 'max'> {
  /** The saved time in epoch seconds; the field shows it again whenever it changes. */
  value: number;
  /** The IANA zone whose wall clock the input shows and reads (the profile's). */
  timeZone: string;
  /** Bounds the picker offers, in epoch seconds. */
  min?: number;
  max?: number;
  /**
   * Called on blur or Enter with the chosen time, only when it is complete and differs from `value`.
   * When it returns a promise that rejects (refused, or a confirmation cancelled), the field puts `value` back.
   */
  onCommit: (epochSeconds: number) => Promise<unknown> | undefined;
}

/** A datetime-local input in the profile's time zone that saves itself on blur or Enter; Escape puts the saved time back. */
export function CommitDateTimeField({ value, timeZone, min, max, onCommit, ...rest }: CommitDateTimeFieldProps) {
  const saved = toDateTimeInput(value, timeZone);
  const [draft, setDraft] = useState(saved);
  const [shown, setShown] = useState(saved);
  if (saved !== shown) {
    setShown(saved);
    setDraft(saved);
  }
  const committing = useRef<string | null>(null);

  const commit = () => {
    const epoch = fromDateTimeInput(draft, timeZone);
    if (epoch === null || draft === saved) {
      setDraft(saved);
      return;
    }
    if (committing.current === draft) return;
    const sent = draft;
    committing.current = sent;
    const result = onCommit(epoch);
    if (!result) {
      committing.current = null;
      return;
    }
    result.then(
      () => {
        committing.current = null;
      },
      () => {
        committing.current = null;
        setDraft(saved);
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      setDraft(saved);
    }
  };

  return (
    <TextField
      {...rest}
      type="datetime-local"
      value={draft}
      min={min === undefined ? undefined : toDateTimeInput(min, timeZone)}
      max={max === undefined ? undefined : toDateTimeInput(max, timeZone)}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={onKeyDown}
    />
  );
}
