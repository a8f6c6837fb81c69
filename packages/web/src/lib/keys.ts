import { formatKey, type MusicalKey, parseKey, readLabels } from '@app/contract/keyed-label';
import type { TFunction } from 'i18next';

/**
 * Keys as the answer fields show them (decision 031): a key's name in the reader's language, the
 * token of a found key, and the key in force at each field, read with the grader's own running key.
 */

/** 'F#' and 'minor' → 'f#' (RomanText: lower case is minor). */
export function keyTokenOf(tonic: string, mode: 'major' | 'minor'): string {
  const key = parseKey(tonic.replace('♯', '#').replace('♭', 'b'));
  if (!key) return '';
  return formatKey({ ...key, mode });
}

/** 'f#' → 'F♯ minor' in the reader's language; the text itself when it is not a key. */
export function keyName(key: MusicalKey | string, t: TFunction): string {
  const parsed = typeof key === 'string' ? parseKey(key) : key;
  if (!parsed) return String(key);
  const tonic = `${parsed.letter}${parsed.accidental === 1 ? '♯' : parsed.accidental === -1 ? '♭' : ''}`;
  return parsed.mode === 'major' ? t('keys.major', { tonic }) : t('keys.minor', { tonic });
}

/** Where each field stands: the key its label is read in (after any change it makes), and whether that key differs from the field before. */
export type FieldKey = { key: MusicalKey; changes: boolean };

/**
 * The key in force at each item, in score order, from the labels typed so far and the opening key;
 * nothing when the exercise has no opening key and no label names one.
 */
export function keysInForce(
  items: readonly { id: string }[],
  answers: Record<string, string>,
  openingKey: string | null,
): Map<string, FieldKey> {
  const read = readLabels(
    items.map((item) => answers[item.id] ?? ''),
    openingKey ?? undefined,
  );
  const keys = new Map<string, FieldKey>();
  read.forEach((label, index) => {
    const item = items[index];
    if (!item || !label.keyAfter) return;
    const before = index === 0 ? undefined : read[index - 1]?.keyAfter;
    const changes = before === undefined || formatKey(before) !== formatKey(label.keyAfter);
    keys.set(item.id, { key: label.keyAfter, changes });
  });
  return keys;
}
