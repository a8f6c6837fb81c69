/**
 * Roman-numeral chord labels as students type them and as RomanText (the When-in-Rome corpus)
 * writes them: 'V65', 'V6/5', 'vii°7/V', 'viio7', '♭II6', 'N6', 'It6', 'ii/o65' (half-diminished),
 * 'IVmaj7', 'III+maj7', 'V9', 'V7[b9]', 'I[add6]', 'It6/ii', 'Ger65/V', 'Cad64'.
 * `parseRomanNumeral` turns a label into a structure (or undefined when it is not a label);
 * `canonicalRomanNumeral` gives the one spelling two equivalent labels share, and
 * `comparableRomanNumeral` the spelling the grader compares (in a known mode or without one).
 *
 * Spellings read:
 * - Quality by case and mark: upper case major, lower case minor, `°`/`o` diminished,
 *   `ø`/`/o`/`Ø`/`⌀` half-diminished (a seventh chord: `viiø` is `viiø7`), `+` augmented.
 * - Figures: 6, 64, 7, 65, 43, 42 (2), with or without slashes (`6/4`, `6/5`, `4/3`, `4/2`); 5, 53, 63 … read as
 *   the shorter figure. `9` is a ninth chord in root position (`V9` = `V7` with a ninth added).
 * - `maj7`/`M7`/`Δ7` (and with an inversion figure: `IVmaj65`, `IVmaj6/5`, `Imaj43`, `IVmaj2`): a
 *   seventh chord whose seventh is major, its own quality (`IVmaj7`, `III+maj7`); on a minor or
 *   diminished triad it is refused.
 * - Added, omitted and altered notes in brackets, as RomanText writes them: `[add6]`, `[addb9]`,
 *   `[no3]`, and an accidental with a number: `[b9]` alters that note when the chord has it (`[b5]`,
 *   `[#7]` of a seventh chord) and adds it altered when it does not (`V7[b9]` = `V9[b9]`).
 * - Applied chords: `/` and a numeral, repeated (`V/V/V`), also after augmented sixths
 *   (`It6/ii`, `Ger65/V`) and the cadential six-four (`Cad64`).
 *
 * The minor mode (RomanText and music21's reading, which the corpus and the grader follow): in a
 * minor key a lower-case `vi` or `vii` stands on the raised sixth or seventh degree (`vii°7` is the
 * leading-tone seventh, `vio6` the raised sixth), an upper-case `VI` or `VII` on the natural one
 * (`VI`, `VII` of the natural minor). The explicit `#vi°`, `#vii°7` name the same raised chords and are
 * read as `vi°`, `vii°7` once the mode is known (`comparableRomanNumeral(label, 'minor')`). Other
 * accidentals count from the natural minor scale (`bVI` is a semitone below `VI`).
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
  /** 'major' when the seventh is written major ('IVmaj7', 'III+maj7'); absent for a plain seventh. */
  seventh?: 'major';
  /** Added, omitted and altered notes ('V9', 'V7[b9]', 'I[add6]'), in a fixed order; absent when none. */
  changes?: NoteChange[];
};
/** A note a bracket adds (`add6`, and `V9`'s ninth), omits (`no3`) or alters (`b5` of a triad). */
export type NoteChange = { kind: 'add' | 'omit' | 'alter'; accidental: number; interval: number };
export type SpecialLabel = {
  kind: 'special';
  name: 'It6' | 'Fr43' | 'Ger65' | 'Cad64';
  /** 'It6/ii', 'Ger65/V' (innermost first); absent when not applied. */
  applied?: Tonicization[];
};
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
  const parts = splitApplied(text);
  if (!parts) return undefined;
  const [head, ...targets] = parts;
  if (head === undefined) return undefined;
  const applied: Tonicization[] = [];
  for (const target of targets) {
    const tonic = parseTonicization(target);
    if (!tonic) return undefined;
    applied.push(tonic);
  }
  for (const [pattern, name] of SPECIALS) {
    if (pattern.test(head)) return applied.length > 0 ? { kind: 'special', name, applied } : { kind: 'special', name };
  }
  const chord = parseChord(head);
  if (!chord) return undefined;
  return { ...chord, applied };
}

