import { beatsValue, lineText, readLine, type VoiceEvent } from '@app/contract/part-writing/line';
import { midi, type Pitch, parsePitch, pitchName } from '@app/contract/part-writing/theory';

/**
 * Rhythm entry of the part-writing workspace (issue 35), pure so it is tested without a browser.
 * A voice's music in a chord is a line text (`@app/contract/part-writing/line`: `D5`, `C5:8+B4:8`,
 * `C5:4~`); while the student writes, a line may not yet fill its chord (`C5:8` in a quarter-note
 * chord: the rest of the chord is still to write, a gap at its end). Every entry — a letter, a note
 * value, a tap on the staff, a MIDI key, the tie key — is one of these functions from the chord's
 * events to new events, so the grid, the staff, MIDI and the text form change one state: the text.
 *
 * A place in a chord is `at`, quarter notes from the chord's start, where an event (or the gap) begins.
 */

const EPSILON = 1e-9;

/** The events of a voice's text in a chord of `beats` quarter notes; a line still being written may stop short (a gap at its end). */
export function readEvents(text: string | undefined, beats: number): VoiceEvent[] {
  if (!text || text.trim() === '' || text.trim() === '-') return [];
  const read = readLine(text, beats);
  if ('events' in read) return read.events;
  // Short of the chord: every event says its value.
  if (read.problem.kind === 'length' && read.problem.written < beats) {
    const again = readLine(text, read.problem.written);
    if ('events' in again) return again.events;
  }
  return [];
}

/** The quarter notes the events fill. */
export const filled = (events: readonly VoiceEvent[]) => events.reduce((sum, e) => sum + e.beats, 0);

/** Whether the events fill their chord (a line the checker reads). */
export const complete = (events: readonly VoiceEvent[], beats: number) => events.length > 0 && Math.abs(filled(events) - beats) < EPSILON;

const valueText = (beats: number) => {
  const v = beatsValue(beats);
  return v ? `${v.value}${'.'.repeat(v.dots)}` : `q${Number(beats.toFixed(6))}`;
};

/** The events as the voice's text: a full line as `line.ts` writes it, one stopping short with every value said, none as ''. */
export function eventsText(events: readonly VoiceEvent[], beats: number): string {
  if (events.length === 0) return '';
  if (complete(events, beats)) return lineText(events, beats);
  return events.map((e) => `${e.pitch ? pitchName(e.pitch) : 'r'}:${valueText(e.beats)}${e.tie ? '~' : ''}`).join('+');
}

/** Where each event starts in the chord. */
export function starts(events: readonly VoiceEvent[]): number[] {
  let at = 0;
  return events.map((e) => {
    const start = at;
    at += e.beats;
    return start;
  });
}

/** The event that begins at `at` (or holds it), or -1 in the gap after the last. */
export function eventIndexAt(events: readonly VoiceEvent[], at: number): number {
  const from = starts(events);
  for (let i = events.length - 1; i >= 0; i -= 1)
    if ((from[i] as number) <= at + EPSILON) return at < (from[i] as number) + (events[i] as VoiceEvent).beats - EPSILON ? i : -1;
  return -1;
}

/** Where the event holding `at` begins (or the gap's start when `at` is past the last event). */
export function placeOf(events: readonly VoiceEvent[], at: number): number {
  const index = eventIndexAt(events, at);
  return index >= 0 ? (starts(events)[index] as number) : filled(events);
}

/**
 * Writes `pitch` at `at` for `length` quarter notes (or, with 'keep', the event there keeps its length
 * and a note in the gap lasts to the chord's end): what it covers is overwritten; the part of a
 * longer note it does not cover stays, same pitch (so a quarter becomes two eighths by writing an
 * eighth over its first half). Clipped at the chord's end. A tie into a changed pitch is dropped.
 */
export function writeAt(
  events: readonly VoiceEvent[],
  beats: number,
  at: number,
  pitch: Pitch,
  length: number | 'keep',
): { events: VoiceEvent[]; at: number; length: number } {
  const place = Math.min(placeOf(events, at), beats);
  const index = eventIndexAt(events, place);
  const held = index >= 0 ? (events[index] as VoiceEvent) : undefined;
  let size = length === 'keep' ? (held ? held.beats : beats - place) : length;
  size = Math.min(size, beats - place);
  if (size <= EPSILON) return { events: [...events], at: place, length: 0 };
  const end = place + size;
  const from = starts(events);
  const next: VoiceEvent[] = [];
  let inserted = false;
  events.forEach((event, i) => {
    const s = from[i] as number;
    const e = s + event.beats;
    if (e <= place + EPSILON) {
      next.push({ ...event });
      return;
    }
    if (!inserted) {
      // A note that began before `place` and runs into it is cut at `place`.
      if (s < place - EPSILON) next.push({ ...event, beats: place - s });
      next.push(noteOf(pitch, size, held?.tie && sameSound(held.pitch, pitch) ? true : undefined));
      inserted = true;
    }
    if (e > end + EPSILON) {
      // What the new note leaves of one it overlaps stays (a split).
      const rest: VoiceEvent = { ...event, beats: e - Math.max(s, end) };
      next.push(rest);
    }
  });
  if (!inserted) next.push(noteOf(pitch, size));
  return { events: tiesHold(merged(next)), at: place, length: size };
}

