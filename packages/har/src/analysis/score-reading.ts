import { HarError } from '../har-error.ts';
import { children, parseXmlTree, partsOf, textOf, type XmlNode } from '../musicxml-tree.ts';

/**
 * The notes of a partwise MusicXML score as an analyst reads them: every pitched note
 * of every part with its spelling (letter, alteration, octave) at concert pitch, and
 * when it starts and ends in quarter notes from the start of the score. A tied note
 * lengthens the note it continues; grace and cue notes, unpitched notes and rests
 * sound nothing. Measures are timed from the first part, a beat being the time
 * signature's beat-type; the workspace (workspace-score.ts) reads its notes and measures
 * here too, so positions found here sit where the workspace looks for them.
 */

export type SpelledNote = {
  part: number;
  /** `part:voice`: successive notes of one voice make its melody (passing notes, suspensions). */
  voice: string;
  /** 0–6 for C D E F G A B. */
  step: number;
  /** Semitones: −1 flat, +1 sharp. */
  alter: number;
  octave: number;
  midi: number;
  onset: number;
  end: number;
  /** The note carries a fermata (a chorale's phrase ending). */
  fermata?: true;
  /** With `labelNotes`: the id written on the note's element (`n1`, `n2`, …), which Verovio keeps in its SVG. */
  id?: string;
};

export type MeasureTiming = {
  /** The measure's number as items give it (measureNumbers: the score's own when they are plain increasing numbers). */
  number: number;
  /** The measure's number as the score prints it ('0', '12', '7a'): what people read. */
  label: string;
  /** Beats before the measure's first one when it is the short end of a bar (a pickup, or '7a' after a repeat). */
  beatOffset: number;
  start: number;
  /** The measure's length as played, in quarters (a pickup measure is short). */
  length: number;
  /** Quarters in one beat: 4 / beat-type (an eighth in 6/8). */
  beatQuarters: number;
};

export type ScoreReading = {
  notes: SpelledNote[];
  measures: MeasureTiming[];
  /** The first key signature of the first part that has one, or null when the score gives none. */
  keySignature: { fifths: number; mode: 'major' | 'minor' | null } | null;
  title: string | null;
  parts: number;
};

export const MAX_ANALYSED_NOTES = 8_000;
const STEPS = 'CDEFGAB';
const NATURAL = [0, 2, 4, 5, 7, 9, 11];
const EPSILON = 1e-6;

export function readScore(musicxml: string): ScoreReading {
  return readScoreTree(parseXmlTree(musicxml));
}

/**
 * The same, from a parsed tree; with `labelNotes` every sounding note's element also gets
 * an id of ours (written into the tree), so the notes can be found in Verovio's SVG.
 */
