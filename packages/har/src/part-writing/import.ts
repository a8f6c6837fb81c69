import { har } from '@app/contract/har-messages';
import { parseKeyedLabel } from '@app/contract/keyed-label';
import { keyedFigures, parseFigures } from '@app/contract/part-writing/chords';
import { lineText, type VoiceEvent } from '@app/contract/part-writing/line';
import type { Voice } from '@app/contract/part-writing/rules';
import { parsePitch } from '@app/contract/part-writing/theory';
import { HarError } from '../har-error.ts';
import { children, parseXmlTree, partNames, partsOf, textOf, type XmlNode } from '../musicxml-tree.ts';
import { meterQuarters } from './score.ts';

/**
 * The given voices of a part-writing exercise from an instructor's MusicXML (issue 27, authoring):
 * the bass with `<figured-bass>` (figured-bass realisation), or a voice with Roman numerals as
 * `<harmony><function>` or lyrics. Each voice is read as a line (issue 35, as `chorale-import.ts`
 * reads a chorale): its rests, any length in 64ths of a quarter, ties and metre changes kept. A
 * chord starts at every note of a figured bass (a note without figures is 5 3), at every numeral (the
 * notes after it until the next are that chord's), at every note of a voice with neither (a melody
 * to harmonise), at every barline and change of metre (a note held over one is tied, and the chord
 * keeps its label); a fermata ends its chord's phrase.
 * Which voice a part is comes from its name (Soprano, Alto, Tenor, Bass), else a part with figures
 * or in the bass clef is the bass and one in the treble clef the soprano. Pure; partwise MusicXML
 * in (`importMusicXml` turns an upload into it).
 */

export type ImportedChord = {
  numeral?: string;
  figures?: string;
  beats: number;
  /** A fermata ends a phrase here (issue 35): no motion rule runs from this chord to the next. */
  phrase_end?: true;
  /** A change of time signature starting at this chord. */
  meter?: string;
} & Partial<Record<Voice, string>>;
export type ImportedPartWriting = {
  key: string;
  meter: string;
  given: Voice[];
  chords: ImportedChord[];
  /** Quarter notes in an opening measure shorter than the meter (a pickup), when the score has one. */
  pickup?: number;
  /** The score's number of its first measure when it is not 1 (a chorale's pickup is measure 0). */
  first_measure?: number;
  /** The score's own notes of the voices to write at each chord (a chorale's voices), when every chord has them. */
  model?: { chords: Partial<Record<Voice, string>>[] };
};

const MAJOR_KEYS = ['Cb', 'Gb', 'Db', 'Ab', 'Eb', 'Bb', 'F', 'C', 'G', 'D', 'A', 'E', 'B', 'F#', 'C#'];
const MINOR_KEYS = ['ab', 'eb', 'bb', 'f', 'c', 'g', 'd', 'a', 'e', 'b', 'f#', 'c#', 'g#', 'd#', 'a#'];
const NAMED: Record<string, Voice> = { soprano: 'S', alto: 'A', tenor: 'T', bass: 'B' };
const ACCIDENTAL: Record<string, string> = {
  sharp: '#',
  flat: 'b',
  natural: 'n',
  'double-sharp': '#',
  'flat-flat': 'b',
  'sharp-sharp': '#',
  plus: '+',
  cross: '+',
  // A slashed figure (6 with a stroke) is a raised one.
  slash: '\\',
  'back-slash': '\\',
  backslash: '\\',
  vertical: '\\',
};

type Line = {
  voice?: Voice;
  clef?: string;
  hasFigures: boolean;
  notes: {
    start: number;
    beats: number;
    /** Undefined for a rest. */
    pitch?: string;
    numeral?: string;
    lyric?: string;
    figures?: string;
    fermata?: true;
    measure: string;
  }[];
};

const EPSILON = 1e-9;
const onGrain = (beats: number, grain: number) => Math.abs(Math.round(beats / grain) * grain - beats) < 1e-6;

