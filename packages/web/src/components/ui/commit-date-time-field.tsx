import { fromDateTimeInput, toDateTimeInput } from '../../lib/date-time-input.ts';
import { TextField, type TextFieldProps } from './text-field.tsx';
import { useCommitDraft } from './use-commit-draft.ts';

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
  const { draft, setDraft, commit, onKeyDown } = useCommitDraft(
    saved,
    (text) => {
      const epoch = fromDateTimeInput(text, timeZone);
      return epoch === null || text === saved ? null : { value: epoch, text };
    },
    onCommit,
  );

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
