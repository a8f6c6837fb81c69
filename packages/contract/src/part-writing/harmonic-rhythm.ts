import { eventStarts, lineText, readLine, type VoiceEvent } from './line.ts';
import { VOICES, type Voice } from './rules.ts';
import { midi } from './theory.ts';
import { beatOf, measureQuarters } from './typed.ts';

/**
 * The instructor adjusts an exercise's harmonic rhythm (issue 35): where its chords change, as the
 * chorale import found it. `mergeChords` joins a chord with the next one of its measure (never over
 * a barline, nor over a phrase end unless asked), `splitChord` cuts a chord in two at an onset
 * inside it. Every voice follows: the given voices' lines in the chords and the model's lines beside
 * them, in `line.ts`'s grammar — a note sounding over the split point becomes two tied notes
 * (`C5:8~` then `C5:8`), and a note tied over the merged boundary becomes one again when one note
 * value says its length.
 */

/** What merging and splitting read and write of a chord: its length, phrase end, meter, label and voices' lines. */
export type RhythmChord = {
  beats: number;
  phrase_end?: boolean | undefined;
  meter?: string | undefined;
  numeral?: string | undefined;
  figures?: string | undefined;
} & Partial<Record<Voice, string>>;

/** The model solution's lines, chord by chord (the voices the students write). */
export type ModelLines = Partial<Record<Voice, string>>;

export type RhythmExercise<C extends RhythmChord> = { meter: string; pickup?: number | undefined; chords: readonly C[] };

/** Where a chord stands: its measure (0 the first, a pickup included), its start in quarter notes from the measure's downbeat, the measure's meter. */
export type ChordPlace = { measure: number; start: number; meter: string };

const EPSILON = 1e-9;
const onSixteenth = (beats: number) => Math.abs(Math.round(beats * 16) - beats * 16) < EPSILON;

/**
 * Each chord's measure and place in it, barred as the score writer bars the exercise (har's
 * `exerciseMeasures`): a pickup first, then measures of the meter, a chord's `meter` starting a
 * measure. A pickup's chords are placed at the end of their measure (a one-beat pickup in 3/4 is
 * beat 3). Undefined when a chord crosses its barline.
 */
export function chordPlaces(exercise: RhythmExercise<RhythmChord>): ChordPlace[] | undefined {
  let meter = exercise.meter;
  const opening = measureQuarters(meter) ?? 4;
  let capacity = exercise.pickup ?? opening;
  let offset = exercise.pickup !== undefined ? Math.max(0, opening - exercise.pickup) : 0;
  let measure = 0;
  let filled = 0;
  const places: ChordPlace[] = [];
  for (const [index, chord] of exercise.chords.entries()) {
    if (chord.meter !== undefined && index > 0 && measureQuarters(chord.meter) !== undefined) {
      meter = chord.meter;
      if (filled > EPSILON) {
        measure += 1;
        filled = 0;
      }
      capacity = measureQuarters(meter) as number;
      offset = 0;
    }
    if (filled + chord.beats > capacity + EPSILON) return undefined;
    places.push({ measure, start: offset + filled, meter });
    filled += chord.beats;
    if (filled >= capacity - EPSILON && index < exercise.chords.length - 1) {
      measure += 1;
      filled = 0;
      offset = 0;
      capacity = measureQuarters(meter) as number;
    }
  }
  return places;
}

/** A chord's place as a reader finds it in the score: the measure's number and the beat, from 1, in the meter's unit. */
export type ChordPosition = { measure: number; beat: number };

/**
 * Where each chord starts as the score numbers it (issue 38, the checker's sentences): the measure
 * from `first_measure` (1 when not said; a pickup is that measure), the beat counted from 1 in the
 * unit of the measure's meter (6/8's second dotted quarter is beat 4), as har's `chordPlaces` gives
 * the workspace's fields. Chords laid over a barline are counted on in the opening meter.
 */
export function chordPositions(exercise: {
  meter: string;
  pickup?: number | undefined;
  first_measure?: number | undefined;
  chords: readonly { beats?: number | undefined; meter?: string | undefined }[];
}): ChordPosition[] {
  const first = exercise.first_measure ?? 1;
  const chords = exercise.chords.map((chord) => ({ beats: chord.beats ?? 1, meter: chord.meter }));
  const unitOf = (meter: string) => Number(meter.split('/')[1]) || 4;
  const places = chordPlaces({ meter: exercise.meter, pickup: exercise.pickup, chords });
  if (places) return places.map((place) => ({ measure: first + place.measure, beat: (place.start * unitOf(place.meter)) / 4 + 1 }));
  const quarters = measureQuarters(exercise.meter) ?? 4;
  const lead = exercise.pickup === undefined ? 0 : Math.max(0, quarters - exercise.pickup);
  let onset = 0;
  return chords.map((chord) => {
    const index = Math.floor((onset + lead) / quarters + EPSILON);
    const position = { measure: first + index, beat: ((onset + lead - index * quarters) * unitOf(exercise.meter)) / 4 + 1 };
    onset += chord.beats;
    return position;
  });
}

