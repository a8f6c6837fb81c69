import { formatKey } from '@app/contract/keyed-label';
import { useTranslation } from 'react-i18next';
import { type FieldKey, keyName } from '../../../lib/keys.ts';
import styles from './key-in-force.module.css';

/**
 * The key a chord's label is read in (decision 031), from the opening key and the student's own key
 * changes. Under a chord it shows only where the key changes ('E:'), with the full name for screen
 * readers and as a tooltip; in the list of narrow screens every row names it.
 */
export function KeyInForce({ id, fieldKey, variant }: { id: string; fieldKey: FieldKey; variant: 'compact' | 'row' }) {
  const { t } = useTranslation();
  const full = t('keys.inForce', { key: keyName(fieldKey.key, t) });
  if (variant === 'row') {
    return (
      <span id={id} className={styles.row}>
        {full}
      </span>
    );
  }
  return (
    <span id={id} className={`${styles.compact} ${fieldKey.changes ? styles.changes : ''}`} title={full} data-key={formatKey(fieldKey.key)}>
      {fieldKey.changes ? <span aria-hidden="true">{formatKey(fieldKey.key)}:</span> : null}
      <span className="visually-hidden">{full}</span>
    </span>
  );
}
