import { har } from '@app/contract/har-messages';
import { lineText, type VoiceEvent } from '@app/contract/part-writing/line';
import { VOICES, type Voice } from '@app/contract/part-writing/rules';
import { midi, parsePitch } from '@app/contract/part-writing/theory';
import { analyseReading, type ScoreAnalysis } from '../analysis/analyze-score.ts';
import { keyToken as foundKeyToken } from '../analysis/key-areas.ts';
import { readScoreTree } from '../analysis/score-reading.ts';
import { HarError } from '../har-error.ts';
import { children, parseXmlTree, partNames, partsOf, textOf, type XmlNode } from '../musicxml-tree.ts';
import { applyKeyChanges, figuresText, type ImportedChord, type ImportedPartWriting, type KeyChange, keyToken } from './import.ts';
import { barlineTimes, type MeterChange, meterQuarters } from './score.ts';

/**
 * A whole four-part score (a Bach chorale) as a part-writing exercise (QA Q5, issue 35): the
 * instructor picks which of the score's voices are given (any proper subset: the bass, the
 * soprano, soprano and bass, …); the others are what the student writes, and the score's own
 * lines of those voices are the model solution. Every voice keeps its real rhythm.
 *
 * - The chords are the score's harmonic rhythm: where the analyser (analysis/analyze-score.ts)
 *   finds a position that does not only decorate the one before (its `embellishing` mark), and
 *   every barline; where a score cannot be analysed, every beat.
 * - Each voice's notes within a chord are its line text (contract part-writing/line.ts): note
 *   values, dots, rests, and ties (`~`) within the chord and across to the next one. A note
 *   sounding over a chord change is written as two tied notes.
 * - A fermata ends a phrase: the chord it ends in is `phrase_end` (no motion rule runs from it).
 * - Metre changes are the chords' `meter`; the pickup and the measure numbers are the score's.
 * - The key is the analyser's (its key finding reads modal signatures and Picardy endings), as the
 *   analysis path of Create Exercise finds it; the instructor may change it in the draft.
 * - Numerals come only from `<harmony>` and figures only from `<figured-bass>`: lyrics are words.
 * - Which line is which voice: parts named Soprano, Alto, Tenor, Bass (also "Soprano 1", "Basso",
 *   "S."), one voice each, other parts (a chorale's instruments) left out; unnamed, four lines (or
 *   two) by their height. A score with more sung lines than voices (two sopranos) or lines that
 *   cannot be told apart is read once the instructor says which line is which (`parts`).
 * Pure; partwise MusicXML in.
 */

/** One of the score's voices as the instructor chooses among them: the part's name, and which voice of the part when it holds two or more. */
export type ScoreVoice = { voice: Voice; part: string; staff_voice?: number };
/** A line of the score (every voice of every part, in score order) and the voice it is read as, if any. */
export type ScoreLine = { part: string; staff_voice?: number; voice?: Voice };

type Note = { start: number; beats: number; pitch?: string; tie?: boolean; fermata?: boolean; measure: string };
type Line = { part: number; partName: string; voiceId: string; voices: number; notes: Note[] };
type Measure = { number: string; start: number; length: number; meter?: string };
type Read = {
  lines: Line[];
  fifths: number;
  mode: string | undefined;
  meter: string | undefined;
  keyChanges: KeyChange[];
  measures: Measure[];
  /** Per part: figures and numerals (`<harmony>`) by where they stand. */
  figures: Map<number, Map<number, string>>;
  numerals: Map<number, Map<number, string>>;
  end: number;
};

const NAMED: Record<string, Voice> = {
  soprano: 'S',
  sopran: 'S',
  sopr: 'S',
  s: 'S',
  cantus: 'S',
  discantus: 'S',
  alto: 'A',
  alt: 'A',
  altus: 'A',
  a: 'A',
  tenor: 'T',
  tenore: 'T',
  ten: 'T',
  t: 'T',
  bass: 'B',
  basso: 'B',
  bassus: 'B',
  b: 'B',
};
const EPSILON = 1e-6;
/** A chord's length is a multiple of a sixteenth of a quarter (the document's rule). */
const GRAIN = 1 / 16;
/** A note's length is a multiple of 1/64 of a quarter (line.ts's shortest event). */
const NOTE_GRAIN = 1 / 64;
const ANALYSIS_SETTINGS = { cadential64: 'V', neapolitan6: 'N' } as const;

