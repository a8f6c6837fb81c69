import { DEFAULT_CHORD_LABEL_SETTINGS } from '@app/contract/course-constants';
import { parseRomanNumeral } from '@app/contract/roman-numeral';
import type { GradingSettings } from '../grade.ts';
import { chordOf, type Key, type Mode, type PitchClass, pitchClass, semitone } from '../library/theory.ts';
import { importMusicXml } from '../musicxml-import.ts';
import { unzipWithLimits } from '../safe-unzip.ts';
import type { ScoreAnalysis } from './analyze-score.ts';
import { analyseScore } from './analyze-score.ts';
import { type NumberedMeasure, type RomanTextReading, readRomanText, romanTextOnsets } from './roman-text.ts';
import { readScore } from './score-reading.ts';

/**
 * Measures the analysis against expert analyses (the shared corpus of Bach chorales with
 * When-in-Rome RomanText analyses): the score goes through the same path as
 * POST /api/exercise-drafts (importMusicXml, then analyseScore), each expert label is
 * placed at its onset in quarters (never by measure id) and compared with the suggestion
 * of the position found at that onset, each read in its key in force (decision 031).
 */

export type CorpusPiece = { name: string; score: Uint8Array; analysis: string };

export type CorpusFigures = {
  pieces: number;
  labels: number;
  /** Expert labels at an onset where the analysis has a position. */
  recall: number;
  /**
   * Expert labels compared: placed in the score, where a suggestion is in force (the last labelled
   * position at or before the label's onset). Labels before the first position or outside the score are not.
   */
  compared: number;
  /** Expert labels that could not be placed in the score (a measure it does not have, or past its end). */
  unplaced: number;
  /** Pieces left out: the product refused the score (its sentence), or the analysis does not fit it. */
  leftOut: { piece: string; why: string }[];
  /** CPU time (user + system) of importing and analysing each piece measured, in milliseconds. */
  cpuMs: { piece: string; ms: number }[];
  /** Pieces whose global key (tonic and mode) is the expert's first key. */
  globalKey: number;
  /** Suggestion equals the expert's label, each in its own key in force. */
  exact: number;
  /** The same, over the labels where the expert's key in force is the analysis's key in force. */
  exactWhereKeysAgree: number;
  keysAgree: number;
  /** Same chord (its pitch classes), inversion aside. */
  chord: number;
  /**
   * Same root (of the chord the numeral names in its key). A cadential six-four counts with either
   * root, as the suggestion offers both spellings (`V64` beside `I64`): analysts name its root either way.
   */
  root: number;
  /** Same root, the suggestion's label alone (the cadential six-four with the root of its label only). */
  rootOfLabel: number;
  refused: number;
  refusedSpellings: Map<string, number>;
  disagreements: Map<string, number>;
  /** Disagreements on the root. */
  rootDisagreements: Map<string, number>;
  /** Root disagreements where the analysis marked the position a decoration of the chord before. */
  rootMissesAtDecorations: number;
  wrongKeys: string[];
  /** Each root disagreement: the piece, the onset in quarters, expert → suggestion (for looking at the notes). */
  rootMisses: { piece: string; onset: number; text: string }[];
};

type Reading = { key: Key; numeral: string };

/**
 * The settings POST /api/exercise-drafts analyses with in a course that kept the defaults (the
 * cadential six-four `V64`, the Neapolitan `N6`): the bench and the floor test measure the product's path.
 */
export const COURSE_DEFAULT_SETTINGS: GradingSettings = {
  cadential64: DEFAULT_CHORD_LABEL_SETTINGS.cadential_64,
  neapolitan6: DEFAULT_CHORD_LABEL_SETTINGS.neapolitan_6,
};

