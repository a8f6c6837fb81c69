import type { Ref, TextareaHTMLAttributes } from 'react';
import styles from './field.module.css';
import { LabelledField } from './labelled-field.tsx';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  /** Translated error text; marks the text area invalid and describes it. */
  error?: string;
  hint?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input, the sibling of TextField; react-hook-form's register() spreads in. */
export function TextAreaField({ label, error, hint, className, ref, rows = 4, ...rest }: TextAreaFieldProps) {
  return (
    <LabelledField label={label} error={error} hint={hint} className={className}>
      {(control) => <textarea ref={ref} rows={rows} className={`${styles.input} ${styles.textArea}`} {...control} {...rest} />}
    </LabelledField>
  );
}
