import { parseRomanNumeral } from '@app/contract/roman-numeral';

/**
 * Whether a typed label is one the grader can read, with the grader's own parser. An empty field
 * is not malformed (it is just unanswered); a malformed label is still saved as typed.
 */
export function isMalformedLabel(value: string): boolean {
  return value.trim() !== '' && parseRomanNumeral(value) === undefined;
}

/** The symbols of the input palette, in the order shown: quality marks, accidentals, figures, the slash of applied chords. */
export const PALETTE_SYMBOLS = ['°', 'ø', '♭', '♯', '6', '64', '7', '65', '43', '42', '/'] as const;

/** The field's text with `symbol` put in place of the selection (or at the caret), and where the caret goes after it. */
export function insertAt(value: string, symbol: string, start: number, end: number, maxLength: number): { value: string; caret: number } {
  const from = Math.max(0, Math.min(start, value.length));
  const to = Math.max(from, Math.min(end, value.length));
  const next = value.slice(0, from) + symbol + value.slice(to);
  if (next.length > maxLength) return { value, caret: to };
  return { value: next, caret: from + symbol.length };
}
