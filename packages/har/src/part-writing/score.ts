import { har } from '@app/contract/har-messages';
import { figureMarks, keyedFigures } from '@app/contract/part-writing/chords';
import { beatsValue, NOTE_VALUES, type NoteValue, readLine, type VoiceEvent, valueBeats } from '@app/contract/part-writing/line';
import type { Voice } from '@app/contract/part-writing/rules';
import { type Key, type Pitch, parseKey } from '@app/contract/part-writing/theory';
import { HarError } from '../har-error.ts';
import { escapeXml } from '../library/musicxml-writer.ts';
import { keyFifths, signatureAlter } from '../library/theory.ts';

/**
 * The score of a part-writing exercise: the given voices on a grand staff (S and A on the treble
 * staff, T and B on the bass staff), the figures as `<figured-bass>` over the bass and the numerals
 * as lyrics under the lowest given voice; the voices to write are left out. Each chord lasts its
 * beats; a chord may not cross a barline.
 */

type ScoreChord = { numeral?: string; figures?: string; beats: number; phrase_end?: boolean; meter?: string } & Partial<
  Record<Voice, string>
>;
type ScoreExercise = {
  key: string;
  meter: string;
  given: readonly Voice[];
  chords: readonly ScoreChord[];
  /** Quarter notes of an opening pickup measure, and the first measure's number (1 when not said). */
  pickup?: number | undefined;
  first_measure?: number | undefined;
};

const STEPS = 'CDEFGAB';
/** Divisions of a quarter note: a line's shortest event is 1/64 of a quarter (line.ts). */
const DIVISIONS = 64;
const EPSILON = 1e-6;
const TYPE_NAMES: Record<NoteValue, string> = { 1: 'whole', 2: 'half', 4: 'quarter', 8: 'eighth', 16: '16th', 32: '32nd' };
const ACCIDENTALS: Record<number, string> = { [-2]: 'flat-flat', [-1]: 'flat', 0: 'natural', 1: 'sharp', 2: 'double-sharp' };
const PLACES: Record<Voice, { voice: number; staff: 1 | 2; stem: 'up' | 'down' }> = {
  S: { voice: 1, staff: 1, stem: 'up' },
  A: { voice: 2, staff: 1, stem: 'down' },
  T: { voice: 3, staff: 2, stem: 'up' },
  B: { voice: 4, staff: 2, stem: 'down' },
};
/**
 * A figure's sign as MusicXML writes it in `<prefix>` or `<suffix>`. A cross (`6+`) and a slashed
 * figure (`6\\`) raise it, and are written as a sharp on the same side: Verovio draws no `plus`
 * or `back-slash` suffix (the figure came out bare, its alteration lost).
 */
const FIGURE_SIGN: Record<string, string> = { '#': 'sharp', b: 'flat', n: 'natural', '+': 'sharp', '\\': 'sharp' };

/** Quarter notes in a measure of a meter ("3/4" 3, "6/8" 3), undefined when it is not one. */
export function meterQuarters(meter: string): number | undefined {
  const match = /^(\d{1,2})\/(2|4|8)$/.exec(meter.trim());
  if (!match) return undefined;
  const quarters = (Number(match[1]) * 4) / Number(match[2]);
  return quarters > 0 ? quarters : undefined;
}

/** A change of time signature at a time in quarter notes from the start. */
export type MeterChange = { time: number; meter: string };

/**
 * Where an exercise's measures begin, in quarter notes from its start up to `end`, as
 * `exerciseMeasures` bars its chords: a pickup first, then measures of the meter; a change of
 * meter starts a measure where it stands.
 */
export function barlineTimes(meter: string, pickup: number | undefined, changes: readonly MeterChange[], end: number): number[] {
  const times: number[] = [];
  let length = meterQuarters(meter) ?? 4;
  let at = 0;
  let next = pickup ?? length;
  const pending = [...changes].sort((a, b) => a.time - b.time);
  while (at < end - EPSILON) {
    times.push(at);
    const change = pending[0];
    if (change && change.time < at + next - EPSILON && change.time > at + EPSILON) {
      at = change.time;
      next = meterQuarters(change.meter) ?? length;
      length = next;
      pending.shift();
      continue;
    }
    at += next;
    if (change && Math.abs(change.time - at) < EPSILON) {
      length = meterQuarters(change.meter) ?? length;
      pending.shift();
    }
    next = length;
  }
  return times;
}

export type ExerciseMeasure = { chords: number[]; meter: string; capacity: number };

/**
 * The exercise's chords in measures: a pickup first (when given), then measures of the meter; a
 * chord with a `meter` starts a measure in it. The index of the first chord that crosses its
 * barline when one does.
 */
