import { asciiSigns, type MusicalKey, parseKeyedLabel, parseKey as parseKeyToken } from '../keyed-label.ts';
import type { ChordLabel, RomanNumeral, SpecialLabel, Tonicization } from '../roman-numeral.ts';
import { above, diatonicOnLetter, type Key, leadingTone, type PitchClass, pitchClassName, samePitchClass, scaleStep } from './theory.ts';

/**
 * What a Roman numeral or a figured-bass figure asks of a chord: its tones spelled in the key,
 * which tone the bass must have, which tones are the root, third, fifth and seventh, and its
 * tendency tones (leading tones, the augmented sixth's two notes) with where they go.
 */

export type Tendency = {
  pc: PitchClass;
  /** 'leading-tone': rises a semitone to `target`; 'upper': falls a semitone to `target` (♭6 of an augmented sixth). */
  kind: 'leading-tone' | 'upper';
  target: PitchClass;
  /** The fifth of the key the tone leads into: where a frustrated leading tone may fall in an inner voice. */
  frustratedTo?: PitchClass;
  /** A leading tone of an applied chord may instead fall chromatically (F♯→F in V7/V → V7). */
  chromaticDescentAllowed: boolean;
};

export type ChordSpec = {
  /** The label as written, for messages ('V65/V', '6 5'). */
  label: string;
  kind: 'triad' | 'seventh' | 'cadential-64' | 'augmented-sixth' | 'figures';
  /** Every tone the chord may hold, spelled. */
  tones: PitchClass[];
  /** Tones that must be present (besides the third, which `missing-third` checks). */
  required: PitchClass[];
  /** Accepted other spellings (the German sixth's ♯2 for ♭3 in major), by the tone they stand for. */
  alternates: { tone: PitchClass; spelling: PitchClass }[];
  root?: PitchClass;
  third?: PitchClass;
  fifth?: PitchClass;
  seventh?: PitchClass;
  /** The tone the bass must have; undefined when the bass is given (figures). */
  bass?: PitchClass;
  tendencies: Tendency[];
  /** V, V7, vii°, vii°7, viiø7 of the key or of an applied key: its seventh needs no preparation. */
  dominant: boolean;
  /** Written as Cad64 (a tonic six-four that must resolve to V over the same bass). */
  cadential: boolean;
  /** A tonic six-four (I64, i64, Cad64): cadential when V follows over the same bass. */
  tonicSixFour: boolean;
  /** The root-position dominant of the home key (V or V7), what a cadential six-four resolves to. */
  homeDominant: boolean;
  /** The key the numeral is read in (after any key change of its label), for the running key. */
  key: Key;
};

const LETTERS = 'CDEFGAB';
const MAJOR_SIZES = [0, 2, 4, 5, 7, 9, 11];

function keyOf(key: MusicalKey): Key {
  return { tonic: { step: LETTERS.indexOf(key.letter), alter: key.accidental }, mode: key.mode };
}

/**
 * A label with an optional key (decision 031, read by `keyed-label.ts`: 'G: V7', 'I = G: IV') in the
 * running key: the chord its last reading names and the key in force after it. Undefined when the
 * text is not a label.
 */
export function chordOfLabel(text: string, running: Key): { spec: ChordSpec; key: Key } | undefined {
  const label = parseKeyedLabel(text);
  if (!label) return undefined;
  const reading = label.readings[label.readings.length - 1] as (typeof label.readings)[0];
  const key = reading.key ? keyOf(reading.key) : running;
  const ascii = asciiSigns(text);
  const spec = chordOfNumeral(reading.numeral, key, ascii.includes(':') ? (ascii.split(':').pop() ?? ascii).trim() : ascii.trim());
  return { spec, key };
}

/** The chord a parsed Roman numeral names in a key. */
export function chordOfNumeral(numeral: RomanNumeral, key: Key, label: string): ChordSpec {
  if (numeral.kind === 'special') return special(label, numeral, key);
  return spell(label, numeral, key);
}

/**
 * The key an applied chord borrows (V/V in C: G major), innermost target last in the list. In minor a
 * lower-case vi or vii stands on the raised step (RomanText's reading, as roman-numeral.ts documents).
 */
function tonicized(home: Key, applied: readonly Tonicization[] | undefined): Key {
  let local = home;
  for (const target of [...(applied ?? [])].reverse()) {
    local = { tonic: rootStep(local, target.degree, target.accidental, target.quality !== 'major'), mode: target.quality };
  }
  return local;
}