export function importPartWriting(musicxml: string): ImportedPartWriting {
  const tree = parseXmlTree(musicxml);
  const names = partNames(tree);
  let fifths: number | undefined;
  let mode: string | undefined;
  let meter: string | undefined;
  const lines: Line[] = [];
  // Key signatures after the first: where (in the part's quarter notes) and to what.
  const keyChanges: KeyChange[] = [];
  // The first part's measures (where each starts, its number) and changes of metre after the first.
  const measures: { start: number; number: string }[] = [];
  const meterChanges: { time: number; meter: string }[] = [];
  for (const [partIndex, part] of partsOf(tree).entries()) {
    const line: Line = { hasFigures: false, notes: [] };
    const named = NAMED[names.get(part[':@']?.['@_id'] ?? '')?.toLowerCase() ?? ''];
    if (named) line.voice = named;
    let divisions = 1;
    let time = 0;
    let firstVoice: string | undefined;
    let pendingFigures: string | undefined;
    let pendingNumeral: string | undefined;
    const clefs = new Map<string, string>();
    for (const measure of children(part, 'part').filter((node) => 'measure' in node)) {
      const number = measure[':@']?.['@_number'] ?? '?';
      if (partIndex === 0) measures.push({ start: time, number });
      for (const node of children(measure, 'measure')) {
        if ('attributes' in node) {
          const attributes = children(node, 'attributes');
          const d = textOf(attributes, 'divisions');
          if (d) divisions = Number(d);
          const key = children(
            attributes.find((n) => 'key' in n),
            'key',
          );
          if (key.length > 0 && fifths === undefined) {
            fifths = Number(textOf(key, 'fifths') ?? 0);
            mode = textOf(key, 'mode');
          } else if (key.length > 0) {
            keyChanges.push({ time, measure: number, token: keyToken(Number(textOf(key, 'fifths') ?? 0), textOf(key, 'mode')) });
          }
          const timeNode = children(
            attributes.find((n) => 'time' in n),
            'time',
          );
          const written = `${textOf(timeNode, 'beats')}/${textOf(timeNode, 'beat-type')}`;
          if (timeNode.length > 0 && meter === undefined) meter = written;
          else if (timeNode.length > 0 && partIndex === 0 && time > EPSILON) meterChanges.push({ time, meter: written });
          const clef = children(
            attributes.find((n) => 'clef' in n),
            'clef',
          );
          // Per staff: a grand staff's bass is on its second staff, in the F clef.
          for (const node of attributes.filter((n) => 'clef' in n)) {
            const sign = textOf(children(node, 'clef'), 'sign');
            if (sign) clefs.set(node[':@']?.['@_number'] ?? '1', sign);
          }
          if (clef.length > 0 && line.clef === undefined && firstVoice === undefined) line.clef = textOf(clef, 'sign');
        } else if ('backup' in node || 'forward' in node) {
          const moved = Number(textOf(children(node, 'backup' in node ? 'backup' : 'forward'), 'duration') ?? 0) / divisions;
          time += 'backup' in node ? -moved : moved;
        } else if ('figured-bass' in node) {
          pendingFigures = figuresText(children(node, 'figured-bass'));
          line.hasFigures = true;
        } else if ('harmony' in node) {
          const text = textOf(children(node, 'harmony'), 'function');
          if (text) pendingNumeral = text;
        } else if ('note' in node) {
          const note = children(node, 'note');
          if (note.some((n) => 'chord' in n || 'grace' in n)) continue;
          const voice = textOf(note, 'voice') ?? '1';
          if (firstVoice === undefined) {
            firstVoice = voice;
            line.clef = clefs.get(textOf(note, 'staff') ?? '1') ?? line.clef;
          }
          const beats = Number(textOf(note, 'duration') ?? 0) / divisions;
          if (voice !== firstVoice) {
            time += beats;
            continue;
          }
          if (!(beats > 0) || !onGrain(time, 1 / 64) || !onGrain(beats, 1 / 64))
            throw new HarError(har('pwNoteLength', { measure: number, beats: Number(beats.toFixed(4)) }));
          const pitch = children(note.find((n) => 'pitch' in n) as XmlNode, 'pitch');
          const previous = line.notes[line.notes.length - 1];
          if (pitch.length === 0) {
            // A rest (issue 35): a breath in the given voice, part of its line; rests in a row are one.
            if (previous && previous.pitch === undefined && Math.abs(previous.start + previous.beats - time) < EPSILON)
              previous.beats += beats;
            else line.notes.push({ start: time, beats, measure: number });
            time += beats;
            continue;
          }
          const alter = Number(textOf(pitch, 'alter') ?? 0);
          const name = `${textOf(pitch, 'step')}${alter > 0 ? '#'.repeat(alter) : 'b'.repeat(-alter)}${textOf(pitch, 'octave')}`;
          const tieStop = note.some((n) => 'tie' in n && n[':@']?.['@_type'] === 'stop');
          const fermata = note.some((n) => 'notations' in n && children(n, 'notations').some((m) => 'fermata' in m));
          const lyric = textOf(
            children(
              note.find((n) => 'lyric' in n),
              'lyric',
            ),
            'text',
          );
          if (tieStop && previous && previous.pitch === name && Math.abs(previous.start + previous.beats - time) < EPSILON) {
            previous.beats += beats;
            if (fermata) previous.fermata = true;
          } else {
            const entry: Line['notes'][number] = { start: time, beats, pitch: name, measure: number };
            if (fermata) entry.fermata = true;
            if (pendingNumeral !== undefined) entry.numeral = pendingNumeral;
            if (lyric) entry.lyric = lyric;
            if (pendingFigures !== undefined) entry.figures = pendingFigures;
            line.notes.push(entry);
          }
          pendingFigures = undefined;
          pendingNumeral = undefined;
          time += beats;
        }
      }
    }
    // Lyrics are words ('ger', 'I' and 'i' are syllables), unless every lyric of the line reads as a numeral: numerals written as lyrics.
    const lyrics = line.notes.flatMap((note) => (note.lyric === undefined ? [] : [note.lyric]));
    if (lyrics.length > 0 && lyrics.every((lyric) => parseKeyedLabel(lyric) !== undefined))
      for (const note of line.notes) if (note.lyric !== undefined) note.numeral ??= note.lyric;
    if (line.notes.length > 0) lines.push(line);
  }
  if (lines.length === 0) throw new HarError(har('pwNoNotes'));
  // Voices by name, else by figures and clef: the bass has figures or the F clef.
  for (const line of lines) line.voice ??= line.hasFigures || line.clef === 'F' ? (lines.some((l) => l.voice === 'B') ? 'T' : 'B') : 'S';
  const given = (['S', 'A', 'T', 'B'] as Voice[]).filter((v) => lines.some((l) => l.voice === v));
  if (given.length !== lines.length) throw new HarError(har('pwSameVoice'));
  // A whole chorale (three voices or more, each its own rhythm): say what to upload instead (QA Q5).
  const onsets = (line: Line) => line.notes.map((note) => `${note.start}:${note.pitch === undefined}`).join(' ');
  if (lines.length > 2 && lines.some((line) => onsets(line) !== onsets(lines[0] as Line)))
    throw new HarError(har('pwWholeScore', { count: lines.length }));
  const chords: ImportedChord[] = [];
  const starts = chordStarts(lines, measures, meterChanges);
  const labelled = lines.some((line) => line.notes.some((note) => note.numeral !== undefined || note.figures !== undefined));
  for (const [index, start] of starts.entries()) {
    const end = starts[index + 1] as number;
    if (end === undefined) break;
    const beats = end - start;
    const struck = lines.flatMap((line) => line.notes.filter((note) => note.pitch !== undefined && Math.abs(note.start - start) < EPSILON));
    // A chord is a whole number of sixteenths of a quarter (the document's rule); a line within it may be finer.
    if (!onGrain(beats, 1 / 16))
      throw new HarError(har('pwNoteLength', { measure: noteAt(lines, start)?.measure ?? '?', beats: Number(beats.toFixed(4)) }));
    const chord: ImportedChord = { beats };
    for (const line of lines) chord[line.voice as Voice] = lineText(eventsIn(line, start, end), beats);
    const previous = chords[chords.length - 1];
    const numeral = struck.find((note) => note.numeral !== undefined)?.numeral;
    const figures = struck.find((note) => note.figures !== undefined)?.figures;
    if (numeral !== undefined) chord.numeral = numeral;
    if (figures !== undefined) chord.figures = figures;
    // Started by a barline or a change of metre alone (a held note, a rest): the same harmony, its label kept.
    if (labelled && struck.length === 0 && previous && numeral === undefined && figures === undefined) {
      if (previous.numeral !== undefined) chord.numeral = previous.numeral;
      if (previous.figures !== undefined) chord.figures = previous.figures;
    }
    const change = meterChanges.find((c) => Math.abs(c.time - start) < EPSILON);
    if (change) chord.meter = change.meter;
    const fermata = lines.some((line) =>
      line.notes.some((note) => note.fermata && note.start + note.beats > start + EPSILON && note.start + note.beats <= end + EPSILON),
    );
    if (fermata && end < (starts[starts.length - 1] as number) - EPSILON) chord.phrase_end = true;
    chords.push(chord);
  }
  // In a figured bass a note without figures is a 5/3 chord.
  if (lines.some((line) => line.hasFigures)) for (const chord of chords) chord.figures ??= '';
  const key = keyToken(fifths ?? 0, mode);
  if (key === undefined) throw new HarError(har('pwKeySignature'));
  applyKeyChanges(chords, starts.slice(0, chords.length), keyChanges, key);
  const imported: ImportedPartWriting = { key, meter: meter ?? '4/4', given, chords };
  // An opening measure shorter than the meter is a pickup (a chorale's), numbered as the score numbers it.
  const [opening, second] = measures;
  const full = meterQuarters(imported.meter);
  if (opening && second && full !== undefined && second.start - opening.start < full - EPSILON && second.start > EPSILON) {
    imported.pickup = second.start - opening.start;
    const number = Number(opening.number);
    if (Number.isInteger(number) && number !== 1) imported.first_measure = number;
  }
  return imported;
}