function eventsOf(text: string, beats: number): VoiceEvent[] | undefined {
  const read = readLine(text, beats);
  return 'events' in read ? read.events : undefined;
}

/**
 * One line of two chords' lines joined: the second's events after the first's; a note tied over
 * the join to the same pitch becomes one note when one value (with up to two dots) or the whole
 * chord says its length. Undefined when either line cannot be read.
 */
export function mergeLines(first: string, firstBeats: number, second: string, secondBeats: number): string | undefined {
  const a = eventsOf(first, firstBeats);
  const b = eventsOf(second, secondBeats);
  if (!a || !b) return undefined;
  const total = firstBeats + secondBeats;
  const last = a[a.length - 1];
  const next = b[0];
  const events = [...a, ...b];
  if (last?.tie && last.pitch && next?.pitch && midi(last.pitch) === midi(next.pitch)) {
    const joined: VoiceEvent = { pitch: next.pitch, beats: last.beats + next.beats };
    if (next.tie) joined.tie = true;
    const candidate = [...a.slice(0, -1), joined, ...b.slice(1)];
    // Written back and read again: one value says it (or it is the whole chord), else the tie stays.
    const text = lineText(candidate, total);
    if (!/:q/.test(text)) return text;
  }
  return lineText(events, total);
}

/**
 * A line cut at `at` quarter notes from its chord's start into the two chords' lines: a note
 * sounding over the cut becomes two notes of its pitch, the first tied to the second (a rest
 * becomes two rests). Undefined when the line cannot be read or `at` is not inside the chord.
 */
export function splitLine(text: string, beats: number, at: number): [string, string] | undefined {
  const events = eventsOf(text, beats);
  if (!events || at <= EPSILON || at >= beats - EPSILON) return undefined;
  const starts = eventStarts(events);
  const first: VoiceEvent[] = [];
  const second: VoiceEvent[] = [];
  for (const [i, event] of events.entries()) {
    const start = starts[i] as number;
    const end = start + event.beats;
    if (end <= at + EPSILON) first.push(event);
    else if (start >= at - EPSILON) second.push(event);
    else {
      const head: VoiceEvent = { beats: at - start };
      const tail: VoiceEvent = { beats: end - at };
      if (event.pitch) {
        head.pitch = event.pitch;
        head.tie = true;
        tail.pitch = event.pitch;
      }
      if (event.tie) tail.tie = true;
      first.push(head);
      second.push(tail);
    }
  }
  return [lineText(first, at), lineText(second, beats - at)];
}

export type RhythmRefusal =
  /** The chord is the last: nothing follows to merge with. */
  | 'last'
  /** The next chord is in the next measure (or a chord crosses its barline already). */
  | 'barline'
  /** The chord ends a phrase, and merging over it was not asked for. */
  | 'phrase-end'
  /** Not a place to split at: outside the chord, or not on a sixteenth of a quarter. */
  | 'place'
  /** A given voice's line cannot be read in its chord. */
  | 'line';

export type RhythmChange<C extends RhythmChord> = { chords: C[]; model: ModelLines[] } | { refused: RhythmRefusal; voice?: Voice };

function label(chord: RhythmChord, kind: 'numeral' | 'figures'): string | undefined {
  return chord[kind];
}

/**
 * Chord `index` and the next as one chord: their lengths added, each voice's lines joined (a model
 * line one of the two chords lacks is left out, to be written again), the first's label (the next
 * one's when the first has none written), the next one's phrase end. Refused over a barline and,
 * unless `acrossPhraseEnd`, after a chord that ends a phrase.
 */
