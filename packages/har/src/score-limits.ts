import { har, harSubject } from '@app/contract/har-messages';
import { HarError } from './har-error.ts';

/**
 * How large a score the product takes (issue 26): an exercise is a score the workspace
 * shows on one line with at most 500 items, so these are generous for that (a Bach
 * chorale is at most about 370 KB, 80 measures and 700 notes) and small enough that
 * reading, analysing and drawing the largest allowed score stays within seconds. They
 * are checked before any XML parser sees the text: the size first, on the bytes, then
 * one linear scan that counts elements and nesting without building anything.
 */
export const SCORE_LIMITS = {
  /** The MusicXML text, in bytes (after unpacking an .mxl or a .har). */
  maxBytes: 5 * 1024 * 1024,
  /** `<note>` elements in the whole score, all parts. */
  maxNotes: 8_000,
  /**
   * Measures, counted in the part that has the most (`<measure>` elements of one part; a
   * timewise score's own): a string quartet movement of 500 measures is an ordinary score
   * (issue 36), not 2,000. The notes limit still bounds what the workspace draws on one line.
   */
  maxMeasures: 800,
  /** Elements inside elements: MusicXML needs about 10; the XML parser gives up at 100. */
  maxDepth: 50,
  /**
   * Elements of any kind (issue 40): every one is read, and most are drawn. A note is about five to
   * ten; the largest scores inside the other limits (a Beethoven quartet movement, chorale 001
   * repeated to 8,000 notes) have 70,000 to 90,000.
   */
  maxElements: 120_000,
  /**
   * Marks (issue 40): what Verovio places beside the staff and moves clear of its neighbours along
   * the line — directions (words, dynamics, wedges, pedals), chord symbols, figures, fermatas,
   * slurs, ornaments, arpeggios, glissandos, and a lyric as a quarter of one (MARKS). The workspace
   * draws the whole score on one line, so each mark costs time in proportion to the line's length:
   * 3,200 words over 200 measures took 2.7 s of CPU here, 12,800 over 800 measures more than 30 s.
   */
  maxMarks: 2_000,
  /**
   * Marks times measures (the line's length): at most this. 800 measures may have 375 marks, 300
   * measures 1,000, 150 measures the 2,000 of maxMarks. At this bound the costliest marks
   * (dynamics) take about 4 s of CPU here besides the notes; of the shared When-in-Rome scores
   * inside the other limits, the Mozart sonata movements come closest (K283/3: 909 marks in 277
   * measures), and about twenty dense quartet movements pass it (5–10 s of CPU each).
   */
  maxMarkMeasures: 300_000,
} as const;

/** The elements counted as marks (SCORE_LIMITS.maxMarks); a `lyric` counts as a quarter of one. */
const MARKS: ReadonlySet<string> = new Set([
  'direction',
  'harmony',
  'figured-bass',
  'fermata',
  'slur',
  'ornaments',
  'arpeggiate',
  'non-arpeggiate',
  'glissando',
  'slide',
]);

/** The most marks a score of `measures` measures (its line's length) may have. */
export const maxMarksFor = (measures: number) =>
  Math.min(SCORE_LIMITS.maxMarks, Math.floor(SCORE_LIMITS.maxMarkMeasures / Math.max(1, measures)));

const MB = 1024 * 1024;

/** Refuses a score's bytes larger than the limit, before they are decoded or parsed. `name` starts the sentence. */
export function assertScoreSize(bytes: number, name: string): void {
  if (bytes > SCORE_LIMITS.maxBytes) throw scoreTooLarge(name);
}

export function scoreTooLarge(name: string): HarError {
  return new HarError(har('scoreTooLarge', { name: harSubject(name), mb: SCORE_LIMITS.maxBytes / MB }), 'too_large');
}

export type ScoreCounts = {
  notes: number;
  measures: number;
  depth: number;
  elements: number;
  /** Marks (MARKS), a lyric counted as a quarter of one. */
  marks: number;
};

/**
 * Counts notes, measures, elements, marks and the deepest nesting of elements in one pass over
 * the text, stopping as soon as a limit is passed (marks for the score's length are judged at the
 * end, once its measures are known: `passed: 'length'`); skips comments, CDATA, processing
 * instructions and quoted attribute values. Not a validator: well-formedness is checked afterwards.
 */