type LineNote = Line['notes'][number];

/** The note or rest sounding at a time in any line. */
function noteAt(lines: readonly Line[], time: number): LineNote | undefined {
  for (const line of lines)
    for (const note of line.notes) if (note.start <= time + EPSILON && note.start + note.beats > time + EPSILON) return note;
  return undefined;
}

/**
 * Where chords start: the beginning, every barline of the first part and change of metre, every
 * note of a figured bass, every note with a numeral or figures, and, where no line is labelled,
 * every note (a melody to harmonise, each note a chord as before issue 35).
 */
function chordStarts(lines: readonly Line[], measures: readonly { start: number }[], changes: readonly { time: number }[]): number[] {
  const end = Math.max(...lines.flatMap((line) => line.notes.map((note) => note.start + note.beats)));
  const labelled = lines.some((line) => line.notes.some((note) => note.numeral !== undefined || note.figures !== undefined));
  const times = [0, ...measures.map((m) => m.start), ...changes.map((c) => c.time)];
  for (const line of lines)
    for (const note of line.notes) {
      if (note.pitch === undefined) continue;
      if (line.hasFigures || note.numeral !== undefined || note.figures !== undefined || !labelled) times.push(note.start);
    }
  const sorted = [...new Set(times.map((t) => Math.round(t * 64) / 64))].filter((t) => t >= 0 && t < end - EPSILON).sort((a, b) => a - b);
  return [...sorted, end];
}

