import styles from './plain-text.module.css';

/**
 * A thread or post body. React renders it as a text node, so markup in it is shown, never run;
 * CSS keeps its line breaks.
 */
export function PlainText({ text }: { text: string }) {
  return <div className={styles.text}>{text}</div>;
}
