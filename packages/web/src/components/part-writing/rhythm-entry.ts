import type { VoiceEvent } from '@app/contract/part-writing/line';
import type { Voice } from '@app/contract/part-writing/rules';
import { type Pitch, parsePitch, pitchName } from '@app/contract/part-writing/theory';
import type { WrittenChord } from '@app/contract/part-writing/written';
import {
  changePitch,
  eventIndexAt,
  eventsText,
  placeOf,
  readEvents,
  removeAt,
  setLength,
  starts,
  valueLength,
  writeAt,
} from './line-edit.ts';

/**
 * The workspace's one state for rhythm (issue 35): the written voices' line texts, chord by chord
 * (`WrittenChord[]`), and a place in them — a chord, a voice and where in the chord (quarter notes).
 * Letters, the note-value palette, digits, `.`, the tie key, taps and drags on the staff, MIDI and
 * the text form all go through these functions, so they change the same texts the same way.
 */

export type Place = { chord: number; voice: Voice; at: number };
export type PaletteValue = 1 | 2 | 4 | 8 | 16;
/** The palette: a note value with its dot, or `null`: a note lasts what it replaces (or the rest of the chord). */
export type Palette = { value: PaletteValue | null; dots: 0 | 1 };

export const paletteLength = (palette: Palette): number | 'keep' =>
  palette.value === null ? 'keep' : valueLength(palette.value, palette.dots);

type Beats = (chord: number) => number;

const withText = (chord: WrittenChord, voice: Voice, text: string): WrittenChord => {
  const copy = { ...chord };
  if (text === '') delete copy[voice];
  else copy[voice] = text;
  return copy;
};

/** The events of a voice in a chord. */
export const eventsIn = (cells: readonly WrittenChord[], beats: Beats, chord: number, voice: Voice) =>
  readEvents(cells[chord]?.[voice], beats(chord));

/** The cells with one voice's line in one chord edited. */
export function editLine(
  cells: readonly WrittenChord[],
  beats: Beats,
  chord: number,
  voice: Voice,
  edit: (events: VoiceEvent[], chordBeats: number) => VoiceEvent[],
): WrittenChord[] {
  return cells.map((c, i) => (i === chord ? withText(c, voice, eventsText(edit(readEvents(c[voice], beats(i)), beats(i)), beats(i))) : c));
}

/** The place after the note at `place`: the next note or gap in its chord, else the next chord's start (the same place at the end). */
export function nextPlace(cells: readonly WrittenChord[], beats: Beats, place: Place): Place {
  const events = eventsIn(cells, beats, place.chord, place.voice);
  const index = eventIndexAt(events, place.at);
  const end = index >= 0 ? (starts(events)[index] as number) + (events[index] as VoiceEvent).beats : beats(place.chord);
  if (end < beats(place.chord) - 1e-9) return { ...place, at: end };
  return place.chord + 1 < cells.length ? { chord: place.chord + 1, voice: place.voice, at: 0 } : place;
}

/** The place before: the note before in the chord, else the last note (or gap) of the chord before. */
export function previousPlace(cells: readonly WrittenChord[], beats: Beats, place: Place): Place {
  const events = eventsIn(cells, beats, place.chord, place.voice);
  const from = starts(events);
  const here = placeOf(events, place.at);
  const before = from.filter((s) => s < here - 1e-9);
  if (before.length > 0) return { ...place, at: before[before.length - 1] as number };
  if (place.chord === 0) return { ...place, at: 0 };
  const chord = place.chord - 1;
  const prior = eventsIn(cells, beats, chord, place.voice);
  const total = prior.reduce((sum, e) => sum + e.beats, 0);
  // The gap still to write, else the last note.
  const at = total < beats(chord) - 1e-9 ? total : ((starts(prior)[prior.length - 1] as number | undefined) ?? 0);
  return { chord, voice: place.voice, at };
}