/** A line's notes and rests from `start` to `end` as events: a gap is a rest, a note going on past `end` is tied to its rest. */
function eventsIn(line: Line, start: number, end: number): VoiceEvent[] {
  const events: VoiceEvent[] = [];
  let at = start;
  const rest = (until: number) => {
    if (until <= at + EPSILON) return;
    const last = events[events.length - 1];
    if (last && !last.pitch) last.beats += until - at;
    else events.push({ beats: until - at });
    at = until;
  };
  for (const note of line.notes) {
    const noteEnd = note.start + note.beats;
    if (noteEnd <= start + EPSILON || note.start >= end - EPSILON) continue;
    rest(Math.max(note.start, start));
    const until = Math.min(noteEnd, end);
    if (note.pitch === undefined) rest(until);
    else {
      const pitch = parsePitch(note.pitch);
      const event: VoiceEvent = { beats: until - at };
      if (pitch) event.pitch = pitch;
      if (pitch && noteEnd > end + EPSILON) event.tie = true;
      events.push(event);
      at = until;
    }
  }
  rest(end);
  return events;
}

/**
 * Key signatures after the first, written into the chords: only where a chord begins, and then the
 * chord's numeral names the new key (decision 031), or its figures take it as a prefix ('G: 6 5').
 * `onsets` are the chords' starts in the score's quarter notes.
 */
