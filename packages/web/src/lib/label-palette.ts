/**
 * The symbols of the input palette, in the order shown: quality marks, accidentals, figures, the slash of
 * applied chords, the colon after a key ('E: V') and the equals sign of a pivot chord ('I = E: IV').
 * Shared by the workspace's chord fields and the answer editors (Create Exercise, Edit Answers).
 */
export const PALETTE_SYMBOLS = ['°', 'ø', '♭', '♯', '6', '64', '7', '65', '43', '42', '/', ':', '='] as const;

/** What a palette button puts into the field: the key's colon and the pivot's sign with the spaces people read them with. */
export function paletteText(symbol: (typeof PALETTE_SYMBOLS)[number]): string {
  if (symbol === ':') return ': ';
  if (symbol === '=') return ' = ';
  return symbol;
}

/** The field's text with `symbol` put in place of the selection (or at the caret), and where the caret goes after it. */
export function insertAt(value: string, symbol: string, start: number, end: number, maxLength: number): { value: string; caret: number } {
  const from = Math.max(0, Math.min(start, value.length));
  const to = Math.max(from, Math.min(end, value.length));
  const next = value.slice(0, from) + symbol + value.slice(to);
  if (next.length > maxLength) return { value, caret: to };
  return { value: next, caret: from + symbol.length };
}

/**
 * A palette symbol into a chord field (the workspace's and the answer editors'): put in place of the
 * input's selection, or at its caret, within `maxLength`; `set` keeps the new text, and on the next
 * frame the focus returns to the field with the caret after the symbol. The field keeps its place on
 * the page: a palette click never scrolls.
 */
export function insertSymbol(input: HTMLInputElement, value: string, symbol: string, maxLength: number, set: (next: string) => void): void {
  const { value: next, caret } = insertAt(
    value,
    symbol,
    input.selectionStart ?? value.length,
    input.selectionEnd ?? value.length,
    maxLength,
  );
  set(next);
  requestAnimationFrame(() => {
    input.focus({ preventScroll: true });
    input.setSelectionRange(caret, caret);
  });
}
