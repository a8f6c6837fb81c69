import { beatsValue, type VoiceEvent, valueBeats } from '@app/contract/part-writing/line';
import type { Voice } from '@app/contract/part-writing/rules';
import { diatonicOnLetter, type Key, parseKey, pitchName } from '@app/contract/part-writing/theory';
import type { MeasureSpan } from '../../lib/field-layout.ts';
import { readEvents, starts } from './line-edit.ts';
import { HALF, keySignature, measureBeats, SPACE, staffOf, stemUp, stepOf, yOfStep } from './staff.ts';

/**
 * The part-writing staff's notation (issue 35, decision 041 amended), pure so it is tested without a
 * browser: every voice's notes and rests with their values — noteheads by value, stems, flags, beams
 * within a beat, dots, ties (into the next chord and over a barline too), rests — placed by time,
 * the space after each onset growing with its length as engravers space; measures by the meter,
 * with a chord's own `meter` starting a new one and a pickup measure first; fermatas on phrase ends.
 * A voice still being written (its line short of the chord) has a gap: a place to write into.
 */

export type NotationChord = {
  beats: number;
  meter?: string | undefined;
  phrase_end?: boolean | undefined;
} & Partial<Record<Voice, string>>;

export interface NotationInput {
  /** The exercise's chords: lengths, meter changes, phrase ends and the given voices' texts. */
  chords: readonly NotationChord[];
  /** The written voices' texts, chord by chord. */
  cells: readonly Partial<Record<Voice, string>>[];
  given: readonly Voice[];
  write: readonly Voice[];
  meter: string;
  key: string;
  pickup?: number | undefined;
}

/** One drawn note, rest or gap: a piece of a voice's event (an event no single value says is drawn as tied pieces). */
export interface Glyph {
  chord: number;
  voice: Voice;
  /** The event's index in the voice's line in the chord (-1: the gap still to write). */
  index: number;
  /** Where the event starts in its chord (quarter notes) and in the piece (absolute). */
  at: number;
  time: number;
  beats: number;
  kind: 'note' | 'rest' | 'gap';
  pitch?: string;
  /** Head's left edge and centre height. */
  x: number;
  y: number;
  step: number;
  head: 'whole' | 'half' | 'black';
  dots: number;
  /** Flags drawn on its stem (0 when beamed or longer than an eighth). */
  flags: number;
  stem: { x: number; y1: number; y2: number } | null;
  /** An accidental to draw before it (0 a natural). */
  accidental?: number;
  given: boolean;
  /** Beam group (index into `beams`), if beamed. */
  beam?: number;
  /** Other chords' notes this one draws (`chord:voice:at`): a given note held over a chord change. */
  absorbed?: string[];
}

export interface Tie {
  voice: Voice;
  from: number;
  to: number;
  x1: number;
  x2: number;
  y: number;
  /** Curves above (upper voice of a staff) or below. */
  up: boolean;
}

export interface Beam {
  voice: Voice;
  glyphs: number[];
  /** Beam segments: level 1 the main beam, 2 the sixteenths', 3 the thirty-seconds'. */
  segments: { x1: number; y1: number; x2: number; y2: number; level: number }[];
}

export interface PlacedChord {
  /** Its first onset's head centre: labels, badges, the layout's x. */
  x: number;
  /** Its span for taps: from its first onset to the next chord's. */
  x1: number;
  x2: number;
  measure: number;
  time: number;
}

export interface Notation {
  measures: MeasureSpan[];
  chords: PlacedChord[];
  glyphs: Glyph[];
  ties: Tie[];
  beams: Beam[];
  /** Time signatures: the opening one and each change, where drawn. */
  meters: { x: number; meter: string; measure: number }[];
  fermatas: { chord: number; x: number }[];
  prefixWidth: number;
}

