import { TextField, type TextFieldProps } from './text-field.tsx';
import { useCommitDraft } from './use-commit-draft.ts';

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
  const { draft, setDraft, commit, onKeyDown } = useCommitDraft(
    value,
    (text) => {
      const trimmed = text.trim();
      return trimmed === '' || trimmed === value ? null : { value: trimmed, text: trimmed };
    },
    onCommit,
  );

  return <TextField {...rest} value={draft} onChange={(event) => setDraft(event.target.value)} onBlur={commit} onKeyDown={onKeyDown} />;
}
