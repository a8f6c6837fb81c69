/**
 * Roman-numeral chord labels as students type them: 'V65', 'V6/5', 'vii°7/V',
 * 'viio7', '♭II6', 'N6', 'It6'. `parseRomanNumeral` turns a label into a
 * structure (or undefined when it is not a label); `canonicalRomanNumeral` gives
 * the one spelling two equivalent labels share, so grading compares strings.
 */

export type Quality = 'major' | 'minor' | 'diminished' | 'half-diminished' | 'augmented';
/** Figured-bass inversion figures: root-position triad '', 6, 64; seventh chords 7, 65, 43, 42. */
export type Figure = '' | '6' | '64' | '7' | '65' | '43' | '42';
export type Degree = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The key a chord is applied to in V/V, vii°7/ii: a scale step with its own mode. */
export type Tonicization = { accidental: number; degree: Degree; quality: 'major' | 'minor' };

export type ChordLabel = {
  kind: 'chord';
  /** Semitones added to the scale step: -1 for ♭II, +1 for ♯iv°7. */
  accidental: number;
  degree: Degree;
  quality: Quality;
  figure: Figure;
  /** V/V → [V]; V/V/V → [V, V] (innermost first). */
  applied: Tonicization[];
};
export type SpecialLabel = { kind: 'special'; name: 'It6' | 'Fr43' | 'Ger65' | 'Cad64' };
export type RomanNumeral = ChordLabel | SpecialLabel;