export function applyKeyChanges(chords: ImportedChord[], onsets: readonly number[], keyChanges: readonly KeyChange[], key: string): void {
  let running = key;
  for (const change of keyChanges) {
    const at = onsets.findIndex((start) => Math.abs(start - change.time) < 1e-9);
    if (at < 0) throw new HarError(har('pwKeyMidChord', { measure: change.measure }));
    if (change.token === undefined) throw new HarError(har('pwKeySignature'));
    if (change.token === running) continue;
    const chord = chords[at] as ImportedChord;
    // Figures take the key before them as a label does (decision 031): 'G: 6 5'.
    if (chord.numeral === undefined && chord.figures !== undefined) {
      if (keyedFigures(chord.figures).key === undefined) chord.figures = `${change.token}: ${chord.figures}`.trimEnd();
      running = change.token;
      continue;
    }
    if (chord.numeral === undefined) throw new HarError(har('pwKeyNoNumeral', { measure: change.measure, key: change.token }));
    const label = parseKeyedLabel(chord.numeral);
    if (label?.readings.every((reading) => reading.key === undefined)) chord.numeral = `${change.token}: ${chord.numeral}`;
    running = change.token;
  }
}

/** A key signature after the first: where (the part's quarter notes), in which measure, and its key token. */
export type KeyChange = { time: number; measure: string; token: string | undefined };

/** A key signature as the key token of decision 031 ('F#', 'bb'), or undefined past seven sharps or flats. */
export function keyToken(fifths: number, mode: string | undefined): string | undefined {
  const index = fifths + 7;
  return mode === 'minor' ? MINOR_KEYS[index] : MAJOR_KEYS[index];
}

/** A `<figured-bass>` as figures text: '6 5', '#6', '#', '' for 5/3. */
export function figuresText(nodes: XmlNode[]): string {
  const parts = nodes
    .filter((node) => 'figure' in node)
    .map((node) => {
      const figure = children(node, 'figure');
      const prefix = ACCIDENTAL[textOf(figure, 'prefix') ?? ''] ?? '';
      const number = textOf(figure, 'figure-number') ?? '';
      const suffix = ACCIDENTAL[textOf(figure, 'suffix') ?? ''] ?? '';
      // An accidental alone alters the third; a stroke alone is written as a cross. A figure takes one sign, the prefix first.
      if (number === '') return (prefix || suffix).replace('\\', '+');
      return prefix ? `${prefix.replace('\\', '+')}${number}` : `${number}${suffix}`;
    })
    .filter((text) => text !== '');
  const text = parts.join(' ');
  return parseFigures(text) ? text : '';
}