export function readScoreTree(tree: XmlNode[], options: { labelNotes?: boolean } = {}): ScoreReading {
  let counter = 0;
  const parts = partsOf(tree);
  if (parts.length === 0) throw new HarError('The score has no parts.');
  const notes: SpelledNote[] = [];
  let measures: MeasureTiming[] = [];
  let keySignature: ScoreReading['keySignature'] = null;

  parts.forEach((part, partIndex) => {
    const measureNodes = children(part, 'part').filter((node) => 'measure' in node);
    if (measureNodes.length === 0) throw new HarError(`Part ${partIndex + 1} of the score has no measures.`);
    let divisions = 1;
    let beatType = 4;
    let beats = 4;
    const numbers = measureNumbers(
      measureNodes.map((measure) => measure[':@']?.['@_number']),
      measureNodes[0]?.[':@']?.['@_implicit'] === 'yes',
    );
    let transpose = { diatonic: 0, chromatic: 0 };
    let start = 0;
    const timings: MeasureTiming[] = [];
    // Notes waiting for a tie to continue them, by MIDI pitch.
    const open = new Map<number, SpelledNote>();
    measureNodes.forEach((measure, measureIndex) => {
      let cursor = 0;
      let longest = 0;
      let lastOnset = 0;
      for (const element of children(measure, 'measure')) {
        if ('attributes' in element) {
          const attributes = children(element, 'attributes');
          divisions = positive(textOf(attributes, 'divisions')) ?? divisions;
          const time = attributes.find((node) => 'time' in node);
          if (time) beatType = positive(textOf(children(time, 'time'), 'beat-type')) ?? beatType;
          if (time) beats = positive(textOf(children(time, 'time'), 'beats')) ?? beats;
          const key = attributes.find((node) => 'key' in node);
          const fifths = key ? Number(textOf(children(key, 'key'), 'fifths')) : Number.NaN;
          if (keySignature === null && key && Number.isInteger(fifths) && Math.abs(fifths) <= 7) {
            const mode = textOf(children(key, 'key'), 'mode');
            keySignature = { fifths, mode: mode === 'major' || mode === 'minor' ? mode : null };
          }
          const transposition = attributes.find((node) => 'transpose' in node);
          if (transposition) {
            const fields = children(transposition, 'transpose');
            const octaves = Number(textOf(fields, 'octave-change') ?? 0) || 0;
            transpose = {
              diatonic: (Number(textOf(fields, 'diatonic') ?? 0) || 0) + 7 * octaves,
              chromatic: (Number(textOf(fields, 'chromatic') ?? 0) || 0) + 12 * octaves,
            };
          }
        } else if ('backup' in element) {
          cursor = Math.max(0, cursor - (positive(textOf(children(element, 'backup'), 'duration')) ?? 0));
        } else if ('forward' in element) {
          cursor += positive(textOf(children(element, 'forward'), 'duration')) ?? 0;
          longest = Math.max(longest, cursor);
        } else if ('note' in element) {
          const content = children(element, 'note');
          if (content.some((node) => 'grace' in node)) continue;
          const duration = positive(textOf(content, 'duration')) ?? 0;
          const isChord = content.some((node) => 'chord' in node);
          const at = isChord ? lastOnset : cursor;
          if (!isChord) {
            lastOnset = cursor;
            cursor += duration;
            longest = Math.max(longest, cursor);
          }
          if (content.some((node) => 'rest' in node || 'cue' in node) || duration === 0) continue;
          const spelled = spellingOf(content, transpose);
          if (!spelled) continue;
          let id: string | undefined;
          if (options.labelNotes) {
            counter += 1;
            id = `n${counter}`;
            element[':@'] = { ...(element[':@'] ?? {}), '@_id': id };
          }
          const onset = start + at / divisions;
          const end = onset + duration / divisions;
          const tiedFrom = open.get(spelled.midi);
          const continues = content.some((node) => 'tie' in node && node[':@']?.['@_type'] === 'stop');
          if (continues && tiedFrom && Math.abs(tiedFrom.end - onset) < EPSILON) {
            tiedFrom.end = end;
            continue;
          }
          const voice = `${partIndex}:${textOf(content, 'voice') ?? '1'}`;
          const fermata = hasFermata(content);
          const note: SpelledNote = {
            part: partIndex,
            voice,
            ...spelled,
            onset,
            end,
            ...(id ? { id } : {}),
            ...(fermata ? { fermata } : {}),
          };
          notes.push(note);
          open.set(spelled.midi, note);
          if (notes.length > MAX_ANALYSED_NOTES) throw new HarError(`The score has more than ${MAX_ANALYSED_NOTES} notes.`);
        }
      }
      const raw = measure[':@']?.['@_number']?.trim();
      const number = numbers[measureIndex] as number;
      // A short measure that is the end of a bar counts its beats from where they fall in a whole bar.
      const bar = beats * (4 / beatType);
      const length = longest / divisions;
      const endOfBar = measureIndex === 0 || raw === '0' || /^\d+[a-z]$/i.test(raw ?? '');
      timings.push({
        number,
        label: raw || String(number),
        beatOffset: endOfBar && length > EPSILON && length < bar - EPSILON ? (bar - length) / (4 / beatType) : 0,
        start,
        length: longest / divisions,
        beatQuarters: 4 / beatType,
      });
      start += longest / divisions;
    });
    if (partIndex === 0) measures = timings;
  });
  notes.sort((a, b) => a.onset - b.onset || a.midi - b.midi);
  return { notes, measures, keySignature, title: titleOf(tree), parts: parts.length };
}