export function mergeChords<C extends RhythmChord>(
  exercise: RhythmExercise<C>,
  index: number,
  model: readonly ModelLines[],
  options: { acrossPhraseEnd?: boolean } = {},
): RhythmChange<C> {
  const first = exercise.chords[index];
  const second = exercise.chords[index + 1];
  if (!first || !second) return { refused: 'last' };
  const places = chordPlaces(exercise);
  if (!places || places[index]?.measure !== places[index + 1]?.measure || second.meter !== undefined) return { refused: 'barline' };
  if (first.phrase_end && !options.acrossPhraseEnd) return { refused: 'phrase-end' };
  const beats = first.beats + second.beats;
  const merged = { ...first, beats } as C;
  delete merged.phrase_end;
  if (second.phrase_end) merged.phrase_end = true;
  for (const kind of ['numeral', 'figures'] as const) {
    const own = label(first, kind);
    const next = label(second, kind);
    if ((own === undefined || own.trim() === '') && next !== undefined) (merged as RhythmChord)[kind] = next;
  }
  for (const voice of VOICES) {
    const a = first[voice];
    const b = second[voice];
    if (a === undefined && b === undefined) continue;
    const line = a === undefined || b === undefined ? undefined : mergeLines(a, first.beats, b, second.beats);
    if (line === undefined) return { refused: 'line', voice };
    (merged as RhythmChord)[voice] = line;
  }
  const lines: ModelLines = {};
  const [ma, mb] = [model[index] ?? {}, model[index + 1] ?? {}];
  for (const voice of VOICES) {
    const a = ma[voice];
    const b = mb[voice];
    const line = a && b ? mergeLines(a, first.beats, b, second.beats) : undefined;
    if (line !== undefined) lines[voice] = line;
  }
  const chords = [...exercise.chords.slice(0, index), merged, ...exercise.chords.slice(index + 2)];
  const nextModel = exercise.chords.map((_, i) => model[i] ?? {});
  nextModel.splice(index, 2, lines);
  return { chords, model: nextModel };
}

/**
 * Where chord `index` may be split, in quarter notes from its start: each beat of its measure
 * inside it (the meter's beat: a quarter in 4/4, a dotted quarter in 6/8) and each onset inside it
 * of a given or model line, on a sixteenth of a quarter; in order.
 */
export function splitPoints(exercise: RhythmExercise<RhythmChord>, index: number, model: readonly ModelLines[]): number[] {
  const chord = exercise.chords[index];
  if (!chord) return [];
  const place = chordPlaces(exercise)?.[index];
  const points = new Set<number>();
  const add = (at: number) => {
    if (at > EPSILON && at < chord.beats - EPSILON && onSixteenth(at)) points.add(Math.round(at * 64) / 64);
  };
  if (place) {
    const beat = beatOf(place.meter);
    for (let at = Math.ceil((place.start + EPSILON) / beat) * beat - place.start; at < chord.beats; at += beat) add(at);
  }
  for (const voice of VOICES) {
    for (const text of [chord[voice], model[index]?.[voice]]) {
      if (text === undefined) continue;
      const events = eventsOf(text, chord.beats);
      if (events) for (const start of eventStarts(events)) add(start);
    }
  }
  return [...points].sort((a, b) => a - b);
}

/**
 * Chord `index` cut in two at `at` quarter notes from its start: every given and model line split
 * (a note over the cut tied to its second half), the label repeated on the second chord (the same
 * harmony until the instructor says otherwise), the phrase end on the second, the meter on the first.
 */
export function splitChord<C extends RhythmChord>(
  exercise: RhythmExercise<C>,
  index: number,
  at: number,
  model: readonly ModelLines[],
): RhythmChange<C> {
  const chord = exercise.chords[index];
  if (!chord) return { refused: 'place' };
  if (at <= EPSILON || at >= chord.beats - EPSILON || !onSixteenth(at)) return { refused: 'place' };
  const head = { ...chord, beats: at } as C;
  const tail = { ...chord, beats: chord.beats - at } as C;
  delete head.phrase_end;
  delete tail.meter;
  for (const voice of VOICES) {
    const text = chord[voice];
    if (text === undefined) continue;
    const parts = splitLine(text, chord.beats, at);
    if (!parts) return { refused: 'line', voice };
    (head as RhythmChord)[voice] = parts[0];
    (tail as RhythmChord)[voice] = parts[1];
  }
  const [modelHead, modelTail]: [ModelLines, ModelLines] = [{}, {}];
  for (const voice of VOICES) {
    const text = model[index]?.[voice];
    const parts = text ? splitLine(text, chord.beats, at) : undefined;
    if (!parts) continue;
    modelHead[voice] = parts[0];
    modelTail[voice] = parts[1];
  }
  const chords = [...exercise.chords.slice(0, index), head, tail, ...exercise.chords.slice(index + 1)];
  const nextModel = exercise.chords.map((_, i) => model[i] ?? {});
  nextModel.splice(index, 1, modelHead, modelTail);
  return { chords, model: nextModel };
}
