import { type KeyboardEvent, useRef, useState } from 'react';
import { TextField, type TextFieldProps } from './text-field.tsx';

export interface CommitTextFieldProps extends Omit<TextFieldProps, 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'onKeyDown'> {
  /** The saved value; the field shows it again whenever it changes. */
  value: string;
  /**
   * Called on blur or Enter with the trimmed text, only when it is non-empty and differs from
   * `value` (spec §5). When it returns a promise that rejects, the field puts `value` back.
   */
  onCommit: (text: string) => Promise<unknown> | undefined;
}

/** A text field that saves itself on blur or Enter; Escape puts the saved value back. */
export function CommitTextField({ value, onCommit, ...rest }: CommitTextFieldProps) {
  const [draft, setDraft] = useState(value);
  // Follow the saved value when it changes (after a save, or a refetch): React's "adjust state while rendering".
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  // The text being committed, so Enter followed by blur does not commit twice.
  const committing = useRef<string | null>(null);

  const commit = () => {
    const text = draft.trim();
    if (text === '' || text === value) {
      setDraft(value);
      return;
    }
    if (committing.current === text) return;
    committing.current = text;
    setDraft(text);
    const result = onCommit(text);
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
        setDraft(value);
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      setDraft(value);
    }
  };

  return <TextField {...rest} value={draft} onChange={(event) => setDraft(event.target.value)} onBlur={commit} onKeyDown={onKeyDown} />;
}
