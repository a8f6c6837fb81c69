import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';
import styles from './field.module.css';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: readonly SelectOption[];
  /** Keeps the label for assistive technology but hides it on screen (compact toolbars). */
  hideLabel?: boolean;
  compact?: boolean;
  hint?: ReactNode;
  /** Translated error text; marks the select invalid and describes it. */
  error?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A native select: the most robust choice on phones and for keyboard users. */
export function SelectField({
  label,
  options,
  hideLabel = false,
  compact = false,
  hint,
  error,
  className,
  ref,
  ...rest
}: SelectFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${compact ? styles.compactField : styles.field} ${className ?? ''}`}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        className={compact ? styles.compactSelect : styles.select}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
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
    </div>
  );
}