/** The figures of two sets of pieces as one (the corpus analysed once, measured by halves and in all). */
export function mergeFigures(a: CorpusFigures, b: CorpusFigures): CorpusFigures {
  const merged = (x: Map<string, number>, y: Map<string, number>) => {
    const out = new Map(x);
    for (const [k, n] of y) out.set(k, (out.get(k) ?? 0) + n);
    return out;
  };
  return {
    pieces: a.pieces + b.pieces,
    labels: a.labels + b.labels,
    recall: a.recall + b.recall,
    compared: a.compared + b.compared,
    unplaced: a.unplaced + b.unplaced,
    leftOut: [...a.leftOut, ...b.leftOut],
    cpuMs: [...a.cpuMs, ...b.cpuMs],
    globalKey: a.globalKey + b.globalKey,
    exact: a.exact + b.exact,
    exactWhereKeysAgree: a.exactWhereKeysAgree + b.exactWhereKeysAgree,
    keysAgree: a.keysAgree + b.keysAgree,
    chord: a.chord + b.chord,
    root: a.root + b.root,
    rootOfLabel: a.rootOfLabel + b.rootOfLabel,
    refused: a.refused + b.refused,
    refusedSpellings: merged(a.refusedSpellings, b.refusedSpellings),
    disagreements: merged(a.disagreements, b.disagreements),
    rootDisagreements: merged(a.rootDisagreements, b.rootDisagreements),
    rootMissesAtDecorations: a.rootMissesAtDecorations + b.rootMissesAtDecorations,
    wrongKeys: [...a.wrongKeys, ...b.wrongKeys],
    rootMisses: [...a.rootMisses, ...b.rootMisses],
  };
}

const EPSILON = 1e-3;