const noteOf = (pitch: Pitch | undefined, beats: number, tie?: true): VoiceEvent => ({
  ...(pitch ? { pitch } : {}),
  beats,
  ...(tie ? { tie } : {}),
});

const sameSound = (a: Pitch | undefined, b: Pitch | undefined) => !!a && !!b && midi(a) === midi(b);

/** Events of zero length go; nothing else is joined (two notes of one pitch are two notes). */
const merged = (events: VoiceEvent[]) => events.filter((e) => e.beats > EPSILON);

/** A tie stays only into a next event of the same pitch within the chord (one out of the chord is the caller's to check). */
function tiesHold(events: VoiceEvent[]): VoiceEvent[] {
  return events.map((e, i) => {
    const next = events[i + 1];
    if (e.tie && next && !sameSound(e.pitch, next.pitch)) {
      const { tie: _dropped, ...rest } = e;
      return rest;
    }
    return e;
  });
}

/** The event at `at` with a new length (a note value chosen with a note selected): shorter leaves the rest of it as the same pitch, longer overwrites what follows. */
export function setLength(events: readonly VoiceEvent[], beats: number, at: number, length: number): VoiceEvent[] {
  const index = eventIndexAt(events, at);
  const event = events[index];
  if (!event?.pitch) return [...events];
  return writeAt(events, beats, at, event.pitch, length).events;
}

/** The pitch of the event at `at` changed (an accidental, an octave, a step, a drag); its tie goes if the next note no longer matches. */
export function changePitch(events: readonly VoiceEvent[], at: number, change: (pitch: Pitch) => Pitch | undefined): VoiceEvent[] {
  const index = eventIndexAt(events, at);
  return tiesHold(
    events.map((e, i) => {
      if (i !== index || !e.pitch) return { ...e };
      const pitch = change(e.pitch);
      return pitch && midi(pitch) >= 0 && midi(pitch) <= 127 ? { ...e, pitch } : { ...e };
    }),
  );
}

/**
 * Takes the event at `at` out (undoing a split): the note before it lasts on through its time, or,
 * for the first, the note after it starts earlier; the only note of the voice leaves it empty.
 */
export function removeAt(events: readonly VoiceEvent[], at: number): VoiceEvent[] {
  const index = eventIndexAt(events, at);
  if (index < 0) return [...events];
  const event = events[index] as VoiceEvent;
  if (events.length === 1) return [];
  const next = events.map((e) => ({ ...e }));
  if (index > 0) {
    const before = next[index - 1] as VoiceEvent;
    before.beats += event.beats;
    if (event.tie) before.tie = true;
    else delete before.tie;
  } else {
    const after = next[1] as VoiceEvent;
    after.beats += event.beats;
  }
  next.splice(index, 1);
  return tiesHold(next);
}

/** The pitch of the event at `at`, if a note. */
export function pitchAt(events: readonly VoiceEvent[], at: number): Pitch | undefined {
  return events[eventIndexAt(events, at)]?.pitch;
}

/** Reads a pitch name, undefined when it is none. */
export const pitchOf = (name: string) => parsePitch(name);

/** The note values a student picks (quarter notes), with the palette's dots. */
export function valueLength(value: 1 | 2 | 4 | 8 | 16, dots: number): number {
  let length = 4 / value;
  let add = length;
  for (let i = 0; i < dots; i += 1) {
    add /= 2;
    length += add;
  }
  return length;
}

/** A line text as the grid shows it: the notes by name, a tie as ‿ (`C5 B4`, `C5‿`). */
export function lineLabel(text: string | undefined, beats: number): string {
  const events = readEvents(text, beats);
  if (events.length === 0) return text && text !== '-' ? text : '';
  return events.map((e) => `${e.pitch ? pitchName(e.pitch) : '𝄽'}${e.tie ? '‿' : ''}`).join(' ');
}
