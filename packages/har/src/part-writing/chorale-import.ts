import { har } from '@app/contract/har-messages';
import { parseKeyedLabel } from '@app/contract/keyed-label';
import { PART_WRITING_BEATS } from '@app/contract/part-writing';
import { VOICES, type Voice } from '@app/contract/part-writing/rules';
import { midi, parsePitch } from '@app/contract/part-writing/theory';
import { HarError } from '../har-error.ts';
import { children, parseXmlTree, partNames, partsOf, textOf, type XmlNode } from '../musicxml-tree.ts';
import { applyKeyChanges, figuresText, type ImportedChord, type ImportedPartWriting, type KeyChange, keyToken } from './import.ts';

/**
 * A whole four-part score (a Bach chorale) as a part-writing exercise (QA Q5): the instructor picks
 * which of the score's voices are given; the others are what the student writes, and the score's own
 * notes of those voices at each chord are the model solution. Every voice of every part is read as
 * its own line, so two voices sharing a staff (S and A on one, T and B on the other) are four lines.
 * Which line is which voice: parts named Soprano, Alto, Tenor and Bass (one voice each; other parts,
 * such as a chorale's instruments, are left out), else four lines (or two) by their height.
 * The measure numbers, key signature, meter and pickup are the score's. Pure; partwise MusicXML in.
 */

/** One of the score's voices as the instructor chooses among them: the part's name, and which voice of the part when it holds two or more. */
export type ScoreVoice = { voice: Voice; part: string; staff_voice?: number };

type Note = { start: number; beats: number; pitch?: string; measure: string; measureStart: number; lyric?: string };
type Line = { part: number; partName: string; voiceId: string; voices: number; notes: Note[] };
type Read = {
  lines: Line[];
  fifths: number;
  mode: string | undefined;
  meter: string | undefined;
  keyChanges: KeyChange[];
  /** Per part: figures and numerals (`<harmony>`) by where they stand. */
  figures: Map<number, Map<number, string>>;
  numerals: Map<number, Map<number, string>>;
  firstMeasure: { number: string; length: number } | undefined;
};

const NAMED: Record<string, Voice> = {
  soprano: 'S',
  sopran: 'S',
  alto: 'A',
  alt: 'A',
  tenor: 'T',
  tenore: 'T',
  bass: 'B',
  basso: 'B',
};
const EPSILON = 1e-9;