/** Writes a note at a place (a letter, a tap, a MIDI key): `length` a note value's or 'keep'. The place it went to. */
export function writeNote(
  cells: readonly WrittenChord[],
  beats: Beats,
  place: Place,
  note: string,
  length: number | 'keep',
): { cells: WrittenChord[]; place: Place } {
  const pitch = parsePitch(note);
  if (!pitch) return { cells: [...cells], place };
  let at = place.at;
  const next = editLine(cells, beats, place.chord, place.voice, (events, chordBeats) => {
    const written = writeAt(events, chordBeats, place.at, pitch, length);
    at = written.at;
    return written.events;
  });
  return { cells: tieStillHolds(next, beats, place.chord, place.voice), place: { ...place, at } };
}

/** The note at a place given another pitch (an accidental, an octave, a step, a drag). */
export function changeNote(cells: readonly WrittenChord[], beats: Beats, place: Place, change: (pitch: Pitch) => Pitch | undefined) {
  return tieStillHolds(
    editLine(cells, beats, place.chord, place.voice, (events) => changePitch(events, place.at, change)),
    beats,
    place.chord,
    place.voice,
  );
}

/** The note at a place as a pitch name, or ''. */
export function noteAt(cells: readonly WrittenChord[], beats: Beats, place: Place): string {
  const events = eventsIn(cells, beats, place.chord, place.voice);
  const pitch = events[eventIndexAt(events, place.at)]?.pitch;
  return pitch ? pitchName(pitch) : '';
}

/** Takes the note at a place out (undoes a split; the only note empties the voice). Where the selection goes. */
export function removeNote(cells: readonly WrittenChord[], beats: Beats, place: Place): { cells: WrittenChord[]; place: Place } {
  const before = eventsIn(cells, beats, place.chord, place.voice);
  const next = editLine(cells, beats, place.chord, place.voice, (events) => removeAt(events, place.at));
  const after = eventsIn(next, beats, place.chord, place.voice);
  const index = eventIndexAt(before, place.at);
  const at = index > 0 ? (starts(before)[index - 1] as number) : 0;
  return { cells: tieStillHolds(next, beats, place.chord - 1, place.voice), place: { ...place, at: after.length > 0 ? at : 0 } };
}

/** The note at a place with a new length (a note value picked with a note selected). */
export function lengthenNote(cells: readonly WrittenChord[], beats: Beats, place: Place, length: number): WrittenChord[] {
  return tieStillHolds(
    editLine(cells, beats, place.chord, place.voice, (events, chordBeats) => setLength(events, chordBeats, place.at, length)),
    beats,
    place.chord,
    place.voice,
  );
}

/**
 * The tie key on the note at a place: a tied note is untied; otherwise it is tied to the voice's
 * next note, which takes its pitch — in the chord, or the next chord's first — and where there is
 * none yet (a gap, an empty next chord), a note of `length` is written there. The place of the note
 * tied to, or null when there is no note to tie.
 */
export function tieNote(
  cells: readonly WrittenChord[],
  beats: Beats,
  place: Place,
  length: number | 'keep',
): { cells: WrittenChord[]; place: Place } | null {
  const events = eventsIn(cells, beats, place.chord, place.voice);
  const index = eventIndexAt(events, place.at);
  const event = events[index];
  if (!event?.pitch) return null;
  const pitch = event.pitch;
  if (event.tie) {
    const untied = editLine(cells, beats, place.chord, place.voice, (list) =>
      list.map((e, i) => {
        if (i !== index) return e;
        const { tie: _dropped, ...rest } = e;
        return rest;
      }),
    );
    return { cells: untied, place };
  }
  const target = nextPlace(cells, beats, place);
  if (target.chord === place.chord && target.at === place.at) return null;
  // The next note takes the pitch (or is written with it), then this one is tied to it.
  const targetEvents = eventsIn(cells, beats, target.chord, target.voice);
  const hasNote = eventIndexAt(targetEvents, target.at) >= 0;
  let next = hasNote ? changeNote(cells, beats, target, () => pitch) : writeNote(cells, beats, target, pitchName(pitch), length).cells;
  next = editLine(next, beats, place.chord, place.voice, (list) => list.map((e, i) => (i === index ? { ...e, tie: true } : e)));
  return { cells: next, place: target };
}