export function exerciseMeasures(exercise: {
  meter: string;
  pickup?: number | undefined;
  chords: readonly { beats: number; meter?: string | undefined }[];
}): { measures: ExerciseMeasure[] } | { crossing: number } {
  let meter = exercise.meter;
  const opening = meterQuarters(meter) ?? 4;
  const measures: ExerciseMeasure[] = [{ chords: [], meter, capacity: exercise.pickup ?? opening }];
  let filled = 0;
  for (const [index, chord] of exercise.chords.entries()) {
    let current = measures[measures.length - 1] as ExerciseMeasure;
    if (chord.meter !== undefined && index > 0 && meterQuarters(chord.meter) !== undefined) {
      meter = chord.meter;
      if (filled > EPSILON) {
        current = { chords: [], meter, capacity: meterQuarters(meter) as number };
        measures.push(current);
        filled = 0;
      } else {
        current.meter = meter;
        current.capacity = meterQuarters(meter) as number;
      }
    }
    if (filled + chord.beats > current.capacity + EPSILON) return { crossing: index };
    current.chords.push(index);
    filled += chord.beats;
    if (filled >= current.capacity - EPSILON && index < exercise.chords.length - 1) {
      measures.push({ chords: [], meter, capacity: meterQuarters(meter) as number });
      filled = 0;
    }
  }
  return { measures };
}

/** A length as written notes: one value with up to two dots, else the largest values that fit, tied. */
export function writtenValues(beats: number): { value: NoteValue; dots: number; beats: number }[] {
  const whole = beatsValue(beats);
  if (whole) return [{ ...whole, beats }];
  const parts: { value: NoteValue; dots: number; beats: number }[] = [];
  let left = beats;
  while (left > EPSILON && parts.length < 16) {
    let best: { value: NoteValue; dots: number; beats: number } | undefined;
    for (const value of NOTE_VALUES)
      for (let dots = 0; dots <= 1; dots += 1) {
        const length = valueBeats(value, dots);
        if (length <= left + EPSILON && (!best || length > best.beats)) best = { value, dots, beats: length };
      }
    if (!best) break;
    parts.push(best);
    left -= best.beats;
  }
  return parts;
}

/** One written note or rest of a voice in a measure. */
type Written = {
  voice: Voice;
  chord: number;
  onset: number;
  beats: number;
  value: NoteValue;
  dots: number;
  pitch?: Pitch;
  tieStart?: boolean;
  tieStop?: boolean;
  first: boolean;
  last: boolean;
  /** The chord the note ends in, when a held note was joined over a chord change. */
  endChord?: number;
};

/** A voice's text in a chord as events: a pitch alone lasts the chord; an unreadable text is silence (the document checks texts before). */
function voiceEvents(text: string | undefined, beats: number): VoiceEvent[] {
  if (text === undefined) return [{ beats }];
  const read = readLine(text, beats);
  return 'events' in read ? read.events : [{ beats }];
}

