import { comparableRomanNumeral, parseRomanNumeral, type RomanNumeral } from './roman-numeral.ts';

/**
 * Labels with keys (decision 031): a label is one reading or two joined by `=` (a pivot chord: the old
 * key's reading = the new key's reading); a reading is an optional key and a Roman numeral:
 * `V`, `E: V`, `f#: i6`, `I = E: IV`, `A: I = E: IV`. A key is a letter with an optional `#`/`b`
 * (`♯`/`♭`), upper case major and lower case minor, as RomanText writes it.
 *
 * Labels are read in score order with one running key (`readLabels`): it starts at the exercise's
 * opening key, a reading that names a key sets it from that label on, a pivot's second reading sets
 * it to the new key; a label that is blank or not a label changes nothing. Two labels mean the same
 * when they have as many readings and each reading has the same key (tonic and mode; `Gb` is not
 * `F#`) and the same Roman numeral in that key's mode (`comparableRomanNumeral`). Without an opening
 * key (an exercise keyed before keys could change) the key is "unnamed" and numerals compare by their
 * spelling as the grader always did.
 */

export type Mode = 'major' | 'minor';
/** A key: its tonic as a letter A–G with an accidental (-1 flat, +1 sharp), and its mode. */
export type MusicalKey = { letter: 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G'; accidental: -1 | 0 | 1; mode: Mode };

/** One reading of a label: the key it names (if any) and its Roman numeral. */
export type Reading = { key?: MusicalKey; numeral: RomanNumeral };
/** A label: one reading, or a pivot's two (the second always names its key). */
export type KeyedLabel = { readings: [Reading] | [Reading, Reading] };

/** A key and a pivot's two keys and numerals are short; the whole label is at most this long. */
export const KEYED_LABEL_MAX_LENGTH = 64;

const KEY_PATTERN = /^([A-Ga-g])([#b♯♭]?)$/;

/** 'E' → E major, 'f#' → F♯ minor, 'Bb'/'B♭' → B♭ major, 'bb' → B♭ minor; undefined when not a key. */
export function parseKey(text: string): MusicalKey | undefined {
  if (typeof text !== 'string') return undefined;
  // 'Ｅ', 'ｆ＃' from a full-width input method read as 'E', 'f#' (the opening-key field, a figures' key).
  const match = KEY_PATTERN.exec(asciiSigns(text).trim());
  if (!match) return undefined;
  const [, letter = '', mark = ''] = match;
  const accidental = mark === '#' || mark === '♯' ? 1 : mark === 'b' || mark === '♭' ? -1 : 0;
  return { letter: letter.toUpperCase() as MusicalKey['letter'], accidental, mode: letter === letter.toUpperCase() ? 'major' : 'minor' };
}

/** A key as RomanText writes it: 'E', 'f#', 'Bb', 'bb'. */
export function formatKey(key: MusicalKey): string {
  const letter = key.mode === 'major' ? key.letter : key.letter.toLowerCase();
  return `${letter}${key.accidental === 1 ? '#' : key.accidental === -1 ? 'b' : ''}`;
}

export function sameKey(a: MusicalKey | undefined, b: MusicalKey | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.letter === b.letter && a.accidental === b.accidental && a.mode === b.mode;
}

/** Full-width and small forms of ':' and '=', and full-width letters, digits and '#' (a key such as 'Ｆ＃', figures such as '６ ５'). */
const FULL_WIDTH_SIGNS = /[\uFF1A\uFE55\uFE13\uFF1D\uFE66\uFF03\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]/g;

/**
 * A Chinese, Japanese or Korean input method in full-width mode types '：' and '＝' (and letters and
 * digits such as 'Ｅ', '６'): the text with them as their ASCII signs, everything else as it is. The
 * one normaliser for what is typed as a key, a keyed label or keyed figures (decision 031).
 */
export function asciiSigns(text: string): string {
  return text.replace(FULL_WIDTH_SIGNS, (sign) => sign.normalize('NFKC'));
}

/** The structure of a label with keys and pivots, or undefined when it is not one. Never throws. */
export function parseKeyedLabel(input: string): KeyedLabel | undefined {
  if (typeof input !== 'string' || input.length > KEYED_LABEL_MAX_LENGTH * 2) return undefined;
  // A Chinese, Japanese or Korean input method in full-width mode types '：' and '＝' (and letters such
  // as 'Ｅ'): read them as the ASCII signs, as the numeral's own parser reads 'Ｖ７'.
  const text = asciiSigns(input.replace(/\s+/g, ' ')).trim();
  if (text.length === 0 || text.length > KEYED_LABEL_MAX_LENGTH) return undefined;
  const parts = text.split('=');
  if (parts.length > 2) return undefined;
  const readings: Reading[] = [];
  for (const part of parts) {
    const reading = parseReading(part);
    if (!reading) return undefined;
    readings.push(reading);
  }
  const [first, second] = readings as [Reading, Reading | undefined];
  if (second === undefined) return { readings: [first] };
  // The new key's reading names its key, and a key other than the old reading's own.
  if (second.key === undefined || (first.key !== undefined && sameKey(first.key, second.key))) return undefined;
  return { readings: [first, second] };
}

function parseReading(text: string): Reading | undefined {
  const colon = text.indexOf(':');
  const keyText = colon < 0 ? undefined : text.slice(0, colon).trim();
  const numeralText = (colon < 0 ? text : text.slice(colon + 1)).trim();
  const key = keyText === undefined ? undefined : parseKey(keyText);
  if (keyText !== undefined && key === undefined) return undefined;
  const numeral = parseRomanNumeral(numeralText);
  if (!numeral) return undefined;
  return key ? { key, numeral } : { numeral };
}

/** A label in its canonical spelling: 'e:i6' → 'e: i6', 'I=E:IV' → 'I = E: IV'; the Neapolitan as the course prefers. */
export function formatKeyedLabel(label: KeyedLabel, format: (numeral: RomanNumeral) => string): string {
  return label.readings.map((r) => (r.key ? `${formatKey(r.key)}: ${format(r.numeral)}` : format(r.numeral))).join(' = ');
}

/** Whether a label names a key (it begins with one, or is a pivot). */
export function namesKey(label: KeyedLabel): boolean {
  return label.readings.some((r) => r.key !== undefined);
}

/** A reading placed in its key: the key it is read in (undefined: the exercise's unnamed key) and its numeral there. */
export type PlacedReading = { key: MusicalKey | undefined; numeral: RomanNumeral };

export type ReadLabel = {
  /** The label, or undefined when the text is blank or not a label. */
  label: KeyedLabel | undefined;
  /** Its readings, each in the key it is read in; empty when there is no label. */
  readings: PlacedReading[];
  /** The key in force before this label. */
  keyBefore: MusicalKey | undefined;
  /** The key in force from this label on (what the next label without a key is read in). */
  keyAfter: MusicalKey | undefined;
  /** Whether the label changes the key in force. */
  changesKey: boolean;
};

/** Where each reading of a label falls when the key in force before it is `running`. */
export function placeLabel(
  label: KeyedLabel,
  running: MusicalKey | undefined,
): { readings: PlacedReading[]; keyAfter: MusicalKey | undefined } {
  let key = running;
  const readings = label.readings.map((reading) => {
    if (reading.key) key = reading.key;
    return { key, numeral: reading.numeral };
  });
  return { readings, keyAfter: key };
}

/**
 * Reads labels in score order with one running key that starts at `openingKey` (a key, its token
 * such as 'A' or 'f#', or undefined for an unnamed key). A blank or unreadable label changes nothing.
 */
export function readLabels(labels: readonly (string | undefined)[], openingKey: MusicalKey | string | undefined): ReadLabel[] {
  let running = typeof openingKey === 'string' ? parseKey(openingKey) : openingKey;
  return labels.map((text) => {
    const label = text === undefined ? undefined : parseKeyedLabel(text);
    const keyBefore = running;
    if (!label) return { label, readings: [], keyBefore, keyAfter: running, changesKey: false };
    const placed = placeLabel(label, running);
    running = placed.keyAfter;
    return { label, readings: placed.readings, keyBefore, keyAfter: running, changesKey: !sameKey(keyBefore, running) };
  });
}

/**
 * What a placed label means, as one string two labels share exactly when they mean the same: each
 * reading's key (or '?' for the unnamed key) and its numeral compared in that key's mode.
 */
export function labelMeaning(readings: readonly PlacedReading[]): string {
  return readings.map((r) => `${r.key ? formatKey(r.key) : '?'}:${comparableRomanNumeral(r.numeral, r.key?.mode)}`).join('=');
}

/** Whether two placed labels mean the same (decision 031). */
export function sameMeaning(a: readonly PlacedReading[], b: readonly PlacedReading[]): boolean {
  return a.length > 0 && labelMeaning(a) === labelMeaning(b);
}
