import { type ReactNode, useId } from 'react';
import styles from './field.module.css';

/** What a control inside a LabelledField spreads onto itself: the id its label names and its description. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface LabelledFieldProps {
  label: string;
  /** Translated error text; marks the control invalid and describes it. */
  error?: string;
  hint?: ReactNode;
  /** Keeps the label for assistive technology but hides it on screen (compact toolbars). */
  hideLabel?: boolean;
  /** The wrapper's class (defaults to the field's own spacing). */
  fieldClassName?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * The one frame of a form field: a label bound to the control (label for=id, so getByLabel finds
 * it), the hint and the error below it, both named by aria-describedby. Text, text area and select
 * fields differ only in the control they render inside.
 */
export function LabelledField({ label, error, hint, hideLabel = false, fieldClassName, className, children }: LabelledFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${fieldClassName ?? styles.field} ${className ?? ''}`}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