export function scanScore(xml: string): ScoreCounts & { passed?: keyof ScoreCounts | 'length' } {
  let notes = 0;
  let measures = 0;
  let elements = 0;
  let marks = 0;
  let lyrics = 0;
  const counts = () => ({ notes, measures, depth: deepest, elements, marks: marks + Math.floor(lyrics / 4) });
  // Measures of the part being read; a timewise score's measures hold its parts, so all count.
  let inPart = 0;
  let timewise: boolean | undefined;
  let depth = 0;
  let deepest = 0;
  const length = xml.length;
  let at = xml.indexOf('<');
  while (at >= 0 && at < length) {
    const next = xml.charCodeAt(at + 1);
    if (next === 0x21 /* ! */) {
      const end = xml.startsWith('<!--', at)
        ? xml.indexOf('-->', at + 4)
        : xml.startsWith('<![CDATA[', at)
          ? xml.indexOf(']]>', at + 9)
          : xml.indexOf('>', at + 2);
      if (end < 0) break;
      at = xml.indexOf('<', end + 1);
      continue;
    }
    if (next === 0x3f /* ? */) {
      const end = xml.indexOf('?>', at + 2);
      if (end < 0) break;
      at = xml.indexOf('<', end + 2);
      continue;
    }
    if (next === 0x2f /* / */) {
      depth = Math.max(0, depth - 1);
      const end = xml.indexOf('>', at + 2);
      if (end < 0) break;
      at = xml.indexOf('<', end + 1);
      continue;
    }
    // A start tag: its name, then to its '>' past quoted attribute values.
    let i = at + 1;
    while (i < length && !isNameEnd(xml.charCodeAt(i))) i++;
    const name = xml.slice(at + 1, i);
    let quote = 0;
    for (; i < length; i++) {
      const c = xml.charCodeAt(i);
      if (quote) {
        if (c === quote) quote = 0;
      } else if (c === 0x22 || c === 0x27) quote = c;
      else if (c === 0x3e /* > */) break;
    }
    if (i >= length) break;
    timewise ??= name === 'score-timewise';
    elements++;
    if (name === 'note') notes++;
    else if (name === 'measure') {
      inPart++;
      if (inPart > measures) measures = inPart;
    } else if (name === 'part' && !timewise) inPart = 0;
    else if (name === 'lyric') lyrics++;
    else if (MARKS.has(name)) marks++;
    if (xml.charCodeAt(i - 1) !== 0x2f /* self-closing */) {
      depth++;
      if (depth > deepest) deepest = depth;
    }
    if (notes > SCORE_LIMITS.maxNotes) return { ...counts(), passed: 'notes' };
    if (measures > SCORE_LIMITS.maxMeasures) return { ...counts(), passed: 'measures' };
    if (deepest > SCORE_LIMITS.maxDepth) return { ...counts(), passed: 'depth' };
    if (elements > SCORE_LIMITS.maxElements) return { ...counts(), passed: 'elements' };
    if (marks + Math.floor(lyrics / 4) > SCORE_LIMITS.maxMarks) return { ...counts(), passed: 'marks' };
    at = xml.indexOf('<', i + 1);
  }
  const scanned = counts();
  return scanned.marks > maxMarksFor(scanned.measures) ? { ...scanned, passed: 'length' } : scanned;
}

function isNameEnd(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x3e || c === 0x2f;
}

/** Refuses a score's text over the limits (size, notes, measures, nesting, elements, marks) before any parser reads it. */
export function assertScoreLimits(xml: string, name: string): void {
  // Characters, not bytes: a UTF-8 text is never shorter in bytes, so this only errs towards taking it.
  assertScoreSize(xml.length, name);
  const counts = scanScore(xml);
  if (counts.passed === 'notes') {
    throw new HarError(har('tooManyNotes', { name: harSubject(name), max: SCORE_LIMITS.maxNotes.toLocaleString('en') }), 'too_large');
  }
  if (counts.passed === 'measures') {
    throw new HarError(har('tooManyMeasures', { name: harSubject(name), max: SCORE_LIMITS.maxMeasures.toLocaleString('en') }), 'too_large');
  }
  if (counts.passed === 'depth') {
    throw new HarError(har('tooDeep', { name: harSubject(name), max: SCORE_LIMITS.maxDepth }));
  }
  if (counts.passed === 'elements') {
    throw new HarError(har('tooManyElements', { name: harSubject(name), max: SCORE_LIMITS.maxElements.toLocaleString('en') }), 'too_large');
  }
  if (counts.passed === 'marks') {
    throw new HarError(har('tooManyMarks', { name: harSubject(name), max: SCORE_LIMITS.maxMarks.toLocaleString('en') }), 'too_large');
  }
  if (counts.passed === 'length') {
    const values = { marks: counts.marks, measures: counts.measures, max: maxMarksFor(counts.measures) };
    throw new HarError(
      har('tooManyMarksForLength', {
        name: harSubject(name),
        ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.toLocaleString('en')])),
      }),
      'too_large',
    );
  }
}