const onGrain = (value: number, grain: number) => Math.abs(Math.round(value / grain) * grain - value) < EPSILON;

function pitchOf(note: XmlNode[]): string | undefined {
  const pitchNode = children(note.find((n) => 'pitch' in n) as XmlNode, 'pitch');
  if (pitchNode.length === 0) return undefined;
  const alter = Number(textOf(pitchNode, 'alter') ?? 0);
  return `${textOf(pitchNode, 'step')}${alter > 0 ? '#'.repeat(alter) : 'b'.repeat(-alter)}${textOf(pitchNode, 'octave')}`;
}

function readLines(tree: XmlNode[]): Read {
  const names = partNames(tree);
  const read: Read = {
    lines: [],
    fifths: 0,
    mode: undefined,
    meter: undefined,
    keyChanges: [],
    measures: [],
    figures: new Map(),
    numerals: new Map(),
    end: 0,
  };
  let keySeen = false;
  partsOf(tree).forEach((part, partIndex) => {
    const partName = names.get(part[':@']?.['@_id'] ?? '') ?? '';
    const streams = new Map<string, Note[]>();
    const figures = new Map<number, string>();
    const numerals = new Map<number, string>();
    let divisions = 1;
    let time = 0;
    let meter: string | undefined;
    for (const measure of children(part, 'part').filter((node) => 'measure' in node)) {
      const number = measure[':@']?.['@_number'] ?? '?';
      const measureStart = time;
      let end = time;
      let meterHere: string | undefined;
      for (const node of children(measure, 'measure')) {
        if ('attributes' in node) {
          const attributes = children(node, 'attributes');
          const d = textOf(attributes, 'divisions');
          if (d && Number(d) > 0) divisions = Number(d);
          const key = children(
            attributes.find((n) => 'key' in n),
            'key',
          );
          if (key.length > 0 && !keySeen) {
            keySeen = true;
            read.fifths = Number(textOf(key, 'fifths') ?? 0);
            read.mode = textOf(key, 'mode');
          } else if (key.length > 0 && partIndex === 0) {
            read.keyChanges.push({ time, measure: number, token: keyToken(Number(textOf(key, 'fifths') ?? 0), textOf(key, 'mode')) });
          }
          const timeNode = children(
            attributes.find((n) => 'time' in n),
            'time',
          );
          if (timeNode.length > 0) {
            const text = `${textOf(timeNode, 'beats')}/${textOf(timeNode, 'beat-type')}`;
            if (text !== meter) meterHere = text;
            meter = text;
            read.meter ??= text;
          }
        } else if ('backup' in node || 'forward' in node) {
          const moved = Number(textOf(children(node, 'backup' in node ? 'backup' : 'forward'), 'duration') ?? 0) / divisions;
          time += 'backup' in node ? -moved : moved;
        } else if ('figured-bass' in node) {
          figures.set(time, figuresText(children(node, 'figured-bass')));
        } else if ('harmony' in node) {
          const text = textOf(children(node, 'harmony'), 'function');
          if (text) numerals.set(time, text);
        } else if ('note' in node) {
          const note = children(node, 'note');
          if (note.some((n) => 'chord' in n || 'grace' in n || 'cue' in n)) continue;
          const voiceId = textOf(note, 'voice') ?? '1';
          const beats = Number(textOf(note, 'duration') ?? 0) / divisions;
          if (!(beats > 0)) continue;
          const stream = streams.get(voiceId) ?? [];
          streams.set(voiceId, stream);
          const entry: Note = { start: time, beats, measure: number };
          const pitch = pitchOf(note);
          if (pitch) entry.pitch = pitch;
          if (pitch && note.some((n) => 'tie' in n && n[':@']?.['@_type'] === 'start')) entry.tie = true;
          const notations = note.filter((n) => 'notations' in n).flatMap((n) => children(n, 'notations'));
          if (notations.some((n) => 'fermata' in n)) entry.fermata = true;
          stream.push(entry);
          time += beats;
        }
        end = Math.max(end, time);
      }
      time = Math.max(time, end);
      if (partIndex === 0) {
        const entry: Measure = { number, start: measureStart, length: end - measureStart };
        if (meterHere) entry.meter = meterHere;
        read.measures.push(entry);
      }
    }
    read.end = Math.max(read.end, time);
    read.figures.set(partIndex, figures);
    read.numerals.set(partIndex, numerals);
    const ids = [...streams.keys()].filter((id) => streams.get(id)?.some((note) => note.pitch !== undefined));
    ids.sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
    for (const voiceId of ids) {
      const notes = (streams.get(voiceId) as Note[]).sort((a, b) => a.start - b.start);
      read.lines.push({ part: partIndex, partName, voiceId, voices: ids.length, notes });
    }
  });
  return read;
}