export const HEAD_WIDTH = (314 * SPACE) / 250;
const CLEF_WIDTH = 44;
const ACCIDENTAL_WIDTH = 10;
const MEASURE_PAD = 8;
const TIME_WIDTH = 18;
/** The room after a quarter note; a note's room grows with the square root of its length, never below MIN_SPACE. */
export const QUARTER_SPACE = 44;
const MIN_SPACE = 22;
const ACCIDENTAL_ROOM = 11;
const STEM = SPACE * 3.5;
const EPSILON = 1e-9;

/** The room after an onset lasting `beats` quarter notes. */
export const spaceFor = (beats: number) => Math.max(MIN_SPACE, QUARTER_SPACE * Math.sqrt(beats));

/** A length as drawn pieces: single values (with dots) largest first (1.25 → a quarter tied to a sixteenth). */
export function pieces(beats: number): number[] {
  if (beatsValue(beats)) return [beats];
  const out: number[] = [];
  let left = beats;
  const values = [1, 2, 4, 8, 16, 32] as const;
  while (left > EPSILON && out.length < 8) {
    let best = 0;
    for (const v of values)
      for (let dots = 0; dots <= 1; dots += 1) {
        const b = valueBeats(v, dots);
        if (b <= left + EPSILON && b > best) best = b;
      }
    if (best === 0) break;
    out.push(best);
    left -= best;
  }
  return out;
}

/** The beat beams group by: a dotted quarter in compound meters (6/8, 9/8, 12/8), else a quarter. */
export function beamBeat(meter: string): number {
  const match = /^(\d+)\/(\d+)$/.exec(meter.trim());
  if (match && match[2] === '8' && Number(match[1]) % 3 === 0 && Number(match[1]) > 3) return 1.5;
  return 1;
}

function keyOf(text: string): Key {
  return parseKey(text) ?? { tonic: { step: 0, alter: 0 }, mode: 'major' };
}

/** A rest's height: the voice's half of its staff (a whole rest hangs from a line, the others sit around the middle). */
function restY(voice: Voice, beats: number, alone: boolean): number {
  const staff = staffOf(voice);
  const middle = staff.bottom + 4;
  const shift = alone ? 0 : stemUp(voice) ? 4 : -4;
  const step = middle + shift + (beats >= 4 - EPSILON ? 2 : 0);
  return yOfStep(staff, step);
}

type Piece = {
  chord: number;
  voice: Voice;
  index: number;
  at: number;
  time: number;
  beats: number;
  kind: Glyph['kind'];
  pitch?: VoiceEvent['pitch'];
  tieOut: boolean;
  given: boolean;
  measure: number;
  /** Chords' notes drawn as part of this one (a given note held over a chord change): `chord:voice:at`. */
  absorbed?: string[];
};

/**
 * A given voice's note tied over a chord change within its measure is drawn as the one note the score
 * has (two quarters tied are a half) when one value says the whole; a student's ties stay as written,
 * each chord's note its own to select.
 */
function mergeHeldNotes(list: Piece[], given: readonly Voice[]) {
  const last = new Map<Voice, Piece>();
  for (let i = 0; i < list.length; i += 1) {
    const piece = list[i] as Piece;
    if (piece.kind === 'gap') continue;
    const before = last.get(piece.voice);
    if (
      before &&
      given.includes(piece.voice) &&
      before.tieOut &&
      piece.kind === 'note' &&
      before.pitch &&
      piece.pitch &&
      before.measure === piece.measure &&
      Math.abs(before.time + before.beats - piece.time) < EPSILON &&
      beatsValue(before.beats + piece.beats)
    ) {
      before.beats += piece.beats;
      before.tieOut = piece.tieOut;
      before.absorbed = [...(before.absorbed ?? []), `${piece.chord}:${piece.voice}:${piece.at}`, ...(piece.absorbed ?? [])];
      list.splice(i, 1);
      i -= 1;
      continue;
    }
    last.set(piece.voice, piece);
  }
}

