import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import styles from './field.module.css';
import { LabelledField } from './labelled-field.tsx';

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
  return (
    <LabelledField
      label={label}
      error={error}
      hint={hint}
      hideLabel={hideLabel}
      fieldClassName={compact ? styles.compactField : styles.field}
      className={className}
    >
      {(control) => (
        <select ref={ref} className={compact ? styles.compactSelect : styles.select} {...control} {...rest}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}