/** After an edit in a chord, the tie from the voice's last note of the chord before still goes to the same pitch, or it goes. */
function tieStillHolds(cells: WrittenChord[], beats: Beats, chord: number, voice: Voice): WrittenChord[] {
  let next = cells;
  for (const from of [chord - 1, chord]) {
    if (from < 0 || from + 1 >= next.length) continue;
    const events = eventsIn(next, beats, from, voice);
    const last = events[events.length - 1];
    const total = events.reduce((sum, e) => sum + e.beats, 0);
    if (!last?.tie || total < beats(from) - 1e-9) continue;
    const following = eventsIn(next, beats, from + 1, voice)[0];
    if (following?.pitch && last.pitch && pitchName(following.pitch) === pitchName(last.pitch)) continue;
    if (!following) continue;
    next = editLine(next, beats, from, voice, (list) =>
      list.map((e, i) => {
        if (i !== list.length - 1) return e;
        const { tie: _dropped, ...rest } = e;
        return rest;
      }),
    );
  }
  return next;
}

/**
 * The note of a voice in a chord that holds the harmony (decision 034, issue 35), as `at`: the note
 * sounding as the chord begins, unless it is held over (tied, or the same pitch repeated) from the
 * chord before and moves on by step within the chord (a suspension or retardation): then the note
 * it resolves to. What the staff marks for a finding about the chord's voice.
 */
export function harmonicAt(lineOf: (chord: number) => VoiceEvent[], chord: number): number {
  const events = lineOf(chord);
  const from = starts(events);
  const first = events.findIndex((e) => e.pitch);
  if (first < 0) return 0;
  const head = events[first] as VoiceEvent;
  const prior = lineOf(chord - 1);
  const last = prior[prior.length - 1];
  const next = events[first + 1];
  const held = first === 0 && !!last?.pitch && !!head.pitch && pitchName(last.pitch) === pitchName(head.pitch);
  if (held && next?.pitch && head.pitch) {
    const steps = Math.abs(next.pitch.octave * 7 + next.pitch.step - (head.pitch.octave * 7 + head.pitch.step));
    if (steps === 1) return from[first + 1] as number;
  }
  return from[first] as number;
}

/**
 * The notes a finding marks on the staff (`chord:voice:at`): a non-chord tone the note it names,
 * otherwise each voice's harmonic note in each chord — the checker's (`harmonicEvents`) where given,
 * else `harmonicAt`'s reading.
 */
export function findingPlaces(
  finding: { rule: string; chords: readonly number[]; voices: readonly Voice[]; params: Record<string, unknown> },
  lineOf: (chord: number, voice: Voice) => VoiceEvent[],
  /** The checker's harmonic note (the event's index in the chord's line), where it can say. */
  harmonicIndex?: (chord: number, voice: Voice) => number | undefined,
): string[] {
  const named = typeof finding.params.note === 'string' ? parsePitch(finding.params.note) : undefined;
  return finding.chords.flatMap((chord) =>
    finding.voices.map((voice) => {
      const events = lineOf(chord, voice);
      if (finding.rule === 'non-chord-tone' && named) {
        const index = events.findIndex((e) => e.pitch && pitchName(e.pitch) === pitchName(named));
        if (index >= 0) return `${chord}:${voice}:${starts(events)[index]}`;
      }
      const index = harmonicIndex?.(chord, voice);
      const at = index !== undefined && events[index] ? (starts(events)[index] as number) : harmonicAt((c) => lineOf(c, voice), chord);
      return `${chord}:${voice}:${at}`;
    }),
  );
}