/** A chord's root: the scale step with its accidental; in minor a lower-case vi or vii on the raised step (an explicit ♯ names the same). */
function rootStep(key: Key, degree: number, accidental: number, lowerCase: boolean): PitchClass {
  if (key.mode === 'minor' && lowerCase && (degree === 6 || degree === 7))
    return scaleStep(key, degree, 1 + (accidental === 1 ? 0 : accidental));
  return scaleStep(key, degree, accidental);
}

function leadingToneOf(local: Key, applied: boolean): Tendency {
  return {
    pc: leadingTone(local),
    kind: 'leading-tone',
    target: local.tonic,
    frustratedTo: scaleStep(local, 5),
    chromaticDescentAllowed: applied,
  };
}

function base(label: string, key: Key): Omit<ChordSpec, 'kind' | 'tones' | 'required'> {
  return {
    label,
    alternates: [],
    tendencies: [],
    dominant: false,
    cadential: false,
    tonicSixFour: false,
    homeDominant: false,
    key,
  };
}

function special(text: string, label: SpecialLabel, home: Key): ChordSpec {
  const key = tonicized(home, label.applied);
  const tonic = key.tonic;
  if (label.name === 'Cad64') {
    const third = scaleStep(key, 3);
    const fifth = scaleStep(key, 5);
    return {
      ...base(text, home),
      kind: 'cadential-64',
      tones: [tonic, third, fifth],
      required: [tonic, fifth],
      root: tonic,
      third,
      fifth,
      bass: fifth,
      cadential: !label.applied,
      tonicSixFour: !label.applied,
    };
  }
  // Augmented sixths: ♭6 in the bass, ♯4 above it (the interval of the augmented sixth), the tonic,
  // and 2 (French) or ♭3 (German). ♯4 leads up to 5, ♭6 falls to 5.
  const flatSix = above(tonic, 5, 8);
  const sharpFour = above(tonic, 3, 6);
  const dominant: Key = { tonic: scaleStep(key, 5), mode: 'major' };
  const tones = [flatSix, tonic, sharpFour];
  const alternates: ChordSpec['alternates'] = [];
  if (label.name === 'Fr43') tones.push(above(tonic, 1, 2));
  if (label.name === 'Ger65') {
    const flatThree = above(tonic, 2, 3);
    tones.push(flatThree);
    // In major the ♭3 is often spelled ♯2 when the chord goes to a cadential six-four (E♭ → E as D♯ → E).
    if (key.mode === 'major') alternates.push({ tone: flatThree, spelling: above(tonic, 1, 3) });
  }
  return {
    ...base(text, home),
    kind: 'augmented-sixth',
    tones,
    required: [...tones],
    alternates,
    bass: flatSix,
    tendencies: [
      { pc: sharpFour, kind: 'leading-tone', target: dominant.tonic, chromaticDescentAllowed: false },
      { pc: flatSix, kind: 'upper', target: dominant.tonic, chromaticDescentAllowed: false },
    ],
  };
}

