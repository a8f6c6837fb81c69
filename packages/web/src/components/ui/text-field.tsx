import type { InputHTMLAttributes, Ref } from 'react';
import styles from './field.module.css';
import { LabelledField } from './labelled-field.tsx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Translated error text; marks the input invalid and describes it. */
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input (label for=id), so getByLabel finds it; react-hook-form's register() spreads in. */
export function TextField({ label, error, hint, className, ref, type = 'text', ...rest }: TextFieldProps) {
  return (
    <LabelledField label={label} error={error} hint={hint} className={className}>
      {(control) => <input ref={ref} type={type} className={styles.input} {...control} {...rest} />}
    </LabelledField>
  );
}