/** The mean MIDI number of a line's notes: four unnamed lines are S A T B from the highest down. */
function height(line: Line): number {
  const notes = line.notes.flatMap((note) => {
    const pitch = note.pitch ? parsePitch(note.pitch) : undefined;
    return pitch ? [midi(pitch)] : [];
  });
  return notes.reduce((sum, n) => sum + n, 0) / Math.max(1, notes.length);
}

/** The voice a part's name says ("Soprano", "Soprano 1", "Basso", "S."), if any. */
export function namedVoice(name: string): Voice | undefined {
  const word = name
    .toLowerCase()
    .replace(/[.:]/g, ' ')
    .replace(/\b(i{1,3}|iv|\d+)\b/g, ' ')
    .trim()
    .split(/\s+/)[0];
  return word ? NAMED[word] : undefined;
}

/**
 * Which line is which voice: `voices` when every voice has one line and the reading is plain
 * (named parts, or four or two lines by height); `unclear` when the instructor must say which
 * lines are sung as which voice (more sung lines than voices, or lines that cannot be told apart),
 * with a guess to start from.
 */
function voicesOf(lines: Line[]): { voices: Map<Voice, number>; unclear: boolean } {
  const named = new Map<Voice, number[]>();
  lines.forEach((line, index) => {
    const voice = line.voices === 1 ? namedVoice(line.partName) : undefined;
    if (voice) named.set(voice, [...(named.get(voice) ?? []), index]);
  });
  const namedCount = [...named.values()].reduce((sum, list) => sum + list.length, 0);
  if (namedCount === 4 && named.size === 4)
    return { voices: new Map(VOICES.map((v) => [v, (named.get(v) as number[])[0] as number])), unclear: false };
  if (namedCount === 2 && named.size === 2 && named.has('S') && named.has('B') && lines.length === 2)
    return {
      voices: new Map([
        ['S', (named.get('S') as number[])[0] as number],
        ['B', (named.get('B') as number[])[0] as number],
      ]),
      unclear: false,
    };
  const byHeight = lines.map((line, index) => ({ index, height: height(line) })).sort((a, b) => b.height - a.height);
  if (named.size === 4) {
    // More sung lines than voices (two sopranos, a doubled bass): the first of each name to start from.
    return { voices: new Map(VOICES.map((v) => [v, (named.get(v) as number[])[0] as number])), unclear: true };
  }
  if (lines.length === 4) return { voices: new Map(VOICES.map((v, i) => [v, (byHeight[i] as { index: number }).index])), unclear: false };
  if (lines.length === 2)
    return {
      voices: new Map([
        ['S', (byHeight[0] as { index: number }).index],
        ['B', (byHeight[1] as { index: number }).index],
      ]),
      unclear: false,
    };
  if (lines.length > 4) {
    // The highest, the lowest, and two between them to start from.
    const pick = [0, Math.round((lines.length - 1) / 3), Math.round(((lines.length - 1) * 2) / 3), lines.length - 1];
    return { voices: new Map(VOICES.map((v, i) => [v, (byHeight[pick[i] as number] as { index: number }).index])), unclear: true };
  }
  return { voices: new Map(), unclear: true };
}