/** The shared spelling of equivalent labels ('V6/5' and 'V65' → 'V65'; 'N6' → 'bII6'), or undefined. */
export function canonicalRomanNumeral(input: string): string | undefined {
  const label = parseRomanNumeral(input);
  return label ? formatRomanNumeral(label, 'II') : undefined;
}

/** A label written out; the Neapolitan as 'N' or 'bII' as the course prefers. */
export function formatRomanNumeral(label: RomanNumeral, neapolitan: 'N' | 'II' = 'N'): string {
  if (label.kind === 'special') return `${label.name}${targetsText(label.applied ?? [])}`;
  const isNeapolitan =
    label.accidental === -1 &&
    label.degree === 2 &&
    label.quality === 'major' &&
    label.seventh === undefined &&
    label.changes === undefined;
  const head =
    isNeapolitan && neapolitan === 'N'
      ? 'N'
      : `${accidentalText(label.accidental)}${numeralText(label.degree, label.quality)}${qualityMark(label.quality)}`;
  const changes = label.changes ?? [];
  // A root-position seventh chord with a ninth added is written as a ninth chord: 'V9', 'V9[b9]'.
  const ninth = label.figure === '7' ? changes.find((c) => c.kind === 'add' && c.interval === 9) : undefined;
  const figure = ninth ? '9' : label.figure;
  const brackets = changes
    .map((c) => (c === ninth ? (c.accidental === 0 ? '' : `[${accidentalText(c.accidental)}9]`) : `[${changeText(c)}]`))
    .join('');
  return `${head}${label.seventh === 'major' ? 'maj' : ''}${figure}${brackets}${targetsText(label.applied)}`;
}

/**
 * The spelling the grader compares. Without a mode (an exercise keyed before keys could change) it is
 * the canonical spelling with a major seventh read as a plain seventh on a major triad, as the grader
 * always did ('IM7' = 'I7'). In a known mode it is the chord's meaning in that mode: a plain seventh on
 * a major triad whose diatonic seventh is major (I and IV in major, III and VI in minor, and the same
 * in a tonicised key) is 'maj7', anywhere else 'maj7' stays apart ('Vmaj7' is not 'V7'); in minor
 * '#vi°' and '#vii°7' are 'vi°' and 'vii°7' (the lower-case numerals already stand on the raised degrees).
 */
