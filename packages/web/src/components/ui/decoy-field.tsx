import type { InputHTMLAttributes, Ref } from 'react';
import styles from './field.module.css';

export interface DecoyFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'tabIndex' | 'autoComplete'> {
  ref?: Ref<HTMLInputElement>;
}

/**
 * A honeypot input: off-screen, hidden from assistive technology and the tab order, never
 * autofilled. People leave it empty; bots that fill every field give themselves away.
 */
export function DecoyField({ ref, type = 'text', ...rest }: DecoyFieldProps) {
  return (
    <div className={styles.decoy} aria-hidden="true">
      <input ref={ref} type={type} tabIndex={-1} autoComplete="off" {...rest} />
    </div>
  );
}