function spell(text: string, label: ChordLabel, home: Key): ChordSpec {
  const local = tonicized(home, label.applied);
  const q = label.quality;
  const root = rootStep(local, label.degree, label.accidental, q !== 'major' && q !== 'augmented');
  let third = above(root, 2, q === 'major' || q === 'augmented' ? 4 : 3);
  let fifth = above(root, 4, q === 'diminished' || q === 'half-diminished' ? 6 : q === 'augmented' ? 8 : 7);
  const isSeventh = ['7', '65', '43', '42'].includes(label.figure);
  let seventh: PitchClass | undefined;
  if (isSeventh) {
    if (label.seventh === 'major') seventh = above(root, 6, 11);
    else if (q === 'diminished') seventh = above(root, 6, 9);
    else if (q === 'half-diminished') seventh = above(root, 6, 10);
    else if (label.accidental !== 0) seventh = above(root, 6, 10);
    else {
      // The seventh the key gives the chord (IV7 and I7 major sevenths, V7 and ii7 minor); anything else a minor seventh.
      const diatonic = diatonicOnLetter(local, (root.step + 6) % 7);
      const size = (semitoneOf(diatonic) - semitoneOf(root) + 12) % 12;
      seventh = size === 10 || size === 11 ? diatonic : above(root, 6, 10);
    }
  }
  // Bracketed changes (roman-numeral.ts): altered and omitted chord tones, added notes (V9's ninth, [add6]).
  const added: PitchClass[] = [];
  let omitThird = false;
  let omitFifth = false;
  for (const change of label.changes ?? []) {
    const size = ((change.interval - 1) % 7) + 1;
    // An added note counts from the root's major scale: [b9] is a minor ninth, [add6] a major sixth.
    const addedNote = above(root, size - 1, (MAJOR_SIZES[size - 1] as number) + change.accidental);
    if (change.kind === 'omit') {
      if (size === 3) omitThird = true;
      if (size === 5) omitFifth = true;
    } else if (change.kind === 'alter' && size === 3) third = { step: third.step, alter: third.alter + change.accidental };
    else if (change.kind === 'alter' && size === 5) fifth = { step: fifth.step, alter: fifth.alter + change.accidental };
    else if (change.kind === 'alter' && size === 7 && seventh) seventh = { step: seventh.step, alter: seventh.alter + change.accidental };
    else added.push(addedNote);
  }
  const tones = [root, ...(omitThird ? [] : [third]), ...(omitFifth ? [] : [fifth]), ...(seventh ? [seventh] : []), ...added];
  const bassIndex = { '': 0, '6': 1, '64': 2, '7': 0, '65': 1, '43': 2, '42': 3 }[label.figure];
  const bass = [root, third, fifth, seventh ?? root][bassIndex] ?? root;
  const applied = label.applied.length > 0;
  const dominant =
    label.accidental === 0 &&
    ((label.degree === 5 && q === 'major') || (label.degree === 7 && (q === 'diminished' || q === 'half-diminished')));
  // A root-position triad may leave out its fifth; every other chord names each of its tones.
  const required = seventh ? [root, seventh] : [root];
  if (label.figure !== '' && label.figure !== '7' && !omitFifth) required.push(fifth);
  return {
    ...base(text, home),
    kind: seventh ? 'seventh' : 'triad',
    tones,
    required,
    root,
    third: omitThird ? undefined : third,
    fifth: omitFifth ? undefined : fifth,
    seventh,
    bass,
    tendencies: dominant ? [leadingToneOf(local, applied)] : [],
    dominant,
    tonicSixFour: !applied && label.degree === 1 && label.accidental === 0 && label.figure === '64',
    homeDominant:
      !applied && label.degree === 5 && label.accidental === 0 && q === 'major' && (label.figure === '' || label.figure === '7'),
  };
}

function semitoneOf(pc: PitchClass): number {
  return (((([0, 2, 4, 5, 7, 9, 11][pc.step] as number) + pc.alter) % 12) + 12) % 12;
}

/** One figure as written: its number (undefined for an accidental alone, which alters the third), its sign and where it stands. */
export type FigureMark = {
  number: number | undefined;
  /** The sign as written: '#', 'b', 'n', '+' (a cross) or '\' (a slashed figure, raised); '' for none. */
  sign: '' | '#' | 'b' | 'n' | '+' | '\\';
  place: 'prefix' | 'suffix' | 'alone' | 'none';
};