export function measureCorpus(pieces: CorpusPiece[], settings: GradingSettings): CorpusFigures {
  const figures: CorpusFigures = {
    pieces: 0,
    labels: 0,
    recall: 0,
    compared: 0,
    unplaced: 0,
    leftOut: [],
    cpuMs: [],
    globalKey: 0,
    exact: 0,
    exactWhereKeysAgree: 0,
    keysAgree: 0,
    chord: 0,
    root: 0,
    rootOfLabel: 0,
    refused: 0,
    refusedSpellings: new Map(),
    disagreements: new Map(),
    rootDisagreements: new Map(),
    rootMissesAtDecorations: 0,
    wrongKeys: [],
    rootMisses: [],
  };
  for (const piece of pieces) {
    const cpu = process.cpuUsage();
    let imported: ReturnType<typeof importMusicXml>;
    let analysis: ScoreAnalysis;
    try {
      imported = importMusicXml(piece.score);
      analysis = analyseScore(imported.musicxml, settings);
    } catch (error) {
      figures.leftOut.push({ piece: piece.name, why: `refused: ${error instanceof Error ? error.message : String(error)}` });
      continue;
    }
    const used = process.cpuUsage(cpu);
    const expert = readRomanText(piece.analysis);
    const reading = readScore(imported.musicxml);
    const end = reading.measures.reduce((last, m) => Math.max(last, m.start + m.length), 0);
    const onsets = romanTextOnsets(expert, numberedMeasures(piece.score, imported.musicxml)).map((onset) =>
      onset !== undefined && onset >= -EPSILON && onset < end - EPSILON ? onset : undefined,
    );
    // An analysis that does not fit its score (made on another edition, its measures numbered
    // otherwise) is left out, not bent to: most of its labels must fall where a note starts.
    const noteOnsets = new Set(reading.notes.map((note) => Math.round(note.onset / EPSILON)));
    const placed = onsets.filter((onset) => onset !== undefined) as number[];
    const atNotes = placed.filter((onset) => noteOnsets.has(Math.round(onset / EPSILON))).length;
    if (placed.length < 0.8 * onsets.length || atNotes < 0.8 * placed.length) {
      figures.leftOut.push({
        piece: piece.name,
        why: `the analysis does not fit the score: ${placed.length} of ${onsets.length} labels placed, ${atNotes} where a note starts`,
      });
      continue;
    }
    figures.cpuMs.push({ piece: piece.name, ms: (used.user + used.system) / 1000 });
    figures.pieces += 1;

    const firstKey = expert.labels[0]?.readings[0]?.key;
    const global = analysis.key;
    const expertGlobal = firstKey ? keyOf(firstKey) : undefined;
    if (expertGlobal && sameKey(expertGlobal, global)) figures.globalKey += 1;
    else figures.wrongKeys.push(`${piece.name}: ${firstKey} → ${keyText(global)}`);

    // The product's readings at each position, each in its key in force (decision 031).
    const productReadings = new Map<number, Reading[]>();
    // The labelled positions in onset order, to find the suggestion in force at an expert label's onset.
    const inForce: { onset: number; readings: Reading[]; embellishing: boolean; cadential: Reading[] }[] = [];
    // The other root convention of a cadential six-four (its answers: `V64` and `I64`), in the key of its first reading.
    const cadentialReadings = new Map<number, Reading[]>();
    let running: Key = analysis.openingKey ?? global;
    for (const position of analysis.positions) {
      const readings = position.suggestion.label === null ? [] : readLabel(position.suggestion.label, running);
      if (readings.length > 0) running = (readings[readings.length - 1] as Reading).key;
      productReadings.set(Math.round(position.onset / EPSILON), readings);
      const answers = position.suggestion.answers;
      const first = readings[0];
      if (first && answers.includes('V64') && (answers.includes('I64') || answers.includes('i64'))) {
        const both = answers.filter((a) => a === 'V64' || a === 'I64' || a === 'i64').map((numeral) => ({ key: first.key, numeral }));
        cadentialReadings.set(Math.round(position.onset / EPSILON), both);
      }
      if (readings.length > 0) {
        inForce.push({
          onset: position.onset,
          readings,
          embellishing: position.suggestion.embellishing,
          cadential: cadentialReadings.get(Math.round(position.onset / EPSILON)) ?? [],
        });
      }
    }
    const labelInForce = (onset: number) => {
      let low = 0;
      let high = inForce.length - 1;
      let found: (typeof inForce)[number] | undefined;
      while (low <= high) {
        const mid = (low + high) >> 1;
        const entry = inForce[mid] as (typeof inForce)[number];
        if (entry.onset <= onset + EPSILON) {
          found = entry;
          low = mid + 1;
        } else high = mid - 1;
      }
      return found;
    };

    expert.labels.forEach((label, index) => {
      figures.labels += 1;
      const readings: Reading[] = [];
      for (const reading of label.readings) {
        const numeral = withoutAddedNotes(reading.numeral);
        const refused = parseRomanNumeral(numeral) === undefined;
        if (refused) {
          figures.refused += 1;
          figures.refusedSpellings.set(reading.numeral, (figures.refusedSpellings.get(reading.numeral) ?? 0) + 1);
        }
        const key = keyOf(reading.key);
        if (key) readings.push({ key, numeral: corpusConvention(numeral, key) });
      }
      const onset = onsets[index];
      if (onset === undefined) {
        figures.unplaced += 1;
        return;
      }
      if (productReadings.has(Math.round(onset / EPSILON))) figures.recall += 1;
      // Every expert label is compared with the suggestion in force at its onset.
      const found = labelInForce(onset);
      if (found === undefined) {
        tally(figures.disagreements, `${expertText(label.readings)} → (no suggestion yet)`);
        return;
      }
      figures.compared += 1;
      const product = found.readings;
      const pairs = readings.flatMap((e) => product.map((p) => [e, p] as const));
      const exact = pairs.some(([e, p]) => sameKey(e.key, p.key) && sameNumeral(e, p));
      const expertKey = readings[readings.length - 1]?.key;
      const productKey = product[product.length - 1]?.key;
      if (exact) figures.exact += 1;
      if (expertKey && productKey && sameKey(expertKey, productKey)) {
        figures.keysAgree += 1;
        if (exact) figures.exactWhereKeysAgree += 1;
      }
      if (pairs.some(([e, p]) => sameChord(e, p))) figures.chord += 1;
      const rootOfLabel = pairs.some(([e, p]) => sameRoot(e, p));
      if (rootOfLabel) figures.rootOfLabel += 1;
      const cadential = found.cadential;
      if (rootOfLabel || readings.some((e) => cadential.some((p) => sameRoot(e, p)))) figures.root += 1;
      else {
        const decoration = found.embellishing;
        if (decoration) figures.rootMissesAtDecorations += 1;
        const text = `${expertText(label.readings)} → ${productText(product, expertKey)}${decoration ? ' (decoration)' : ''}`;
        tally(figures.rootDisagreements, text);
        figures.rootMisses.push({ piece: piece.name, onset: onset as number, text });
      }
      if (!exact) tally(figures.disagreements, `${expertText(label.readings)} → ${productText(product, expertKey)}`);
    });
  }
  return figures;
}

