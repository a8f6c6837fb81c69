import { midi, type Pitch, parsePitch, pitchName } from './theory.ts';

/**
 * A voice's music within one chord (issue 35): the notes and rests it sings while the chord lasts,
 * each with its length, so part writing keeps the real rhythm of a chorale (passing and neighbour
 * notes, suspensions, dotted rhythms, ties, breath rests) instead of one note per voice per chord.
 *
 * A chord (a harmony: where the harmony changes is the exercise's harmonic rhythm) keeps one text
 * per voice, in `part-writing.json`, the workspace's answers and the check endpoint alike:
 *
 * - `D5`: one note that lasts the whole chord (every document written before issue 35 reads so).
 * - `D5:8+C5:8`: events joined by `+`, each a pitch or `r` (a rest) with its note value after `:`
 *   — `1` whole, `2` half, `4` quarter, `8` eighth, `16` sixteenth, `32`, each with up to two dots
 *   (`4.` a dotted quarter). The last event may leave its value out: it lasts what remains of the
 *   chord. The values must fill the chord exactly.
 * - `~` after an event ties it to the next event of the voice (in this chord or the next one), which
 *   must be the same pitch: `C5:4~` at the end of a chord and `C5:8+B4:8` in the next is a suspension.
 * - `r` alone: the voice rests through the chord (a given voice's breath; a student never writes it).
 *
 * Pitches are spelled as the theory module reads them (`F#4`, `Bb3`, `B♭3`); the text never holds
 * spaces, so a chord's answer stays the voices to write separated by spaces (`D5 G4:8+F#4:8 B3`).
 */

/** One note or rest of a voice in a chord; `beats` in quarter notes. */
export type VoiceEvent = { pitch?: Pitch; beats: number; tie?: true };

export type LineProblem =
  | { kind: 'event'; text: string }
  | { kind: 'pitch'; text: string }
  | { kind: 'length'; written: number; chord: number }
  | { kind: 'tie'; text: string };

/** The note values a student may write, largest first, in the palette's order. */
export const NOTE_VALUES = [1, 2, 4, 8, 16, 32] as const;
export type NoteValue = (typeof NOTE_VALUES)[number];

/** The shortest event a line may hold, in quarter notes (a dotted 32nd's last dot is 1/32 of a quarter). */
const QUANTUM = 1 / 64;
const EPSILON = 1e-9;

/** A note value with dots in quarter notes: 4 → 1, `8.` → 0.75, `2..` → 3.5. */
export function valueBeats(value: NoteValue, dots = 0): number {
  let beats = 4 / value;
  let add = beats;
  for (let i = 0; i < dots; i += 1) {
    add /= 2;
    beats += add;
  }
  return beats;
}

/** The note value and dots of a length in quarter notes, when one value with up to two dots says it. */
export function beatsValue(beats: number): { value: NoteValue; dots: number } | undefined {
  for (const value of NOTE_VALUES)
    for (let dots = 0; dots <= 2; dots += 1) if (Math.abs(valueBeats(value, dots) - beats) < EPSILON) return { value, dots };
  return undefined;
}

/** Text of a value: `8.`, `4`; a length no single value says is written in quarters as `q1.25`. */
function valueText(beats: number): string {
  const v = beatsValue(beats);
  return v ? `${v.value}${'.'.repeat(v.dots)}` : `q${Number(beats.toFixed(6))}`;
}

function readValue(text: string): number | undefined {
  const quarters = /^q(\d{1,2}(?:\.\d{1,6})?)$/.exec(text);
  if (quarters) {
    const beats = Number(quarters[1]);
    return beats > 0 && Math.abs(Math.round(beats / QUANTUM) * QUANTUM - beats) < EPSILON ? beats : undefined;
  }
  const match = /^(1|2|4|8|16|32)(\.{0,2})$/.exec(text);
  if (!match) return undefined;
  return valueBeats(Number(match[1]) as NoteValue, (match[2] ?? '').length);
}

