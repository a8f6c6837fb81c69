import { describe, expect, it } from 'vitest';
import { listenToMidi, type MidiAccessLike, type MidiInputLike, midiSupported, noteOn, spellMidi } from './midi-input.ts';

type Listener = (event: { data: Uint8Array | null }) => void;

/** A fake Web MIDI access: inputs that can be plugged in and out and sent messages. */
function fakeAccess() {
  const inputs = new Map<string, MidiInputLike & { listeners: Set<Listener>; send(bytes: number[]): void }>();
  const stateListeners = new Set<() => void>();
  const makeInput = (id: string) => {
    const listeners = new Set<Listener>();
    return {
      id,
      listeners,
      addEventListener: (_type: 'midimessage', listener: Listener) => listeners.add(listener),
      removeEventListener: (_type: 'midimessage', listener: Listener) => listeners.delete(listener),
      send: (bytes: number[]) => {
        for (const listener of listeners) listener({ data: new Uint8Array(bytes) });
      },
    };
  };
  const access: MidiAccessLike = {
    inputs,
    addEventListener: (_type, listener) => stateListeners.add(listener),
    removeEventListener: (_type, listener) => stateListeners.delete(listener),
  };
  return {
    access,
    inputs,
    plug(id: string) {
      inputs.set(id, makeInput(id));
      for (const listener of stateListeners) listener();
    },
    unplug(id: string) {
      inputs.delete(id);
      for (const listener of stateListeners) listener();
    },
    stateListeners,
  };
}

describe('MIDI input', () => {
  it('reads note-on messages on any channel, not note-offs (also note-on at velocity 0), controllers or clock', () => {
    expect(noteOn([0x90, 60, 100])).toBe(60);
    expect(noteOn([0x9f, 72, 1])).toBe(72);
    expect(noteOn([0x90, 60, 0])).toBeNull();
    expect(noteOn([0x80, 60, 64])).toBeNull();
    expect(noteOn([0xb0, 64, 127])).toBeNull();
    expect(noteOn([0xf8])).toBeNull();
    expect(noteOn(null)).toBeNull();
  });

  it('spells key numbers in the key: scale steps as such, others as the usual chromatic notes', () => {
    expect(spellMidi(60, 'C major')).toBe('C4');
    expect(spellMidi(66, 'C major')).toBe('F#4');
    expect(spellMidi(70, 'C major')).toBe('Bb4');
    expect(spellMidi(61, 'C major')).toBe('Db4');
    expect(spellMidi(68, 'a minor')).toBe('G#4');
    expect(spellMidi(66, 'a minor')).toBe('F#4');
    expect(spellMidi(70, 'F major')).toBe('Bb4');
    expect(spellMidi(66, 'D major')).toBe('F#4');
    expect(spellMidi(72, 'Db major')).toBe('C5');
    // A key whose scale holds Cb: the octave is the sounding one (Cb5 is the B4 key).
    expect(spellMidi(71, 'Gb major')).toBe('Cb5');
    expect(spellMidi(43, 'C major')).toBe('G2');
  });

  it('listens to every input, to inputs plugged in later, and stops listening when asked', () => {
    const fake = fakeAccess();
    fake.plug('keyboard');
    const notes: number[] = [];
    const counts: number[] = [];
    const stop = listenToMidi(
      fake.access,
      (key) => notes.push(key),
      (count) => counts.push(count),
    );
    fake.inputs.get('keyboard')?.send([0x90, 67, 90]);
    fake.inputs.get('keyboard')?.send([0x80, 67, 0]);
    fake.plug('pads');
    fake.inputs.get('pads')?.send([0x91, 48, 70]);
    // A state change for an input already heard does not listen twice.
    fake.plug('pads2');
    fake.inputs.get('keyboard')?.send([0x90, 64, 80]);
    expect(notes).toEqual([67, 48, 64]);
    expect(counts).toEqual([1, 2, 3]);
    fake.unplug('pads2');
    expect(counts.at(-1)).toBe(2);
    stop();
    fake.inputs.get('keyboard')?.send([0x90, 60, 80]);
    expect(notes).toEqual([67, 48, 64]);
    expect(fake.stateListeners.size).toBe(0);
    expect(fake.inputs.get('keyboard')?.listeners.size).toBe(0);
  });

  it('is offered only where the browser has requestMIDIAccess', () => {
    expect(midiSupported({ requestMIDIAccess: () => Promise.resolve() })).toBe(true);
    expect(midiSupported({})).toBe(false);
    expect(midiSupported(undefined)).toBe(false);
  });
});