const lineName = (line: Line) => (line.voices > 1 ? `${line.partName} (${line.voiceId})` : line.partName);
const scoreVoice = (voice: Voice, line: Line): ScoreVoice =>
  line.voices > 1 ? { voice, part: line.partName, staff_voice: Number(line.voiceId) || 1 } : { voice, part: line.partName };
const scoreLine = (line: Line, voice: Voice | undefined): ScoreLine => ({
  part: line.partName,
  ...(line.voices > 1 ? { staff_voice: Number(line.voiceId) || 1 } : {}),
  ...(voice ? { voice } : {}),
});

const moveTogether = (a: Line, b: Line) =>
  a.notes.length === b.notes.length &&
  a.notes.every((note, i) => Math.abs(note.start - (b.notes[i]?.start ?? -1)) < EPSILON && note.beats === b.notes[i]?.beats);

/** What the chooser shows: the voices read, every line of the score with its voice, and whether the instructor must say which is which. */
export type VoiceChoice = { choose: ScoreVoice[]; lines: ScoreLine[]; unclear: boolean };

/**
 * The voices of a score to choose the given ones from, in S A T B order: when it has three lines or
 * more, or two that do not move note against note. Undefined for a score that is the given voices
 * themselves (one voice, or two moving together), which `importPartWriting` reads as it is.
 */
export function voiceChoice(musicxml: string): VoiceChoice | undefined {
  const { lines } = readLines(parseXmlTree(musicxml));
  if (lines.length < 2) return undefined;
  if (lines.length === 2 && moveTogether(lines[0] as Line, lines[1] as Line)) return undefined;
  const { voices, unclear } = voicesOf(lines);
  const voiceAt = new Map([...voices].map(([voice, index]) => [index, voice]));
  return {
    choose: VOICES.flatMap((voice) => {
      const index = voices.get(voice);
      return index === undefined ? [] : [scoreVoice(voice, lines[index] as Line)];
    }),
    lines: lines.map((line, index) => scoreLine(line, voiceAt.get(index))),
    unclear,
  };
}

/** Options of the import: which line (an index into `voiceChoice`'s `lines`) is each voice, when the instructor said so. */
export type ChoraleOptions = { parts?: Partial<Record<Voice, number>> };

/** The chords' starts: the analyser's harmonic rhythm (every beat when it cannot read the score), and every barline. */
function chordStarts(analysis: ScoreAnalysis | undefined, read: Read, barlines: number[], marks: number[]): number[] {
  const harmonic = analysis ? analysis.positions.filter((p) => !p.suggestion.embellishing).map((p) => p.onset) : [];
  if (harmonic.length === 0) {
    // No harmonic rhythm found: every beat of every measure.
    for (const measure of read.measures) {
      const beat = measure.meter?.endsWith('/8') ? 0.5 : measure.meter?.endsWith('/2') ? 2 : 1;
      for (let at = measure.start; at < measure.start + measure.length - EPSILON; at += beat) harmonic.push(at);
    }
  }
  const all = [0, ...harmonic, ...barlines, ...marks].filter((t) => t > -EPSILON && t < read.end - EPSILON && onGrain(t, GRAIN));
  all.sort((a, b) => a - b);
  return all.filter((t, i) => i === 0 || t - (all[i - 1] as number) > EPSILON);
}