function hasFermata(content: XmlNode[]): true | undefined {
  const notations = content.filter((node) => 'notations' in node);
  return notations.some((node) => children(node, 'notations').some((inner) => 'fermata' in inner)) ? true : undefined;
}

function spellingOf(content: XmlNode[], transpose: { diatonic: number; chromatic: number }) {
  const pitch = content.find((node) => 'pitch' in node);
  if (!pitch) return undefined;
  const fields = children(pitch, 'pitch');
  const written = STEPS.indexOf(textOf(fields, 'step') ?? '');
  const octave = Number(textOf(fields, 'octave'));
  const alterText = Number(textOf(fields, 'alter') ?? 0);
  const alter = Number.isFinite(alterText) ? Math.round(alterText) : 0;
  if (written < 0 || !Number.isInteger(octave)) return undefined;
  const writtenMidi = 12 * (octave + 1) + (NATURAL[written] as number) + alter;
  // Concert pitch of a transposing part: the letter moves by `diatonic`, the sound by `chromatic`.
  const midi = writtenMidi + transpose.chromatic;
  const letters = written + 7 * (octave + 1) + transpose.diatonic;
  const step = ((letters % 7) + 7) % 7;
  const soundingOctave = Math.floor(letters / 7) - 1;
  const concertAlter = midi - (12 * (soundingOctave + 1) + (NATURAL[step] as number));
  if (midi < 0 || midi > 127) return undefined;
  return { step, alter: concertAlter, octave: soundingOctave, midi };
}

function titleOf(tree: XmlNode[]): string | null {
  const score = tree.find((node) => 'score-partwise' in node);
  const content = children(score, 'score-partwise');
  const work = content.find((node) => 'work' in node);
  const title = (work ? textOf(children(work, 'work'), 'work-title') : undefined) ?? textOf(content, 'movement-title');
  const trimmed = title?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed.slice(0, 200) : null;
}

function positive(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * The measure numbers items use: the score's own when they are whole numbers that only go up
 * (every score imported before issue 24 was numbered so on import); otherwise 1, 2, … in order
 * (0 for a pickup measure: implicit, or numbered 0). The score's own text stays the measure's label.
 */
export function measureNumbers(raw: readonly (string | undefined)[], implicitFirst = false): number[] {
  const ints = raw.map((n) => (n !== undefined && /^\s*\d+\s*$/.test(n) ? Number(n) : Number.NaN));
  const plain = ints.every((n, i) => Number.isInteger(n) && (i === 0 || n > (ints[i - 1] as number)));
  if (plain) return ints;
  const pickup = implicitFirst || raw[0]?.trim() === '0';
  return raw.map((_, index) => (pickup ? index : index + 1));
}

/** The measure and beat a person reads for an item at (measure, beat): the score's text, the beat in a whole bar. */
export function shownPosition(
  measures: readonly MeasureTiming[],
  measure: number,
  beat: number,
): { measure_label: string; beat_label: number } {
  const found = measures.find((m) => m.number === measure);
  if (!found) return { measure_label: String(measure), beat_label: beat };
  return { measure_label: found.label, beat_label: Math.round((beat + found.beatOffset) * 10_000) / 10_000 };
}

/** Where an analysis position is: the measure (its number) and beat as key items give them. */
export function measureAndBeat(measures: MeasureTiming[], onset: number): { measure: number; beat: number } | undefined {
  let found: MeasureTiming | undefined;
  for (const measure of measures) {
    if (measure.start <= onset + EPSILON) found = measure;
    else break;
  }
  if (!found) return undefined;
  const beat = 1 + (onset - found.start) / found.beatQuarters;
  return { measure: found.number, beat: Math.round(beat * 10_000) / 10_000 };
}
