import { type InputHTMLAttributes, type Ref, useId } from 'react';
import styles from './field.module.css';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  ref?: Ref<HTMLInputElement>;
}

export function CheckboxField({ label, className, ref, ...rest }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={`${styles.checkboxField} ${className ?? ''}`}>
      <input ref={ref} id={id} type="checkbox" className={styles.checkbox} {...rest} />
      <label htmlFor={id} className={styles.checkboxLabel}>
        {label}
      </label>
    </div>
  );
}
