import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import styles from './radio-group-field.module.css';

export interface RadioOption {
  value: string;
  label: ReactNode;
}

export interface RadioGroupFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'value'> {
  legend: string;
  options: readonly RadioOption[];
  hint?: ReactNode;
  /** Translated error text. */
  error?: string;
  /** Options side by side (short labels) instead of stacked. */
  inline?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** Native radios in a fieldset (the legend names the group); react-hook-form's register() spreads onto every input. */
export function RadioGroupField({ legend, options, hint, error, inline = false, className, ref, disabled, ...rest }: RadioGroupFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={`${styles.group} ${className ?? ''}`} disabled={disabled} aria-describedby={describedBy}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={inline ? styles.inline : styles.stack}>
        {options.map((option) => (
          <label key={option.value} className={styles.option}>
            <input ref={ref} type="radio" value={option.value} className={styles.radio} {...rest} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
