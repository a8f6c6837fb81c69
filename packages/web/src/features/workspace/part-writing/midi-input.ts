import { type Key, midi, type Pitch, parseKey, pitchName, scaleStep } from '@app/contract/part-writing/theory';

/**
 * MIDI keyboard input for the part-writing workspace (issue 27), where the browser offers Web MIDI
 * (`navigator.requestMIDIAccess`): every input's note-on becomes a pitch, spelled in the key. Only
 * the small part of the Web MIDI API used here is typed, so tests pass a fake access.
 */

export interface MidiInputLike {
  id: string;
  addEventListener(type: 'midimessage', listener: (event: { data: Uint8Array | null }) => void): void;
  removeEventListener(type: 'midimessage', listener: (event: { data: Uint8Array | null }) => void): void;
}

export interface MidiAccessLike {
  inputs: { forEach(callback: (input: MidiInputLike) => void): void };
  addEventListener(type: 'statechange', listener: () => void): void;
  removeEventListener(type: 'statechange', listener: () => void): void;
}

/** Whether this browser offers Web MIDI at all (the button is hidden where it does not). */
export function midiSupported(nav: unknown = typeof navigator === 'undefined' ? undefined : navigator): boolean {
  return typeof (nav as { requestMIDIAccess?: unknown } | undefined)?.requestMIDIAccess === 'function';
}

/** The key number of a note-on message (any channel, velocity above 0), else null (note-off, controllers, clock…). */
export function noteOn(data: Uint8Array | readonly number[] | null): number | null {
  if (!data || data.length < 3) return null;
  const status = data[0] as number;
  const note = data[1] as number;
  const velocity = data[2] as number;
  if ((status & 0xf0) !== 0x90 || velocity === 0 || note > 127) return null;
  return note;
}

/** Semitones above the tonic that are not in the key, spelled as an altered scale step (degree, alteration). */
const CHROMATIC: Record<'major' | 'minor', Record<number, [number, number]>> = {
  // ♭2 (Neapolitan), ♭3 and ♭6 (mixture), ♯4 (applied to V), ♭7 (applied to IV).
  major: { 1: [2, -1], 3: [3, -1], 6: [4, 1], 8: [6, -1], 10: [7, -1] },
  // ♭2, ♯3 (Picardy third), ♯4, ♯6 and ♯7 (melodic minor, the leading tone).
  minor: { 1: [2, -1], 4: [3, 1], 6: [4, 1], 9: [6, 1], 11: [7, 1] },
};

/** A key number spelled in a key: its scale step where it is one, else the usual chromatic spelling. */
export function spellMidi(value: number, keyText: string): string {
  const key: Key = parseKey(keyText) ?? { tonic: { step: 0, alter: 0 }, mode: 'major' };
  const tonic = midi({ ...key.tonic, octave: 4 });
  const above = (((value - tonic) % 12) + 12) % 12;
  let pc = null as { step: number; alter: number } | null;
  for (let degree = 1; degree <= 7 && !pc; degree++) {
    const candidate = scaleStep(key, degree);
    if ((((midi({ ...candidate, octave: 4 }) - tonic) % 12) + 12) % 12 === above) pc = candidate;
  }
  if (!pc) {
    const [degree, alter] = CHROMATIC[key.mode][above] as [number, number];
    pc = scaleStep(key, degree, alter);
  }
  // The octave whose pitch sounds the key number (B#3 is C4, Cb5 is B4).
  const guess: Pitch = { ...pc, octave: Math.floor(value / 12) - 1 };
  const octave = guess.octave + Math.round((value - midi(guess)) / 12);
  return pitchName({ ...pc, octave });
}

/**
 * Listens to every input of the access, and to inputs plugged in later; calls `onNote` with each
 * note-on's key number. Answers the number of inputs now and a function that stops listening.
 */
export function listenToMidi(access: MidiAccessLike, onNote: (key: number) => void, onInputs?: (count: number) => void): () => void {
  const listener = (event: { data: Uint8Array | null }) => {
    const key = noteOn(event.data);
    if (key !== null) onNote(key);
  };
  const attached = new Map<string, MidiInputLike>();
  const attach = () => {
    const seen = new Set<string>();
    access.inputs.forEach((input) => {
      seen.add(input.id);
      if (attached.has(input.id)) return;
      input.addEventListener('midimessage', listener);
      attached.set(input.id, input);
    });
    for (const [id, input] of attached)
      if (!seen.has(id)) {
        input.removeEventListener('midimessage', listener);
        attached.delete(id);
      }
    onInputs?.(attached.size);
  };
  attach();
  access.addEventListener('statechange', attach);
  return () => {
    access.removeEventListener('statechange', attach);
    for (const input of attached.values()) input.removeEventListener('midimessage', listener);
    attached.clear();
  };
}