const NUMERALS: [string, Degree][] = [
  ['VII', 7],
  ['III', 3],
  ['VI', 6],
  ['IV', 4],
  ['II', 2],
  ['V', 5],
  ['I', 1],
];
const ROMAN = ['', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII'] as const;

const FIGURES: Record<string, Figure> = {
  '': '',
  '5': '',
  '53': '',
  '5/3': '',
  '6': '6',
  '63': '6',
  '6/3': '6',
  '64': '64',
  '6/4': '64',
  '7': '7',
  '753': '7',
  '7/5/3': '7',
  '65': '65',
  '6/5': '65',
  '653': '65',
  '6/5/3': '65',
  '43': '43',
  '4/3': '43',
  '643': '43',
  '6/4/3': '43',
  '42': '42',
  '4/2': '42',
  '2': '42',
  '642': '42',
  '6/4/2': '42',
};
const SEVENTH_FIGURES = new Set<Figure>(['7', '65', '43', '42']);

const SPECIALS: [RegExp, SpecialLabel['name']][] = [
  [/^it(?:\+?6)?$/i, 'It6'],
  [/^fr(?:\+?6|43|4\/3)?$/i, 'Fr43'],
  [/^(?:ger|gr)(?:\+?6|65|6\/5)?$/i, 'Ger65'],
  [/^cad(?:64|6\/4)?$/i, 'Cad64'],
];

const MAX_LENGTH = 32;

/** The structure of a label, or undefined when the text is not a Roman-numeral label. Never throws. */
export function parseRomanNumeral(input: string): RomanNumeral | undefined {
  if (typeof input !== 'string' || input.length > MAX_LENGTH * 2) return undefined;
  const text = clean(input);
  if (text.length === 0 || text.length > MAX_LENGTH) return undefined;
  for (const [pattern, name] of SPECIALS) if (pattern.test(text)) return { kind: 'special', name };

  const parts = splitApplied(text);
  if (!parts) return undefined;
  const [head, ...targets] = parts;
  const chord = head === undefined ? undefined : parseChord(head);
  if (!chord) return undefined;
  const applied: Tonicization[] = [];
  for (const target of targets) {
    const tonic = parseTonicization(target);
    if (!tonic) return undefined;
    applied.push(tonic);
  }
  return { ...chord, applied };
}

/** The shared spelling of equivalent labels ('V6/5' and 'V65' → 'V65'; 'N6' → 'bII6'), or undefined. */
export function canonicalRomanNumeral(input: string): string | undefined {
  const label = parseRomanNumeral(input);
  return label ? formatRomanNumeral(label, 'II') : undefined;
}

/** A label written out; the Neapolitan as 'N' or 'bII' as the course prefers. */
export function formatRomanNumeral(label: RomanNumeral, neapolitan: 'N' | 'II' = 'N'): string {
  if (label.kind === 'special') return label.name;
  const isNeapolitan = label.accidental === -1 && label.degree === 2 && label.quality === 'major';
  const head =
    isNeapolitan && neapolitan === 'N'
      ? 'N'
      : `${accidentalText(label.accidental)}${numeralText(label.degree, label.quality)}${qualityMark(label.quality)}`;
  const targets = label.applied.map((t) => `/${accidentalText(t.accidental)}${numeralText(t.degree, t.quality)}`).join('');
  return `${head}${label.figure}${targets}`;
}

function clean(input: string): string {
  return (
    input
      // Degree-like signs people type for 'diminished' (before NFKC, which turns '˚' into a space and a combining ring, and 'º' into 'o').
      .replace(/[˚∘○]/g, '°')
      .normalize('NFKC')
      .replace(/\s+/g, '')
      .replace(/[♭]/g, 'b')
      .replace(/[♯]/g, '#')
      .replace(/[Ø⌀∅]/g, 'ø')
      .replace(/[△∆]/g, 'Δ')
  );
}

/** 'vii°7/V' → ['vii°7', 'V']; a slash inside a figure ('V6/5', 'I6/4') stays with the chord. */
function splitApplied(text: string): string[] | undefined {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    const next = text[i + 1];
    if (char === '/' && !(next !== undefined && /[0-9]/.test(next) && /[0-9]$/.test(current))) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts.some((part) => part.length === 0) ? undefined : parts;
}

function readAccidental(text: string): [number, string] {
  const match = /^(bb|b|##|#)?/.exec(text)?.[1] ?? '';
  const value = match.startsWith('b') ? -match.length : match.length;
  return [value, text.slice(match.length)];
}

function readNumeral(text: string): [Degree, boolean, string] | undefined {
  for (const [numeral, degree] of NUMERALS) {
    if (text.startsWith(numeral)) return [degree, true, text.slice(numeral.length)];
    if (text.startsWith(numeral.toLowerCase())) return [degree, false, text.slice(numeral.length)];
  }
  return undefined;
}

function parseChord(text: string): Omit<ChordLabel, 'applied'> | undefined {
  if (/^N/.test(text)) {
    const figure = FIGURES[text.slice(1)];
    return figure === undefined ? undefined : { kind: 'chord', accidental: -1, degree: 2, quality: 'major', figure };
  }
  const [accidental, afterAccidental] = readAccidental(text);
  const numeral = readNumeral(afterAccidental);
  if (!numeral) return undefined;
  const [degree, upper, afterNumeral] = numeral;
  // Quality mark, then an optional major-seventh mark, then the figure.
  const mark = /^(°|o|ø|\+|)/.exec(afterNumeral)?.[1] ?? '';
  let rest = afterNumeral.slice(mark.length);
  const majorSeventh = /^(maj|M|Δ)(?=[0-9])/.exec(rest)?.[1];
  if (majorSeventh) rest = rest.slice(majorSeventh.length);
  let figure = FIGURES[rest];
  if (figure === undefined) return undefined;

  let quality: Quality;
  if (mark === '°' || mark === 'o') quality = 'diminished';
  else if (mark === 'ø') quality = 'half-diminished';
  else if (mark === '+') quality = 'augmented';
  else quality = upper ? 'major' : 'minor';
  if (upper && (quality === 'diminished' || quality === 'half-diminished')) return undefined;
  if (!upper && quality === 'augmented') return undefined;
  if (quality === 'half-diminished') {
    // 'viiø' is the half-diminished seventh chord; a triad figure cannot be half-diminished.
    if (figure === '') figure = '7';
    if (!SEVENTH_FIGURES.has(figure)) return undefined;
  }
  // 'IM7' and 'I7' name the same chord on a major triad; anywhere else the mark is a mistake.
  if (majorSeventh && (!upper || quality !== 'major' || !SEVENTH_FIGURES.has(figure))) return undefined;
  return { kind: 'chord', accidental, degree, quality, figure };
}

function parseTonicization(text: string): Tonicization | undefined {
  if (text === 'N') return { accidental: -1, degree: 2, quality: 'major' };
  const [accidental, afterAccidental] = readAccidental(text);
  const numeral = readNumeral(afterAccidental);
  if (numeral?.[2] !== '') return undefined;
  return { accidental, degree: numeral[0], quality: numeral[1] ? 'major' : 'minor' };
}

function accidentalText(accidental: number): string {
  return accidental < 0 ? 'b'.repeat(-accidental) : '#'.repeat(accidental);
}

function numeralText(degree: Degree, quality: Quality | 'major' | 'minor'): string {
  const numeral = ROMAN[degree];
  return quality === 'major' || quality === 'augmented' ? numeral : numeral.toLowerCase();
}

function qualityMark(quality: Quality): string {
  if (quality === 'diminished') return '°';
  if (quality === 'half-diminished') return 'ø';
  if (quality === 'augmented') return '+';
  return '';
}