/**
 * Reads a voice's text in a chord of `chordBeats` quarter notes into its events. A single event
 * without a value lasts the chord; values must add up to the chord's length.
 */
export function readLine(text: string, chordBeats: number): { events: VoiceEvent[] } | { problem: LineProblem } {
  const parts = text.trim().split('+');
  const events: VoiceEvent[] = [];
  let written = 0;
  for (const [i, raw] of parts.entries()) {
    const match = /^([^:~]+)(?::([^~]+))?(~)?$/u.exec(raw.trim());
    if (!match) return { problem: { kind: 'event', text: raw } };
    const [, name = '', valuePart, tie] = match;
    let beats: number | undefined;
    if (valuePart !== undefined) beats = readValue(valuePart);
    else if (i === parts.length - 1) beats = chordBeats - written;
    if (beats === undefined || beats <= EPSILON) return { problem: { kind: 'event', text: raw } };
    const event: VoiceEvent = { beats };
    if (name !== 'r' && name !== 'R') {
      const pitch = parsePitch(name);
      if (!pitch || midi(pitch) < 0 || midi(pitch) > 127) return { problem: { kind: 'pitch', text: name } };
      event.pitch = pitch;
    } else if (tie) return { problem: { kind: 'tie', text: raw } };
    if (tie) event.tie = true;
    events.push(event);
    written += beats;
  }
  if (Math.abs(written - chordBeats) > EPSILON) return { problem: { kind: 'length', written, chord: chordBeats } };
  for (const [i, event] of events.entries()) {
    const next = events[i + 1];
    if (event.tie && next && (!next.pitch || !event.pitch || midi(next.pitch) !== midi(event.pitch)))
      return { problem: { kind: 'tie', text: parts[i] ?? '' } };
  }
  return { events };
}

/** The events as a voice's text: one note lasting the chord is its pitch alone (`D5`), as before issue 35. */
export function lineText(events: readonly VoiceEvent[], chordBeats: number): string {
  const only = events[0];
  if (events.length === 1 && only && Math.abs(only.beats - chordBeats) < EPSILON) {
    return `${only.pitch ? pitchName(only.pitch) : 'r'}${only.tie ? '~' : ''}`;
  }
  return events.map((e) => `${e.pitch ? pitchName(e.pitch) : 'r'}:${valueText(e.beats)}${e.tie ? '~' : ''}`).join('+');
}

/** Whether a voice's text is a line at all (for a schema's refine), given the chord's length. */
export function isLine(text: string, chordBeats: number): boolean {
  return 'events' in readLine(text, chordBeats);
}

/** The first note of the events (the pitch sounding as the chord begins, or entering first after a rest). */
export function firstPitch(events: readonly VoiceEvent[]): Pitch | undefined {
  return events.find((e) => e.pitch)?.pitch;
}

/** Whether a text is a plain single pitch (the only form before issue 35). */
export function isSinglePitch(text: string): boolean {
  return !/[+:~]/.test(text) && text.trim() !== 'r';
}

/** Where each event begins, in quarter notes from the chord's start. */
export function eventStarts(events: readonly VoiceEvent[]): number[] {
  let at = 0;
  return events.map((e) => {
    const start = at;
    at += e.beats;
    return start;
  });
}

/**
 * Whether a voice's text is a line whatever the chord's length (an answer read before its chord is
 * known): each event well formed, ties to the same pitch. The problem, or undefined for a line.
 */
export function lineSyntax(text: string): LineProblem | undefined {
  const parts = text.trim().split('+');
  let written = 0;
  for (const [i, raw] of parts.entries()) {
    const value = /^[^:~]+:([^~]+)~?$/u.exec(raw.trim())?.[1];
    const beats = value === undefined ? undefined : readValue(value);
    if (beats !== undefined) written += beats;
    else if (value !== undefined || i !== parts.length - 1) return { kind: 'event', text: raw };
  }
  const last = parts[parts.length - 1] ?? '';
  const read = readLine(text, /^[^:~]+~?$/u.test(last.trim()) ? written + 1 : written);
  return 'problem' in read ? read.problem : undefined;
}
