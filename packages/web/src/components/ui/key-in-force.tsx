import { formatKey } from '@app/contract/keyed-label';
import { useTranslation } from 'react-i18next';
import { type FieldKey, keyName } from '../../lib/keys.ts';
import styles from './key-in-force.module.css';

/**
 * The key a chord's label is read in (decision 031), from the opening key and the key changes of the
 * labels before it: the student's own in the workspace, the answer key's main readings in Create
 * Exercise and Edit Answers. Under a chord it shows only where the key changes ('E:'; a pivot chord
 * both keys, 'A→E:'), with the full name for screen readers and as a tooltip; a row names it in full.
 */
export function KeyInForce({ id, fieldKey, variant }: { id: string; fieldKey: FieldKey; variant: 'compact' | 'row' }) {
  const { t } = useTranslation();
  const inForce = t('keys.inForce', { key: keyName(fieldKey.key, t) });
  const full = fieldKey.pivotFrom
    ? `${t('keys.pivot', { from: keyName(fieldKey.pivotFrom, t), to: keyName(fieldKey.key, t) })}. ${inForce}`
    : inForce;
  if (variant === 'row') {
    return (
      <span id={id} className={styles.row}>
        {full}
      </span>
    );
  }
  const token = formatKey(fieldKey.key);
  // A pivot chord shows both keys even where its new key is the one already in force.
  const shown = fieldKey.changes || fieldKey.pivotFrom !== undefined;
  return (
    <span
      id={id}
      className={`${styles.compact} ${shown ? styles.changes : ''}`}
      title={full}
      data-key={token}
      data-pivot-from={fieldKey.pivotFrom ? formatKey(fieldKey.pivotFrom) : undefined}
    >
      {shown ? <span aria-hidden="true">{fieldKey.pivotFrom ? `${formatKey(fieldKey.pivotFrom)}→${token}:` : `${token}:`}</span> : null}
      <span className="visually-hidden">{full}</span>
    </span>
  );
}