export function layOutNotation(input: NotationInput): Notation {
  const { chords, cells, given, write, meter, key, pickup } = input;
  const voices = (['S', 'A', 'T', 'B'] as const).filter((v) => given.includes(v) || write.includes(v));
  const prefixWidth = CLEF_WIDTH + keySignature(key).length * ACCIDENTAL_WIDTH + 12;

  // Measures by time: a chord that fills its measure closes it; a chord with its own meter starts one.
  const chordTimes: number[] = [];
  const chordMeasure: number[] = [];
  const measureStart: number[] = [];
  const measureEnd: number[] = [];
  const measureMeter: string[] = [];
  const meterChanges = new Map<number, string>();
  {
    let time = 0;
    let current = chords[0]?.meter ?? meter;
    let length = pickup !== undefined && pickup > 0 && pickup < measureBeats(current) ? pickup : measureBeats(current);
    let filledBeats = 0;
    let open = false;
    chords.forEach((chord, i) => {
      if (chord.meter && i > 0) {
        if (open) {
          measureEnd.push(time);
          open = false;
        }
        current = chord.meter;
        length = measureBeats(current);
        meterChanges.set(measureStart.length, current);
      }
      if (!open) {
        measureStart.push(time);
        measureMeter.push(current);
        open = true;
        filledBeats = 0;
      }
      chordTimes.push(time);
      chordMeasure.push(measureStart.length - 1);
      const beats = chord.beats > 0 ? chord.beats : 1;
      time += beats;
      filledBeats += beats;
      if (filledBeats >= length - EPSILON || i === chords.length - 1) {
        measureEnd.push(time);
        open = false;
        length = measureBeats(current);
      }
    });
  }
  meterChanges.set(0, chords[0]?.meter ?? meter);

  // Every voice's events as pieces, in time order per voice.
  const pieceList: Piece[] = [];
  chords.forEach((chord, i) => {
    const beats = chord.beats > 0 ? chord.beats : 1;
    for (const voice of voices) {
      const isGiven = given.includes(voice);
      const text = isGiven ? chord[voice] : cells[i]?.[voice];
      const events = readEvents(text, beats);
      const from = starts(events);
      events.forEach((event, index) => {
        const parts = pieces(event.beats);
        let offset = 0;
        parts.forEach((length, k) => {
          const piece: Piece = {
            chord: i,
            voice,
            index,
            at: from[index] as number,
            time: (chordTimes[i] as number) + (from[index] as number) + offset,
            beats: length,
            kind: event.pitch ? 'note' : 'rest',
            tieOut: event.pitch ? (k < parts.length - 1 ? true : !!event.tie) : false,
            given: isGiven,
            measure: chordMeasure[i] as number,
          };
          if (event.pitch) piece.pitch = event.pitch;
          pieceList.push(piece);
          offset += length;
        });
      });
      const written = events.reduce((sum, e) => sum + e.beats, 0);
      if (!isGiven && written < beats - EPSILON)
        pieceList.push({
          chord: i,
          voice,
          index: -1,
          at: written,
          time: (chordTimes[i] as number) + written,
          beats: beats - written,
          kind: 'gap',
          tieOut: false,
          given: false,
          measure: chordMeasure[i] as number,
        });
    }
  });
  pieceList.sort((a, b) => a.time - b.time || voices.indexOf(a.voice) - voices.indexOf(b.voice));
  mergeHeldNotes(pieceList, given);

  // Accidentals as a measure carries them on each staff place (a tied-over note repeats none).
  const keyParsed = keyOf(key);
  const accidental = new Map<Piece, number>();
  {
    let measure = -1;
    const carried = new Map<string, number>();
    const tiedIn = new Set<Piece>();
    const lastOf = new Map<Voice, Piece>();
    for (const piece of pieceList) {
      if (piece.kind === 'gap') continue;
      const before = lastOf.get(piece.voice);
      if (before?.tieOut && before.pitch && piece.pitch) tiedIn.add(piece);
      lastOf.set(piece.voice, piece);
      if (piece.measure !== measure) {
        measure = piece.measure;
        carried.clear();
      }
      if (!piece.pitch) continue;
      const place = `${staffOf(piece.voice).clef}:${stepOf(piece.pitch)}`;
      const now = carried.get(place) ?? diatonicOnLetter(keyParsed, piece.pitch.step).alter;
      // A note tied over from the one before repeats no accidental, in the measure or over the barline.
      if (piece.pitch.alter !== now && !tiedIn.has(piece)) accidental.set(piece, piece.pitch.alter);
      carried.set(place, piece.pitch.alter);
    }
  }

  // Onsets and their x: each measure's onsets in time, the room after each by its length.
  const measures: MeasureSpan[] = [];
  const meters: Notation['meters'] = [];
  const onsetX = new Map<string, number>();
  const onsetKey = (time: number) => time.toFixed(6);
  let x = prefixWidth;
  for (let m = 0; m < measureStart.length; m += 1) {
    const x1 = x;
    x += MEASURE_PAD;
    const change = meterChanges.get(m);
    if (change && (m === 0 || change !== measureMeter[m - 1])) {
      meters.push({ x: x + TIME_WIDTH / 2 - 4, meter: change, measure: m });
      x += TIME_WIDTH;
    }
    const times = new Set<string>();
    const start = measureStart[m] as number;
    const end = measureEnd[m] as number;
    chordTimes.forEach((t, i) => {
      if (chordMeasure[i] === m) times.add(onsetKey(t));
    });
    for (const piece of pieceList) if (piece.measure === m) times.add(onsetKey(piece.time));
    const sorted = [...times].map(Number).sort((a, b) => a - b);
    sorted.forEach((time, k) => {
      const next = sorted[k + 1] ?? end;
      const withAccidental = pieceList.some((p) => Math.abs(p.time - time) < EPSILON && accidental.has(p));
      const lead = withAccidental ? ACCIDENTAL_ROOM : 2;
      onsetX.set(onsetKey(time), x + lead);
      x += lead + spaceFor(Math.max(next - time, 0.0625));
    });
    if (sorted.length === 0) onsetX.set(onsetKey(start), x);
    x += MEASURE_PAD;
    measures.push({ x1, x2: x });
  }
  const xAt = (time: number) => onsetX.get(onsetKey(time)) ?? 0;

  const placedChords: PlacedChord[] = chordTimes.map((time, i) => {
    const m = chordMeasure[i] as number;
    const head = xAt(time);
    const nextTime = chordTimes[i + 1];
    const x2 = nextTime !== undefined && chordMeasure[i + 1] === m ? xAt(nextTime) - 2 : (measures[m] as MeasureSpan).x2 - MEASURE_PAD / 2;
    return { x: head + HEAD_WIDTH / 2, x1: head - 8, x2, measure: m, time };
  });

  // Glyphs.
  const glyphs: Glyph[] = [];
  const glyphOf = new Map<Piece, number>();
  for (const piece of pieceList) {
    const staff = staffOf(piece.voice);
    const value = beatsValue(piece.beats);
    let headX = xAt(piece.time);
    let step = 0;
    let y: number;
    if (piece.pitch) {
      step = stepOf(piece.pitch);
      y = yOfStep(staff, step);
      // Two voices a second apart on one staff at one onset: the lower voice's head steps aside.
      const partner = piece.voice === 'A' ? 'S' : piece.voice === 'B' ? 'T' : null;
      const other = partner ? pieceList.find((p) => p.voice === partner && Math.abs(p.time - piece.time) < EPSILON && p.pitch) : undefined;
      if (other?.pitch && Math.abs(stepOf(other.pitch) - step) <= 1) headX += HEAD_WIDTH * 0.9;
    } else {
      const partner = staff.clef === 'treble' ? (piece.voice === 'S' ? 'A' : 'S') : piece.voice === 'T' ? 'B' : 'T';
      const alone = !voices.includes(partner);
      y = restY(piece.voice, piece.beats, alone);
      step = staff.top - Math.round((y - staff.topY) / HALF);
    }
    const head: Glyph['head'] = piece.beats >= 4 - EPSILON ? 'whole' : piece.beats >= 2 - EPSILON ? 'half' : 'black';
    const up = stemUp(piece.voice);
    const flags =
      piece.kind === 'note'
        ? piece.beats <= 0.125 + EPSILON
          ? 3
          : piece.beats <= 0.25 + EPSILON
            ? 2
            : piece.beats < 1 - EPSILON
              ? 1
              : 0
        : 0;
    const glyph: Glyph = {
      chord: piece.chord,
      voice: piece.voice,
      index: piece.index,
      at: piece.at,
      time: piece.time,
      beats: piece.beats,
      kind: piece.kind,
      x: headX,
      y,
      step,
      head,
      dots: value?.dots ?? 0,
      flags,
      stem:
        piece.kind === 'note' && head !== 'whole'
          ? up
            ? { x: headX + HEAD_WIDTH - 0.6, y1: y - 1, y2: y - STEM - Math.max(0, flags - 1) * HALF }
            : { x: headX + 0.6, y1: y + 1, y2: y + STEM + Math.max(0, flags - 1) * HALF }
          : null,
      given: piece.given,
    };
    if (piece.pitch) glyph.pitch = pitchName(piece.pitch);
    const shown = accidental.get(piece);
    if (shown !== undefined) glyph.accidental = shown;
    if (piece.absorbed) glyph.absorbed = piece.absorbed;
    glyphOf.set(piece, glyphs.length);
    glyphs.push(glyph);
  }

  // Beams: a voice's consecutive eighths and shorter within one beat of the measure.
  const beams: Beam[] = [];
  for (const voice of voices) {
    const mine = pieceList.filter((p) => p.voice === voice && p.kind !== 'gap');
    let group: Piece[] = [];
    const beatOf = (p: Piece) => {
      const m = p.measure;
      const unit = beamBeat(measureMeter[m] ?? meter);
      const length = (measureEnd[m] as number) - (measureStart[m] as number);
      // A pickup measure counts its beats from where a full measure would start.
      const full = measureBeats(measureMeter[m] ?? meter);
      const offset = m === 0 && length < full - EPSILON ? full - length : 0;
      return `${m}:${Math.floor((p.time - (measureStart[m] as number) + offset + EPSILON) / unit)}`;
    };
    const flush = () => {
      if (group.length >= 2) {
        const ids = group.map((p) => glyphOf.get(p) as number);
        beams.push({ voice, glyphs: ids, segments: [] });
        for (const id of ids) (glyphs[id] as Glyph).beam = beams.length - 1;
      }
      group = [];
    };
    for (const piece of mine) {
      const short = piece.kind === 'note' && piece.beats < 1 - EPSILON;
      const last = group[group.length - 1];
      if (!short) {
        flush();
        continue;
      }
      if (last && (beatOf(last) !== beatOf(piece) || Math.abs(last.time + last.beats - piece.time) > EPSILON)) flush();
      group.push(piece);
    }
    flush();
  }
  for (const beam of beams) {
    const members = beam.glyphs.map((id) => glyphs[id] as Glyph);
    const up = stemUp(beam.voice);
    const first = members[0] as Glyph;
    const last = members[members.length - 1] as Glyph;
    const stemX = (g: Glyph) => (up ? g.x + HEAD_WIDTH - 0.6 : g.x + 0.6);
    const x0 = stemX(first);
    const x1 = stemX(last);
    const span = Math.max(1, x1 - x0);
    const slope = Math.max(-HALF, Math.min(HALF, last.y - first.y)) / span;
    const deepest = Math.max(...members.map((g) => (g.beats <= 0.125 + EPSILON ? 3 : g.beats <= 0.25 + EPSILON ? 2 : 1)));
    const reach = STEM - SPACE * 0.25 + (deepest - 1) * SPACE * 0.75;
    const base = up
      ? Math.min(...members.map((g) => g.y - reach - slope * (stemX(g) - x0)))
      : Math.max(...members.map((g) => g.y + reach - slope * (stemX(g) - x0)));
    const beamY = (sx: number) => base + slope * (sx - x0);
    for (const g of members) {
      g.flags = 0;
      g.stem = { x: stemX(g), y1: up ? g.y - 1 : g.y + 1, y2: beamY(stemX(g)) };
    }
    beam.segments.push({ x1: x0, y1: beamY(x0), x2: x1, y2: beamY(x1), level: 1 });
    for (const level of [2, 3]) {
      const limit = level === 2 ? 0.25 : 0.125;
      const inner = (g: Glyph) => g.beats <= limit + EPSILON || (level === 2 && g.beats <= 0.375 + EPSILON && g.dots > 0 && g.beats < 0.5);
      const shift = (level - 1) * SPACE * 0.75 * (up ? 1 : -1);
      members.forEach((g, k) => {
        if (!inner(g)) return;
        const next = members[k + 1];
        const prev = members[k - 1];
        if (next && inner(next)) {
          beam.segments.push({ x1: stemX(g), y1: beamY(stemX(g)) + shift, x2: stemX(next), y2: beamY(stemX(next)) + shift, level });
        } else if (!(prev && inner(prev))) {
          // A lone short note in the group: a stub toward its neighbour.
          const toward = next ? 1 : -1;
          const sx = stemX(g);
          const ex = sx + toward * HEAD_WIDTH * 0.9;
          beam.segments.push({
            x1: Math.min(sx, ex),
            y1: beamY(Math.min(sx, ex)) + shift,
            x2: Math.max(sx, ex),
            y2: beamY(Math.max(sx, ex)) + shift,
            level,
          });
        }
      });
    }
  }

  // Ties: a note tied on to its voice's next note (a piece of an undrawable length to its next piece).
  const ties: Tie[] = [];
  for (const voice of voices) {
    const mine = pieceList.filter((p) => p.voice === voice && p.kind === 'note');
    mine.forEach((piece, k) => {
      const next = mine[k + 1];
      if (!piece.tieOut || !next || Math.abs(piece.time + piece.beats - next.time) > EPSILON) return;
      const a = glyphs[glyphOf.get(piece) as number] as Glyph;
      const b = glyphs[glyphOf.get(next) as number] as Glyph;
      const up = stemUp(voice);
      ties.push({
        voice,
        from: glyphOf.get(piece) as number,
        to: glyphOf.get(next) as number,
        x1: a.x + HEAD_WIDTH + (a.dots > 0 ? 5 : 1),
        x2: b.x - 1,
        y: a.y + (up ? -HALF * 0.9 : HALF * 0.9),
        up,
      });
    });
  }

  const fermatas = chords.flatMap((chord, i) => (chord.phrase_end ? [{ chord: i, x: (placedChords[i] as PlacedChord).x }] : []));
  return { measures, chords: placedChords, glyphs, ties, beams, meters, fermatas, prefixWidth };
}

/** The place in a chord a tap at `x` writes for `voice`: the start of its event (or gap) whose head is nearest. */
export function placeAtX(notation: Notation, chord: number, voice: Voice, x: number): number {
  let best: Glyph | undefined;
  for (const g of notation.glyphs) {
    if (g.chord !== chord || g.voice !== voice) continue;
    if (!best || Math.abs(g.x + HEAD_WIDTH / 2 - x) < Math.abs(best.x + HEAD_WIDTH / 2 - x)) best = g;
  }
  return best?.at ?? 0;
}

/** The chord whose span holds `x`, or -1. */
export function chordAtX(notation: Notation, x: number, among?: readonly number[]): number {
  const list = among ?? notation.chords.map((_, i) => i);
  for (const i of list) {
    const c = notation.chords[i];
    if (c && x >= c.x1 && x < c.x2) return i;
  }
  return -1;
}