const KEYED_FIGURES = /^\s*([A-Ga-g][#b♯♭]?)\s*:\s*(.*)$/s;

/**
 * Figures with the key they change to written before them, as a label writes it (decision 031:
 * `G: 6 5`, `e: #`): the key, if any, and the figures after it. Figures never hold a colon, so a
 * text with one is a key and figures or nothing the checker reads.
 */
export function keyedFigures(text: string): { key: Key | undefined; token: string | undefined; figures: string } {
  // 'Ｇ： ６ ５' from a full-width input method is 'G: 6 5', read by the labels' own normaliser (keyed-label.ts).
  if (typeof text === 'string') text = asciiSigns(text);
  const match = typeof text === 'string' ? KEYED_FIGURES.exec(text) : null;
  const key = match ? parseKeyToken(match[1] ?? '') : undefined;
  if (!match || !key) return { key: undefined, token: undefined, figures: text };
  return { key: keyOf(key), token: match[1], figures: match[2] ?? '' };
}

/** The key in force after a chord's numeral or figures (a key written before either changes it, decision 031), or `running`. */
export function keyAfter(chord: { numeral?: string | undefined; figures?: string | undefined }, running: Key): Key {
  if (chord.numeral !== undefined && chord.numeral.trim() !== '') return chordOfLabel(chord.numeral, running)?.key ?? running;
  if (chord.figures !== undefined) return keyedFigures(chord.figures).key ?? running;
  return running;
}

/** What a figure's sign does to its interval: raise ('#'), lower ('b'), natural ('n'), or nothing (''). */
export const figureAccidental = (sign: FigureMark['sign']): '' | '#' | 'b' | 'n' => (sign === '+' || sign === '\\' ? '#' : sign);

/**
 * Figured-bass figures as written (after a key they change to, `G: 6 5`, which `keyedFigures` reads), one mark per figure: an accidental before the number (`#6`,
 * `b7`, `n6`, `+6`) or after it (`6#`, `7b`, `6n`, `6+`, the slashed six `6\`), or alone (`#`, `b`,
 * `n`, `+`: the third). In numbers run together (`65`, `6b5`) a sharp, flat or natural between two
 * numbers belongs to the second, as figures are printed, and a cross or slash (`4+2`) to the first,
 * which it follows; a sign after the last number belongs to it. Undefined when
 * the text is not figures (or names a number twice).
 */
export function figureMarks(text: string): FigureMark[] | undefined {
  if (typeof text !== 'string' || text.length > 40) return undefined;
  const tokens = keyedFigures(text)
    .figures.replace(/♯/g, '#')
    .replace(/♭/g, 'b')
    .replace(/♮/g, 'n')
    .split(/[\s/,]+/)
    .filter((token) => token !== '');
  const marks: FigureMark[] = [];
  const seen = new Set<number>();
  for (const token of tokens) {
    if (/^[#bn+]$/.test(token)) {
      if (seen.has(3)) return undefined;
      seen.add(3);
      marks.push({ number: undefined, sign: token as FigureMark['sign'], place: 'alone' });
      continue;
    }
    let consumed = 0;
    for (const match of token.matchAll(/([#bn+]?)([2-9])((?:[+\\]|[#bn](?![2-9]))?)/gy)) {
      consumed += match[0].length;
      const number = Number(match[2]);
      if (seen.has(number)) return undefined;
      seen.add(number);
      const prefix = match[1] as FigureMark['sign'];
      const suffix = match[3] as FigureMark['sign'];
      if (prefix && suffix) return undefined;
      marks.push({ number, sign: prefix || suffix, place: prefix ? 'prefix' : suffix ? 'suffix' : 'none' });
    }
    if (consumed !== token.length) return undefined;
  }
  return marks;
}

/**
 * Figured-bass figures: '6 5', '6/5', '65', '#6', '6#', 'b7', '7b', '6n', '4+', '6\' (slashed, raised),
 * '#' (a raised third), 'n6' or '♮6' (`figureMarks` reads them). Undefined when the text is not
 * figures. Each figure is an interval above the bass, in the key unless an accidental alters it
 * (raised: '#', '+', '\'; lowered: 'b'; natural: 'n'); the usual abbreviations stand for their full
 * figures (6 = 6/3, 7 = 7/5/3, 65 = 6/5/3, 43 = 6/4/3, 42 and 2 = 6/4/2, none = 5/3).
 */
export function parseFigures(text: string): Map<number, string> | undefined {
  const marks = figureMarks(text);
  if (!marks) return undefined;
  const figures = new Map<number, string>();
  for (const mark of marks) figures.set(mark.number ?? 3, figureAccidental(mark.sign));
  const has = (n: number) => figures.has(n);
  const add = (...numbers: number[]) => {
    for (const n of numbers) if (!figures.has(n)) figures.set(n, '');
  };
  const numbers = [...figures.keys()].filter((n) => n !== 3);
  const only = (...list: number[]) => numbers.length === list.length && list.every((n) => has(n));
  if (numbers.length === 0 || only(5)) add(5, 3);
  else if (only(6)) add(3);
  else if (only(7)) add(5, 3);
  else if (only(6, 5)) add(3);
  else if (only(4, 3) || (only(4) && has(3))) add(6);
  else if (only(4, 2) || only(2)) add(6, 4);
  else if (only(9)) add(5, 3);
  return figures;
}

/** The chord that figures ask for over a given bass in a key. */
export function chordOfFigures(text: string, bass: PitchClass, key: Key): ChordSpec | undefined {
  const figures = parseFigures(text);
  if (!figures) return undefined;
  const tones: PitchClass[] = [bass];
  for (const [number, accidental] of figures) {
    const step = (bass.step + number - 1) % 7;
    const diatonic = diatonicOnLetter(key, step);
    const alter =
      accidental === 'n' ? 0 : accidental === '#' ? diatonic.alter + 1 : accidental === 'b' ? diatonic.alter - 1 : diatonic.alter;
    const tone = { step, alter };
    if (!tones.some((t) => samePitchClass(t, tone))) tones.push(tone);
  }
  const spec: ChordSpec = { ...base(text, key), kind: 'figures', tones, required: [...tones] };
  // The root: the tone over which every other tone is a third, fifth or seventh.
  const root = tones.find((candidate) => tones.every((t) => [0, 2, 4, 6].includes((t.step - candidate.step + 7) % 7)));
  if (root) {
    const on = (letters: number) => tones.find((t) => (t.step - root.step + 7) % 7 === letters);
    spec.root = root;
    spec.third = on(2);
    spec.fifth = on(4);
    spec.seventh = on(6);
    spec.kind = spec.seventh ? 'seventh' : 'triad';
    const majorThird = spec.third ? semitoneOf(spec.third) - semitoneOf(root) : 0;
    const fifthSize = spec.fifth ? semitoneOf(spec.fifth) - semitoneOf(root) : 7;
    const seventhSize = spec.seventh ? semitoneOf(spec.seventh) - semitoneOf(root) : 10;
    const mod = (n: number) => (n + 12) % 12;
    const dominantSeventh = mod(majorThird) === 4 && mod(fifthSize) === 7 && mod(seventhSize) === 10 && spec.seventh !== undefined;
    // V of the key, or a major triad whose third lies outside the key (an applied V: D F♯ A in C).
    const dominantTriad =
      mod(majorThird) === 4 &&
      mod(fifthSize) === 7 &&
      !spec.seventh &&
      (samePitchClass(root, scaleStep(key, 5)) || (spec.third !== undefined && !inKey(spec.third, key)));
    const diminished = mod(majorThird) === 3 && mod(fifthSize) === 6 && (!spec.seventh || [9, 10].includes(mod(seventhSize)));
    if ((dominantSeventh || dominantTriad) && spec.third) {
      const tonic = above(root, 3, 5);
      spec.dominant = true;
      spec.tendencies.push({
        pc: spec.third,
        kind: 'leading-tone',
        target: tonic,
        frustratedTo: root,
        chromaticDescentAllowed: !samePitchClass(tonic, key.tonic),
      });
    } else if (diminished && leadsUp(root, key)) {
      const tonic = above(root, 1, 1);
      spec.dominant = true;
      spec.tendencies.push({
        pc: root,
        kind: 'leading-tone',
        target: tonic,
        frustratedTo: above(tonic, 4, 7),
        chromaticDescentAllowed: !samePitchClass(tonic, key.tonic),
      });
    }
    // Fifth missing is fine in 5/3 and 7 chords (the figures name it only by abbreviation).
    if (spec.fifth && !samePitchClass(spec.fifth, bass) && !figuresNameExplicitly(text, 5)) {
      spec.required = spec.required.filter((t) => !samePitchClass(t, spec.fifth as PitchClass));
    }
    if (spec.third) spec.required = spec.required.filter((t) => !samePitchClass(t, spec.third as PitchClass));
    const tonicSixFour = samePitchClass(root, key.tonic) && samePitchClass(bass, scaleStep(key, 5)) && !spec.seventh;
    spec.tonicSixFour = tonicSixFour;
    spec.homeDominant = samePitchClass(root, scaleStep(key, 5)) && samePitchClass(bass, root) && spec.dominant;
  }
  return spec;
}

/**
 * Whether a diminished chord's root is a leading tone: the key's own (its raised seventh: vii°,
 * vii°7) or a tone outside the key (an applied vii° of another step). A diminished chord on a step
 * of the key (ii° and iiø7 in minor, vi° on the raised sixth of melodic minor) has no leading tone:
 * in D minor, E of ii°6 (G B♭ E) need not rise to F (issue 35).
 */
function leadsUp(root: PitchClass, key: Key): boolean {
  return samePitchClass(root, leadingTone(key)) || !inKey(root, key);
}

/** A tone of the key: its scale, in minor also the raised sixth and seventh (melodic and harmonic minor). */
function inKey(pc: PitchClass, key: Key): boolean {
  const steps = [1, 2, 3, 4, 5, 6, 7].map((degree) => scaleStep(key, degree));
  if (key.mode === 'minor') steps.push(scaleStep(key, 6, 1), scaleStep(key, 7, 1));
  return steps.some((step) => samePitchClass(step, pc));
}

function figuresNameExplicitly(text: string, number: number): boolean {
  return text.includes(String(number));
}

/** The tones a spec accepts under a spelling (an alternate spelling stands for its tone). */
export function toneFor(spec: ChordSpec, pc: PitchClass): PitchClass | undefined {
  const tone = spec.tones.find((t) => samePitchClass(t, pc));
  if (tone) return tone;
  return spec.alternates.find((a) => samePitchClass(a.spelling, pc))?.tone;
}

export function tonesText(spec: ChordSpec): string {
  return spec.tones.map(pitchClassName).join(' ');
}