function readLines(musicxml: string): Read {
  const tree = parseXmlTree(musicxml);
  const names = partNames(tree);
  const read: Read = {
    lines: [],
    fifths: 0,
    mode: undefined,
    meter: undefined,
    keyChanges: [],
    figures: new Map(),
    numerals: new Map(),
    firstMeasure: undefined,
  };
  let keySeen = false;
  partsOf(tree).forEach((part, partIndex) => {
    const partName = names.get(part[':@']?.['@_id'] ?? '') ?? '';
    const streams = new Map<string, Note[]>();
    const figures = new Map<number, string>();
    const numerals = new Map<number, string>();
    let divisions = 1;
    let time = 0;
    children(part, 'part')
      .filter((node) => 'measure' in node)
      .forEach((measure, measureIndex) => {
        const number = measure[':@']?.['@_number'] ?? '?';
        const measureStart = time;
        let end = time;
        for (const node of children(measure, 'measure')) {
          if ('attributes' in node) {
            const attributes = children(node, 'attributes');
            const d = textOf(attributes, 'divisions');
            if (d) divisions = Number(d);
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
            if (timeNode.length > 0 && read.meter === undefined)
              read.meter = `${textOf(timeNode, 'beats')}/${textOf(timeNode, 'beat-type')}`;
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
            if (note.some((n) => 'chord' in n || 'grace' in n)) continue;
            const voiceId = textOf(note, 'voice') ?? '1';
            const beats = Number(textOf(note, 'duration') ?? 0) / divisions;
            const stream = streams.get(voiceId) ?? [];
            streams.set(voiceId, stream);
            const pitchNode = children(note.find((n) => 'pitch' in n) as XmlNode, 'pitch');
            let pitch: string | undefined;
            if (pitchNode.length > 0) {
              const alter = Number(textOf(pitchNode, 'alter') ?? 0);
              pitch = `${textOf(pitchNode, 'step')}${alter > 0 ? '#'.repeat(alter) : 'b'.repeat(-alter)}${textOf(pitchNode, 'octave')}`;
            }
            const tieStop = note.some((n) => 'tie' in n && n[':@']?.['@_type'] === 'stop');
            const previous = stream[stream.length - 1];
            // A tie within the measure is one note; over the barline it stays two (a chord ends by its barline).
            if (
              tieStop &&
              pitch &&
              previous &&
              previous.pitch === pitch &&
              previous.measure === number &&
              Math.abs(previous.start + previous.beats - time) < EPSILON
            )
              previous.beats += beats;
            else {
              const entry: Note = { start: time, beats, measure: number, measureStart };
              if (pitch) entry.pitch = pitch;
              const lyric = textOf(
                children(
                  note.find((n) => 'lyric' in n),
                  'lyric',
                ),
                'text',
              );
              if (lyric && parseKeyedLabel(lyric)) entry.lyric = lyric;
              stream.push(entry);
            }
            time += beats;
          }
          end = Math.max(end, time);
        }
        time = Math.max(time, end);
        if (measureIndex === 0) {
          const length = end - measureStart;
          if (!read.firstMeasure || length > read.firstMeasure.length) read.firstMeasure = { number, length };
        }
      });
    read.figures.set(partIndex, figures);
    read.numerals.set(partIndex, numerals);
    const ids = [...streams.keys()].filter((id) => streams.get(id)?.some((note) => note.pitch !== undefined));
    ids.sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
    for (const voiceId of ids)
      read.lines.push({ part: partIndex, partName, voiceId, voices: ids.length, notes: streams.get(voiceId) as Note[] });
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

/** Which line is which voice, or a refusal saying how to name them. */
function voicesOf(lines: Line[]): Map<Voice, Line> {
  const named = new Map<Voice, Line>();
  let twice = false;
  for (const line of lines) {
    const voice = line.voices === 1 ? NAMED[line.partName.toLowerCase().replace(/\.$/, '')] : undefined;
    if (!voice) continue;
    if (named.has(voice)) twice = true;
    named.set(voice, line);
  }
  if (!twice && named.size === 4) return named;
  const byHeight = [...lines].sort((a, b) => height(b) - height(a));
  if (byHeight.length === 4) return new Map(VOICES.map((voice, i) => [voice, byHeight[i] as Line]));
  if (byHeight.length === 2) return new Map([['S', byHeight[0] as Line] as const, ['B', byHeight[1] as Line] as const]);
  throw new HarError(har('pwVoicesUnclear', { count: lines.length }));
}

const scoreVoice = (voice: Voice, line: Line): ScoreVoice =>
  line.voices > 1 ? { voice, part: line.partName, staff_voice: Number(line.voiceId) || 1 } : { voice, part: line.partName };

const moveTogether = (a: Line, b: Line) =>
  a.notes.length === b.notes.length &&
  a.notes.every((note, i) => Math.abs(note.start - (b.notes[i]?.start ?? -1)) < EPSILON && note.beats === b.notes[i]?.beats);

/**
 * The voices of a score to choose the given ones from, in S A T B order: when it has three voices or
 * more, or two that do not move note against note. Undefined for a score that is the given voices
 * themselves (one voice, or two moving together), which `importPartWriting` reads as it is.
 */
export function voiceChoice(musicxml: string): ScoreVoice[] | undefined {
  const { lines } = readLines(musicxml);
  if (lines.length < 2) return undefined;
  if (lines.length === 2 && moveTogether(lines[0] as Line, lines[1] as Line)) return undefined;
  const voices = voicesOf(lines);
  return VOICES.flatMap((voice) => {
    const line = voices.get(voice);
    return line ? [scoreVoice(voice, line)] : [];
  });
}

/**
 * The exercise of a score whose `given` voices the instructor chose: one chord for each note of the
 * given voices (which must move together), figures over the bass and numerals (`<harmony>` or a
 * lyric) under the lowest given voice as the score has them, and the score's own notes of the other
 * voices where each chord begins as the model solution (left out when one of them rests there).
 */
export function importChosenVoices(musicxml: string, given: readonly Voice[]): ImportedPartWriting & { voices: ScoreVoice[] } {
  const read = readLines(musicxml);
  if (read.lines.length === 0) throw new HarError(har('pwNoNotes'));
  const voices = read.lines.length === 1 ? new Map<Voice, Line>() : voicesOf(read.lines);
  const present = VOICES.filter((voice) => voices.has(voice));
  const chosen = VOICES.filter((voice) => given.includes(voice));
  if (chosen.length === 0 || chosen.length === present.length || chosen.some((voice) => !voices.has(voice)))
    throw new HarError(har('pwGivenChoice', { voices: present.join(', ') || '-' }));
  const write = present.filter((voice) => !chosen.includes(voice));
  const givenLines = chosen.map((voice) => voices.get(voice) as Line);
  const first = givenLines[0] as Line;
  for (const line of givenLines.slice(1)) {
    if (moveTogether(first, line)) continue;
    const at = first.notes.find(
      (note, i) => Math.abs(note.start - (line.notes[i]?.start ?? -1)) > EPSILON || note.beats !== line.notes[i]?.beats,
    );
    throw new HarError(har('pwNotTogether', { measure: at?.measure ?? line.notes[first.notes.length]?.measure ?? '?' }));
  }
  const lowest = givenLines[givenLines.length - 1] as Line;
  const bass = chosen.includes('B') ? (voices.get('B') as Line) : undefined;
  const hasFigures = bass !== undefined && (read.figures.get(bass.part)?.size ?? 0) > 0;
  let modelComplete = true;
  const model: Partial<Record<Voice, string>>[] = [];
  const chords: ImportedChord[] = first.notes.map((note, index) => {
    if (!(PART_WRITING_BEATS as readonly number[]).includes(note.beats))
      throw new HarError(har('pwNoteLength', { measure: note.measure, beats: note.beats }));
    const chord: ImportedChord = { beats: note.beats };
    for (const voice of chosen) {
      const same = (voices.get(voice) as Line).notes[index] as Note;
      if (same.pitch === undefined) throw new HarError(har('pwGivenRests', { measure: same.measure }));
      chord[voice] = same.pitch;
    }
    const lowestNote = lowest.notes[index] as Note;
    const numeral = read.numerals.get(lowest.part)?.get(note.start) ?? lowestNote.lyric;
    if (numeral !== undefined) chord.numeral = numeral;
    if (bass && hasFigures) chord.figures = read.figures.get(bass.part)?.get(note.start) ?? '';
    const written: Partial<Record<Voice, string>> = {};
    for (const voice of write) {
      const sounding = (voices.get(voice) as Line).notes.find(
        (other) => other.start <= note.start + EPSILON && note.start < other.start + other.beats - EPSILON,
      );
      if (sounding?.pitch) written[voice] = sounding.pitch;
      else modelComplete = false;
    }
    model.push(written);
    return chord;
  });
  const key = keyToken(read.fifths, read.mode);
  if (key === undefined) throw new HarError(har('pwKeySignature'));
  applyKeyChanges(
    chords,
    first.notes.map((note) => note.start),
    read.keyChanges,
    key,
  );
  const meter = read.meter ?? '4/4';
  const imported: ImportedPartWriting & { voices: ScoreVoice[] } = {
    key,
    meter,
    given: chosen,
    chords,
    voices: present.map((voice) => scoreVoice(voice, voices.get(voice) as Line)),
  };
  // The score's pickup (an opening measure shorter than the meter) and its measure numbers.
  const [beats, unit] = meter.split('/').map(Number);
  const measure = ((beats ?? 4) * 4) / (unit ?? 4);
  const opening = read.firstMeasure;
  if (opening && opening.length > EPSILON && opening.length < measure - EPSILON) imported.pickup = opening.length;
  const number = opening && /^\d{1,4}$/.test(opening.number) ? Number(opening.number) : 1;
  if (number !== 1) imported.first_measure = number;
  if (modelComplete && write.length > 0) imported.model = { chords: model };
  return imported;
}