/** A line's events in [start, end): its notes clipped, the gaps rests; a note going on past the end is tied over. */
function eventsIn(line: Line, start: number, end: number): VoiceEvent[] {
  const events: VoiceEvent[] = [];
  let at = start;
  const pushRest = (beats: number) => {
    const last = events[events.length - 1];
    if (last && !last.pitch) last.beats += beats;
    else events.push({ beats });
  };
  line.notes.forEach((note, index) => {
    const noteEnd = note.start + note.beats;
    if (noteEnd <= start + EPSILON || note.start >= end - EPSILON) return;
    const from = Math.max(note.start, start);
    if (from > at + EPSILON) pushRest(from - at);
    const to = Math.min(noteEnd, end);
    if (!note.pitch) pushRest(to - from);
    else {
      const pitch = parsePitch(note.pitch);
      if (!pitch) throw new HarError(har('pwNoNotes'));
      const event: VoiceEvent = { pitch, beats: to - from };
      const next = line.notes[index + 1];
      const tiedOn =
        note.tie &&
        next?.pitch === note.pitch &&
        next !== undefined &&
        Math.abs(next.start - noteEnd) < EPSILON &&
        note.pitch !== undefined;
      if (noteEnd > end + EPSILON || tiedOn) event.tie = true;
      events.push(event);
    }
    at = Math.max(at, to);
  });
  if (end > at + EPSILON) pushRest(end - at);
  return events;
}

/** The problem with a line's note lengths, if any (triplets and other lengths the line format cannot say). */
function checkLengths(events: VoiceEvent[], measure: string): void {
  for (const event of events)
    if (!onGrain(event.beats, NOTE_GRAIN)) throw new HarError(har('pwNoteLength', { measure, beats: Number(event.beats.toFixed(3)) }));
}

/**
 * The exercise of a score whose `given` voices the instructor chose: the chords of its harmonic
 * rhythm, each voice's real line within each chord (given voices in the exercise, the others the
 * model solution), figures over the bass and numerals under the lowest given voice as the score's
 * `<figured-bass>` and `<harmony>` have them, the key the analyser finds.
 */