export function partWritingScore(title: string, exercise: ScoreExercise): string {
  const key = parseKey(exercise.key) as Key;
  const fifths = keyFifths(key);
  const barred = exerciseMeasures(exercise);
  if ('crossing' in barred) throw new HarError(har('pwCrossesBarline', { chord: barred.crossing + 1, meter: exercise.meter }));
  const { measures } = barred;
  const lowest = [...exercise.given].sort((a, b) => PLACES[b].voice - PLACES[a].voice)[0] as Voice;
  // A tie left open by the voice's last note, to close on its next one.
  const tieOpen = new Map<Voice, boolean>();
  let meterShown = '';
  const body = measures.map(({ chords: indexes, meter }, m) => {
    const number = (exercise.first_measure ?? 1) + m;
    const short = m === 0 && exercise.pickup !== undefined;
    const lines = [`    <measure number="${number}"${short ? ' implicit="yes"' : ''}>`];
    const [beatsText, unitText] = meter.split('/');
    if (m === 0 || meter !== meterShown) {
      lines.push('      <attributes>');
      if (m === 0)
        lines.push(`        <divisions>${DIVISIONS}</divisions>`, `        <key><fifths>${fifths}</fifths><mode>${key.mode}</mode></key>`);
      lines.push(`        <time><beats>${beatsText}</beats><beat-type>${unitText}</beat-type></time>`);
      if (m === 0)
        lines.push(
          '        <staves>2</staves>',
          '        <clef number="1"><sign>G</sign><line>2</line></clef>',
          '        <clef number="2"><sign>F</sign><line>4</line></clef>',
        );
      lines.push('      </attributes>');
      meterShown = meter;
    }
    const length = indexes.reduce((sum, i) => sum + (exercise.chords[i] as ScoreChord).beats, 0);
    // Every voice's written notes and rests in the measure, in time order.
    const written = new Map<Voice, Written[]>();
    for (const voice of exercise.given) {
      const list: Written[] = [];
      let onset = 0;
      for (const index of indexes) {
        const chord = exercise.chords[index] as ScoreChord;
        const events = voiceEvents(chord[voice], chord.beats);
        events.forEach((event, e) => {
          const parts = writtenValues(event.beats);
          parts.forEach((part, p) => {
            const note: Written = {
              voice,
              chord: index,
              onset,
              beats: part.beats,
              value: part.value,
              dots: part.dots,
              first: e === 0 && p === 0,
              last: e === events.length - 1 && p === parts.length - 1,
            };
            if (event.pitch) {
              note.pitch = event.pitch;
              if (tieOpen.get(voice)) note.tieStop = true;
              const tied = p < parts.length - 1 || event.tie === true;
              if (tied) note.tieStart = true;
              tieOpen.set(voice, tied);
            } else tieOpen.set(voice, false);
            list.push(note);
            onset += part.beats;
          });
        });
      }
      written.set(voice, mergeTied(list, exercise.chords));
    }
    // Printed accidentals: per staff in time order, against the signature and the measure's earlier notes; a tied note keeps its own.
    const printed = new Set<Written>();
    for (const staff of [1, 2]) {
      const current = new Map<string, number>();
      const notes = exercise.given
        .filter((v) => PLACES[v].staff === staff)
        .flatMap((v) => written.get(v) ?? [])
        .filter((n) => n.pitch)
        .sort((a, b) => a.onset - b.onset);
      for (const note of notes) {
        const pitch = note.pitch as Pitch;
        const place = `${pitch.step}:${pitch.octave}`;
        if (!note.tieStop && pitch.alter !== (current.get(place) ?? signatureAlter(fifths, pitch.step))) printed.add(note);
        current.set(place, pitch.alter);
      }
    }
    exercise.given.forEach((voice, voiceIndex) => {
      if (voiceIndex > 0) lines.push(`      <backup><duration>${Math.round(length * DIVISIONS)}</duration></backup>`);
      const list = written.get(voice) ?? [];
      const beams = beamsOf(list);
      list.forEach((note, n) => {
        const chord = exercise.chords[note.chord] as ScoreChord;
        const duration = Math.round(note.beats * DIVISIONS);
        if (voice === 'B' && note.first && chord.figures !== undefined) {
          // A key the figures change to ('G: 6 5', decision 031) is written under the bass as an analysis writes it.
          const { token } = keyedFigures(chord.figures);
          if (token !== undefined)
            lines.push(
              '      <direction placement="below">',
              `        <direction-type><words>${escapeXml(token)}:</words></direction-type>`,
              '        <staff>2</staff>',
              '      </direction>',
            );
          lines.push(...figuredBass(chord.figures, Math.round(chord.beats * DIVISIONS)));
        }
        const type = TYPE_NAMES[note.value];
        const pitch = note.pitch;
        const notations: string[] = [];
        if (note.tieStop) notations.push('<tied type="stop"/>');
        if (note.tieStart) notations.push('<tied type="start"/>');
        // The fermata on the voice's last note of the phrase's chord (a breath's rest after it stays bare).
        const ending = note.endChord ?? note.chord;
        const inChord = list.filter((other) => (other.endChord ?? other.chord) === ending);
        const held = [...inChord].reverse().find((other) => other.pitch) ?? inChord[inChord.length - 1];
        if (held === note && exercise.chords[ending]?.phrase_end)
          notations.push(`<fermata type="${PLACES[voice].stem === 'up' ? 'upright' : 'inverted'}"/>`);
        // The numeral under the lowest given voice, on its first note in the chord.
        const firstNote = list.find((other) => other.chord === note.chord && other.pitch);
        const lyric = voice === lowest && chord.numeral && firstNote === note;
        lines.push(
          '      <note>',
          pitch
            ? `        <pitch><step>${STEPS[pitch.step]}</step>${pitch.alter === 0 ? '' : `<alter>${pitch.alter}</alter>`}<octave>${pitch.octave}</octave></pitch>`
            : '        <rest/>',
          `        <duration>${duration}</duration>`,
          ...(note.tieStop ? ['        <tie type="stop"/>'] : []),
          ...(note.tieStart ? ['        <tie type="start"/>'] : []),
          `        <voice>${PLACES[voice].voice}</voice>`,
          `        <type>${type}</type>${'<dot/>'.repeat(note.dots)}`,
          ...(printed.has(note) ? [`        <accidental>${ACCIDENTALS[(pitch as Pitch).alter] ?? 'natural'}</accidental>`] : []),
          ...(pitch && type !== 'whole' ? [`        <stem>${PLACES[voice].stem}</stem>`] : []),
          `        <staff>${PLACES[voice].staff}</staff>`,
          ...(beams[n] ? [`        <beam number="1">${beams[n]}</beam>`] : []),
          ...(notations.length > 0 ? [`        <notations>${notations.join('')}</notations>`] : []),
          ...(lyric
            ? [`        <lyric number="1"><syllabic>single</syllabic><text>${escapeXml(chord.numeral as string)}</text></lyric>`]
            : []),
          '      </note>',
        );
      });
    });
    if (m === measures.length - 1) lines.push('      <barline location="right"><bar-style>light-heavy</bar-style></barline>');
    lines.push('    </measure>');
    return lines.join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    '<!DOCTYPE score-partwise PUBLIC "-//Recordare//DTD MusicXML 4.0 Partwise//EN" "http://www.musicxml.org/dtds/partwise.dtd">',
    '<score-partwise version="4.0">',
    `  <work><work-title>${escapeXml(title)}</work-title></work>`,
    '  <part-list>',
    '    <score-part id="P1"><part-name print-object="no">Part writing</part-name></score-part>',
    '  </part-list>',
    '  <part id="P1">',
    ...body,
    '  </part>',
    '</score-partwise>',
    '',
  ].join('\n');
}

/**
 * A note held over a chord change is one note in the score when one value says its length (the
 * chorale's half note under two harmonies): two tied notes of a pitch within the measure are joined,
 * unless the second begins a chord with a numeral or figures to write under it.
 */
function mergeTied(list: Written[], chords: readonly ScoreChord[]): Written[] {
  const out: Written[] = [];
  for (const note of list) {
    const previous = out[out.length - 1];
    const labelled = note.first && (chords[note.chord]?.numeral !== undefined || chords[note.chord]?.figures !== undefined);
    const joined = previous?.pitch && note.pitch && previous.tieStart && note.tieStop ? beatsValue(previous.beats + note.beats) : undefined;
    if (previous && joined && !labelled && !(previous.last && chords[previous.chord]?.phrase_end)) {
      const merged: Written = { ...previous, beats: previous.beats + note.beats, value: joined.value, dots: joined.dots, last: note.last };
      merged.endChord = note.endChord ?? note.chord;
      if (note.tieStart) merged.tieStart = true;
      else delete merged.tieStart;
      out[out.length - 1] = merged;
    } else out.push(note);
  }
  return out;
}

/** Beams of a voice's notes in a measure: eighths and shorter notes within one quarter beat are beamed together. */
function beamsOf(list: readonly Written[]): (string | undefined)[] {
  const beams: (string | undefined)[] = list.map(() => undefined);
  let group: number[] = [];
  const close = () => {
    if (group.length > 1)
      group.forEach((n, i) => {
        beams[n] = i === 0 ? 'begin' : i === group.length - 1 ? 'end' : 'continue';
      });
    group = [];
  };
  list.forEach((note, n) => {
    const beamable = note.pitch !== undefined && note.value >= 8;
    const beat = Math.floor(note.onset + EPSILON);
    const previous = group.length > 0 ? (list[group[group.length - 1] as number] as Written) : undefined;
    if (!beamable) {
      close();
      return;
    }
    if (previous && Math.floor(previous.onset + EPSILON) !== beat) close();
    group.push(n);
  });
  close();
  return beams;
}

/** `<figured-bass>` of figures as written ('6 5', '#6', '7 #', '7b', '6\'), top figure first, each sign on the side it was written. */
function figuredBass(text: string, duration: number): string[] {
  const marks = (figureMarks(text) ?? []).sort((x, y) => (y.number ?? 3) - (x.number ?? 3));
  if (marks.length === 0) return [];
  return [
    '      <figured-bass>',
    ...marks.map((mark) => {
      const sign = mark.sign ? FIGURE_SIGN[mark.sign] : undefined;
      const number = mark.number === undefined ? '' : `<figure-number>${mark.number}</figure-number>`;
      if (!sign) return `        <figure>${number}</figure>`;
      return mark.place === 'suffix'
        ? `        <figure>${number}<suffix>${sign}</suffix></figure>`
        : `        <figure><prefix>${sign}</prefix>${number}</figure>`;
    }),
    `        <duration>${duration}</duration>`,
    '      </figured-bass>',
  ];
}