export function comparableRomanNumeral(label: RomanNumeral, mode?: 'major' | 'minor'): string {
  if (label.kind === 'special') return formatRomanNumeral(label, 'II');
  const seventhChord = SEVENTH_FIGURES.has(label.figure);
  if (mode === undefined) {
    if (label.seventh === 'major' && label.quality === 'major') return formatRomanNumeral({ ...label, seventh: undefined }, 'II');
    return formatRomanNumeral(label, 'II');
  }
  const inner = label.applied[label.applied.length - 1];
  const localMode = inner ? inner.quality : mode;
  let next: ChordLabel = label;
  if (
    localMode === 'minor' &&
    label.accidental === 1 &&
    (label.degree === 6 || label.degree === 7) &&
    label.quality !== 'major' &&
    label.quality !== 'augmented'
  ) {
    next = { ...next, accidental: 0 };
  }
  const diatonicMajorSeventh = localMode === 'major' ? [1, 4] : [3, 6];
  if (
    seventhChord &&
    next.seventh === undefined &&
    next.quality === 'major' &&
    next.accidental === 0 &&
    diatonicMajorSeventh.includes(next.degree)
  ) {
    next = { ...next, seventh: 'major' };
  }
  return formatRomanNumeral(next, 'II');
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
      // RomanText's half-diminished: 'ii/o65', 'vii/o7' (no numeral begins with 'o', so '/o' is never an applied chord).
      .replace(/\/o/g, 'ø')
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
  // Quality mark, then an optional major-seventh mark, then the figure, then notes in brackets.
  const mark = /^(°|o|ø|\+|)/.exec(afterNumeral)?.[1] ?? '';
  let rest = afterNumeral.slice(mark.length);
  const majorSeventh = /^(maj|M|Δ)(?=[0-9[]|$)/.exec(rest)?.[1];
  if (majorSeventh) rest = rest.slice(majorSeventh.length);
  const bracketsAt = rest.indexOf('[');
  const brackets = bracketsAt < 0 ? '' : rest.slice(bracketsAt);
  if (bracketsAt >= 0) rest = rest.slice(0, bracketsAt);
  if (majorSeventh === 'Δ' && rest === '') rest = '7';
  const ninth = rest === '9';
  let figure = ninth ? '7' : FIGURES[rest];
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
  // A major seventh on a major or augmented triad ('IVmaj7', 'III+maj7'); anywhere else the mark is a mistake.
  if (majorSeventh && (!upper || (quality !== 'major' && quality !== 'augmented') || !SEVENTH_FIGURES.has(figure))) return undefined;
  const changes = readChanges(brackets, SEVENTH_FIGURES.has(figure), ninth);
  if (!changes) return undefined;
  return {
    kind: 'chord',
    accidental,
    degree,
    quality,
    figure,
    ...(majorSeventh ? { seventh: 'major' as const } : {}),
    ...(changes.length > 0 ? { changes } : {}),
  };
}

/**
 * '[add6][b9]' → the notes it changes, in a fixed order (by interval, then add, omit, alter), or undefined
 * when a bracket is not one. A ninth chord ('V9') adds a ninth; '[b9]' on it alters that ninth, on a
 * seventh chord adds it altered ('V7[b9]' = 'V9[b9]'). An accidental and a number alter a chord tone
 * (3, 5, or 7 of a seventh chord) and add any other note.
 */
function readChanges(text: string, seventh: boolean, ninth: boolean): NoteChange[] | undefined {
  const changes: NoteChange[] = ninth ? [{ kind: 'add', accidental: 0, interval: 9 }] : [];
  let rest = text;
  while (rest.length > 0) {
    const match = /^\[(add|no)?(bb|b|##|#)?([0-9]{1,2})\]/.exec(rest);
    if (!match) return undefined;
    rest = rest.slice(match[0].length);
    const [, op, accidentalMark = '', digits = ''] = match;
    const interval = Number(digits);
    if (interval < 2 || interval > 13) return undefined;
    const accidental = accidentalMark.startsWith('b') ? -accidentalMark.length : accidentalMark.length;
    if (op === 'no') {
      if (accidentalMark !== '') return undefined;
      changes.push({ kind: 'omit', accidental: 0, interval });
      continue;
    }
    const present = changes.findIndex((c) => c.kind === 'add' && c.interval === interval);
    if (op === undefined && present >= 0) {
      // '[b9]' of a ninth chord: its ninth, altered.
      changes[present] = { kind: 'add', accidental, interval };
      continue;
    }
    const chordTone = interval === 3 || interval === 5 || (interval === 7 && seventh);
    if (op === undefined && accidental === 0) return undefined;
    if (op === undefined && chordTone) changes.push({ kind: 'alter', accidental, interval });
    else if (op === 'add' && chordTone) return undefined;
    else changes.push({ kind: 'add', accidental, interval });
  }
  const order = { add: 0, omit: 1, alter: 2 };
  changes.sort((a, b) => a.interval - b.interval || order[a.kind] - order[b.kind] || a.accidental - b.accidental);
  const seen = new Set(changes.map((c) => `${c.kind}${c.interval}`));
  return seen.size === changes.length ? changes : undefined;
}

function changeText(change: NoteChange): string {
  if (change.kind === 'omit') return `no${change.interval}`;
  if (change.kind === 'alter') return `${accidentalText(change.accidental)}${change.interval}`;
  return `add${accidentalText(change.accidental)}${change.interval}`;
}

function targetsText(applied: Tonicization[]): string {
  return applied.map((t) => `/${accidentalText(t.accidental)}${numeralText(t.degree, t.quality)}`).join('');
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
