import { formatKey, type MusicalKey, parseKey, readLabels } from '@app/contract/keyed-label';
import type { TFunction } from 'i18next';
import { splitAnswers } from './answer-fields.ts';

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

/**
 * Where each field stands: the key its label is read in (after any change it makes), whether that key
 * differs from the field before, and for a pivot chord the key of its first reading (the old key).
 */
export type FieldKey = { key: MusicalKey; changes: boolean; pivotFrom?: MusicalKey };

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
    const from = label.readings.length === 2 ? label.readings[0]?.key : undefined;
    keys.set(item.id, from ? { key: label.keyAfter, changes, pivotFrom: from } : { key: label.keyAfter, changes });
  });
  return keys;
}

/**
 * The key in force at each kept field of an answer key being edited (Create Exercise, Edit Answers), as
 * the grader reads the key (decision 031): the running key follows each position's first answer (its
 * main reading); alternatives and skipped chords change nothing, and a skipped chord shows no key.
 */
export function answerKeysInForce(
  positions: readonly { id: string }[],
  fields: Record<string, { answers: string; skipped: boolean }>,
  openingKey: string,
): Map<string, FieldKey> {
  const kept = positions.filter((p) => fields[p.id] && !fields[p.id]?.skipped);
  const main = Object.fromEntries(kept.map((p) => [p.id, splitAnswers(fields[p.id]?.answers ?? '')[0] ?? '']));
  return keysInForce(kept, main, openingKey.trim() === '' ? null : openingKey.trim());
}

/** Whether two fields' keys read the same (to keep a field's drawn key when nothing about it changed). */
export function sameFieldKey(a: FieldKey | undefined, b: FieldKey | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return (
    formatKey(a.key) === formatKey(b.key) &&
    a.changes === b.changes &&
    (a.pivotFrom ? formatKey(a.pivotFrom) : '') === (b.pivotFrom ? formatKey(b.pivotFrom) : '')
  );
}