/** The measures of the score as the analysis numbers them (the number attributes as written, before any renumbering on import). */
function numberedMeasures(bytes: Uint8Array, imported: string): NumberedMeasure[] {
  const timings = readScore(imported).measures;
  let raw: string;
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const files = unzipWithLimits(bytes);
    const entry = [...files.entries()].find(([name]) => !name.startsWith('META-INF') && /\.(xml|musicxml)$/i.test(name));
    raw = new TextDecoder().decode(entry?.[1] ?? new Uint8Array());
  } else {
    raw = new TextDecoder().decode(bytes);
  }
  const firstPart = /<part\s[^>]*>([\s\S]*?)<\/part>/.exec(raw)?.[1] ?? '';
  const numbers = [...firstPart.matchAll(/<measure\s[^>]*?number="([^"]*)"/g)].map((m) => m[1] as string);
  return timings.map((timing, i) => ({ number: numbers[i] ?? String(timing.number), start: timing.start, length: timing.length }));
}

function tally(map: Map<string, number>, key: string) {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** A key token (`A`, `f#`, `Bb`) as a key: upper case major, lower case minor. */
export function keyOf(token: string): Key | undefined {
  const match = /^([A-Ga-g])([#b♯♭]?)$/.exec(token.trim());
  if (!match) return undefined;
  const letter = match[1] as string;
  const accidental = match[2] === '♯' ? '#' : match[2] === '♭' ? 'b' : (match[2] as string);
  const mode: Mode = letter === letter.toUpperCase() ? 'major' : 'minor';
  return { tonic: pitchClass(`${letter.toUpperCase()}${accidental}`), mode };
}

export function keyText(key: Key): string {
  const letter = 'CDEFGAB'[key.tonic.step] as string;
  const name = `${key.mode === 'major' ? letter : letter.toLowerCase()}${key.tonic.alter > 0 ? '#' : key.tonic.alter < 0 ? 'b' : ''}`;
  return name;
}

function sameKey(a: Key, b: Key): boolean {
  return a.mode === b.mode && a.tonic.step === b.tonic.step && a.tonic.alter === b.tonic.alter;
}

/** A label of decision 031 (`V`, `E: V`, `I = E: IV`) read from a running key. */
function readLabel(label: string, running: Key): Reading[] {
  const out: Reading[] = [];
  let key = running;
  for (const part of label.split('=')) {
    const match = /^\s*(?:([A-Ga-g][#b♯♭]?)\s*:)?\s*(.+?)\s*$/.exec(part);
    if (!match) continue;
    const named = match[1] ? keyOf(match[1]) : undefined;
    if (named) key = named;
    out.push({ key, numeral: match[2] as string });
  }
  return out;
}

/**
 * The corpus's convention (music21's, its README): in a minor key a lower-case `vi` stands on
 * the raised sixth degree (`vio6` is the chord on F♯ in A minor); the product writes `#vi°6`
 * (and reads lower-case `vii` on the raised seventh, as the corpus does).
 */
function corpusConvention(numeral: string, key: Key): string {
  return key.mode === 'minor' && /^vi(?!i)/.test(numeral) ? `#${numeral}` : numeral;
}

/**
 * RomanText's added and omitted notes (`I[add#9]`, `V7[no3]`, `IV[add9][add4]`) left out: the
 * chord is named by its numeral, the added notes decorate it.
 */
function withoutAddedNotes(numeral: string): string {
  return numeral.replace(/\[[^\]]*\]/g, '');
}

type Realised = { tones: number[]; bass: number; applied: number };

const AUGMENTED_SIXTHS: Record<string, number[]> = { It6: [8, 0, 6], Fr43: [8, 0, 2, 6], Ger65: [8, 0, 3, 6] };

/** The chord a numeral names in its key, as semitones (root first), or undefined when it cannot be read. */
const realised = new Map<string, Realised | null>();
function realise(reading: Reading): Realised | undefined {
  const id = `${keyText(reading.key)}:${reading.numeral}`;
  let found = realised.get(id);
  if (found === undefined) {
    found = realiseOnce(reading) ?? null;
    realised.set(id, found);
  }
  return found ?? undefined;
}

function realiseOnce(reading: Reading): Realised | undefined {
  const parsed = parseRomanNumeral(reading.numeral);
  if (!parsed) return undefined;
  if (parsed.kind === 'special' && parsed.name !== 'Cad64') {
    const tonic = semitone(reading.key.tonic);
    const tones = (AUGMENTED_SIXTHS[parsed.name] as number[]).map((t) => (t + tonic) % 12);
    return { tones, bass: 0, applied: 0 };
  }
  try {
    const chord = chordOf(reading.key, reading.numeral);
    return {
      tones: chord.tones.map((tone: PitchClass) => semitone(tone)),
      bass: chord.bass,
      applied: parsed.kind === 'chord' ? parsed.applied.length : 0,
    };
  } catch {
    return undefined;
  }
}

function sameNumeral(a: Reading, b: Reading): boolean {
  if (a.numeral === b.numeral) return true;
  const x = realise(a);
  const y = realise(b);
  return !!x && !!y && x.bass === y.bass && x.applied === y.applied && sameTones(x.tones, y.tones) && x.tones[0] === y.tones[0];
}

function sameTones(a: number[], b: number[]): boolean {
  const x = [...new Set(a)].sort((p, q) => p - q);
  const y = [...new Set(b)].sort((p, q) => p - q);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

function sameChord(a: Reading, b: Reading): boolean {
  const x = realise(a);
  const y = realise(b);
  return !!x && !!y && x.tones[0] === y.tones[0] && sameTones(x.tones, y.tones);
}

function sameRoot(a: Reading, b: Reading): boolean {
  const x = realise(a);
  const y = realise(b);
  return !!x && !!y && x.tones[0] === y.tones[0];
}

function expertText(readings: RomanTextReading[]): string {
  return readings.map((r) => `${r.key}: ${r.numeral}`).join(' = ');
}

function productText(readings: Reading[], expertKey: Key | undefined): string {
  if (readings.length === 0) return '(none)';
  return readings
    .map((r) => (expertKey && sameKey(r.key, expertKey) && readings.length === 1 ? r.numeral : `${keyText(r.key)}: ${r.numeral}`))
    .join(' = ');
}

/** Percentages and lists of the figures, for the bench and the floor test. */
export function summarise(figures: CorpusFigures) {
  const pct = (n: number, d: number) => (d === 0 ? 0 : (100 * n) / d);
  // Every label placed in the score counts; one before the first suggestion counts as a disagreement.
  const placed = figures.labels - figures.unplaced;
  return {
    recall: pct(figures.recall, placed),
    globalKey: pct(figures.globalKey, figures.pieces),
    exact: pct(figures.exact, placed),
    exactWhereKeysAgree: pct(figures.exactWhereKeysAgree, figures.keysAgree),
    keysAgree: pct(figures.keysAgree, placed),
    chord: pct(figures.chord, placed),
    root: pct(figures.root, placed),
    rootOfLabel: pct(figures.rootOfLabel, placed),
    /** Median and longest CPU time per piece, in milliseconds. */
    medianMs: median(figures.cpuMs.map((t) => t.ms)),
    maxMs: Math.max(0, ...figures.cpuMs.map((t) => t.ms)),
    refused: figures.refused,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
