import { type TextareaHTMLAttributes, useLayoutEffect, useRef } from 'react';
import styles from './field.module.css';
import { LabelledField } from './labelled-field.tsx';
import { TextField, type TextFieldProps } from './text-field.tsx';
import { useCommitDraft } from './use-commit-draft.ts';

export interface CommitTextFieldProps extends Omit<TextFieldProps, 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'onKeyDown' | 'ref'> {
  /** The saved value; the field shows it again whenever it changes. */
  value: string;
  /**
   * Called on blur or Enter with the trimmed text, only when it is non-empty and differs from
   * `value` (spec §5). When it returns a promise that rejects, the field puts `value` back.
   */
  onCommit: (text: string) => Promise<unknown> | undefined;
  /**
   * One line of text that wraps instead of scrolling sideways (a long title on a phone, QA Q12):
   * a text area as tall as its text, where Enter commits and a pasted line break is a space.
   */
  wrap?: boolean;
}

/** A text field that saves itself on blur or Enter; Escape puts the saved value back. */
export function CommitTextField({ value, onCommit, wrap = false, ...rest }: CommitTextFieldProps) {
  const { draft, setDraft, commit, onKeyDown } = useCommitDraft(
    value,
    (text) => {
      const trimmed = text.trim();
      return trimmed === '' || trimmed === value ? null : { value: trimmed, text: trimmed };
    },
    onCommit,
  );

  if (wrap) {
    const { label, error, hint, className, maxLength, placeholder, disabled, required, autoComplete } = rest;
    return (
      <LabelledField label={label} error={error} hint={hint} className={className}>
        {(control) => (
          <WrappingLine
            {...control}
            value={draft}
            maxLength={maxLength}
            placeholder={placeholder}
            disabled={disabled}
            required={required}
            autoComplete={autoComplete}
            onChange={(text) => setDraft(text)}
            onBlur={commit}
            onKeyDown={onKeyDown}
          />
        )}
      </LabelledField>
    );
  }
  return <TextField {...rest} value={draft} onChange={(event) => setDraft(event.target.value)} onBlur={commit} onKeyDown={onKeyDown} />;
}

type WrappingLineProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> & {
  value: string;
  onChange: (text: string) => void;
};

/** A one-line value in a text area that grows to show all of it, and again when its width changes. */
function WrappingLine({ value, onChange, ...rest }: WrappingLineProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text, read from the element itself.
  useLayoutEffect(() => {
    const area = ref.current;
    if (!area) return;
    const fit = () => {
      area.style.height = 'auto';
      area.style.height = `${area.scrollHeight + area.offsetHeight - area.clientHeight}px`;
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    let width = area.clientWidth;
    const observer = new ResizeObserver(() => {
      if (area.clientWidth === width) return;
      width = area.clientWidth;
      fit();
    });
    observer.observe(area);
    return () => observer.disconnect();
  }, [value]);
  return (
    <textarea
      ref={ref}
      rows={1}
      className={`${styles.input} ${styles.wrappingLine}`}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\s*[\r\n]+\s*/g, ' '))}
      {...rest}
    />
  );
}