export function importChosenVoices(
  musicxml: string,
  given: readonly Voice[],
  options: ChoraleOptions = {},
): ImportedPartWriting & { voices: ScoreVoice[]; lines: ScoreLine[]; signature_key: string } {
  const tree = parseXmlTree(musicxml);
  const read = readLines(tree);
  if (read.lines.length === 0) throw new HarError(har('pwNoNotes'));
  let voices: Map<Voice, number>;
  if (options.parts) {
    voices = new Map();
    const used = new Set<number>();
    for (const voice of VOICES) {
      const index = options.parts[voice];
      if (index === undefined) continue;
      if (!Number.isInteger(index) || index < 0 || index >= read.lines.length || used.has(index))
        throw new HarError(har('pwPartsChoice', { count: read.lines.length }));
      used.add(index);
      voices.set(voice, index);
    }
    const set = VOICES.filter((v) => voices.has(v)).join('');
    if (set !== 'SATB' && set !== 'SB') throw new HarError(har('pwPartsChoice', { count: read.lines.length }));
  } else {
    const found = read.lines.length === 1 ? { voices: new Map<Voice, number>(), unclear: false } : voicesOf(read.lines);
    if (found.unclear) {
      const sung = read.lines.filter((line) => line.voices === 1 && namedVoice(line.partName));
      throw new HarError(
        sung.length > 4
          ? har('pwChooseSung', { count: sung.length, parts: sung.map(lineName).join(', ') })
          : har('pwVoicesUnclear', { count: read.lines.length }),
      );
    }
    voices = found.voices;
  }
  const lineOf = (voice: Voice) => read.lines[voices.get(voice) as number] as Line;
  const present = VOICES.filter((voice) => voices.has(voice));
  const chosen = VOICES.filter((voice) => given.includes(voice));
  if (chosen.length === 0 || chosen.length === present.length || chosen.some((voice) => !voices.has(voice)))
    throw new HarError(har('pwGivenChoice', { voices: present.join(', ') || '-' }));
  const write = present.filter((voice) => !chosen.includes(voice));

  // The meter, the pickup and the measures as the exercise will bar them.
  const meter = read.meter ?? '4/4';
  const measureLength = meterQuarters(meter) ?? 4;
  const opening = read.measures[0];
  const pickup =
    opening && opening.length > EPSILON && opening.length < measureLength - EPSILON && onGrain(opening.length, 0.5)
      ? opening.length
      : undefined;
  const changes: MeterChange[] = read.measures
    .slice(1)
    .filter((m) => m.meter !== undefined && meterQuarters(m.meter) !== undefined)
    .map((m) => ({ time: m.start, meter: m.meter as string }));
  const barlines = [...barlineTimes(meter, pickup, changes, read.end), ...read.measures.map((m) => m.start)];
  const lowest = lineOf(chosen[chosen.length - 1] as Voice);
  const bass = chosen.includes('B') ? lineOf('B') : undefined;
  const numerals = read.numerals.get(lowest.part) ?? new Map<number, string>();
  const figures = bass ? (read.figures.get(bass.part) ?? new Map<number, string>()) : new Map<number, string>();
  let analysis: ScoreAnalysis | undefined;
  try {
    analysis = analyseReading(readScoreTree(tree), ANALYSIS_SETTINGS);
  } catch (error) {
    if (!(error instanceof HarError)) throw error;
  }
  const starts = chordStarts(analysis, read, barlines, [...numerals.keys(), ...figures.keys(), ...changes.map((c) => c.time)]);
  const measureAt = (time: number) => [...read.measures].reverse().find((m) => m.start <= time + EPSILON)?.number ?? '?';

  const model: Partial<Record<Voice, string>>[] = [];
  const chords: ImportedChord[] = starts.map((start, index) => {
    const end = starts[index + 1] ?? read.end;
    const beats = Math.round((end - start) / GRAIN) * GRAIN;
    const chord: ImportedChord = { beats };
    const written: Partial<Record<Voice, string>> = {};
    for (const voice of present) {
      const events = eventsIn(lineOf(voice), start, end);
      checkLengths(events, measureAt(start));
      const text = lineText(events, beats);
      if (chosen.includes(voice)) chord[voice] = text;
      else written[voice] = text;
    }
    model.push(written);
    const numeral = numerals.get(start);
    if (numeral !== undefined) chord.numeral = numeral;
    if (bass && figures.size > 0) chord.figures = figures.get(start) ?? '';
    const change = changes.find((c) => Math.abs(c.time - start) < EPSILON);
    if (change && index > 0) chord.meter = change.meter;
    // A fermata ending within the chord closes its phrase.
    const fermata = present.some((voice) =>
      lineOf(voice).notes.some((note) => {
        const noteEnd = note.start + note.beats;
        return note.fermata && noteEnd > start + EPSILON && noteEnd <= end + EPSILON;
      }),
    );
    if (fermata && index < starts.length - 1) chord.phrase_end = true;
    return chord;
  });

  const signatureKey = keyToken(read.fifths, read.mode);
  if (signatureKey === undefined) throw new HarError(har('pwKeySignature'));
  // The key the music is in (a Dorian signature, a Picardy ending), as the analysis path finds it.
  const key = analysis ? foundKeyToken(analysis.key) : signatureKey;
  // Key signatures after the first name a key only where the exercise has numerals or figures to carry it.
  if (chords.some((c) => c.numeral !== undefined || c.figures !== undefined)) applyKeyChanges(chords, starts, read.keyChanges, key);
  const voiceAt = new Map([...voices].map(([voice, index]) => [index, voice]));
  const imported: ImportedPartWriting & { voices: ScoreVoice[]; lines: ScoreLine[]; signature_key: string } = {
    key,
    meter,
    given: chosen,
    chords,
    voices: present.map((voice) => scoreVoice(voice, lineOf(voice))),
    lines: read.lines.map((line, index) => scoreLine(line, voiceAt.get(index))),
    signature_key: signatureKey,
  };
  if (pickup !== undefined) imported.pickup = pickup;
  const number = opening && /^\d{1,4}$/.test(opening.number) ? Number(opening.number) : 1;
  if (number !== 1) imported.first_measure = number;
  if (write.length > 0) imported.model = { chords: model };
  return imported;
}
