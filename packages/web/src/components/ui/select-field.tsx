import { type Ref, type SelectHTMLAttributes, useId } from 'react';
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
  ref?: Ref<HTMLSelectElement>;
}

/** A native select: the most robust choice on phones and for keyboard users. */
export function SelectField({ label, options, hideLabel = false, compact = false, className, ref, ...rest }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={`${compact ? styles.compactField : styles.field} ${className ?? ''}`}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      <select ref={ref} id={id} className={compact ? styles.compactSelect : styles.select} {...rest}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
