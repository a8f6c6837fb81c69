import { describe, expect, it } from 'vitest';
import { alterStep, letterNote, nearFor, noteForKey, octaveStep, readChordText, scaleStep } from './note-entry.ts';

describe('part-writing note entry', () => {
  it('spells a letter in the key and puts it near the voice’s last note', () => {
    expect(letterNote('f', 'G major', 67)).toBe('F#4');
    expect(letterNote('B', 'F major', 72)).toBe('Bb4');
    expect(letterNote('c', 'C', 70)).toBe('C5');
    expect(letterNote('g', 'a minor', 52)).toBe('G3');
    expect(letterNote('g', 'a minor', 48)).toBe('G2');
    expect(nearFor([{ S: 'D5' }, {}], 1, 'S')).toBe(74);
    expect(nearFor([{}, {}], 1, 'T')).toBe(57.5);
  });

  it('reads keys: letters, b after a letter as flat, accidentals, octaves, clearing', () => {
    const context = { keyText: 'C major', near: 72 };
    expect(noteForKey('e', { note: '', typed: false }, context)).toEqual({ note: 'E5', typed: true });
    expect(noteForKey('b', { note: 'E5', typed: true }, context)).toEqual({ note: 'Eb5', typed: true });
    expect(noteForKey('b', { note: 'E5', typed: false }, context)).toEqual({ note: 'B4', typed: true });
    expect(noteForKey('#', { note: 'F4', typed: false }, context)).toEqual({ note: 'F#4', typed: true });
    expect(noteForKey('-', { note: 'F4', typed: false }, context)).toEqual({ note: 'Fb4', typed: true });
    expect(noteForKey('n', { note: 'F#4', typed: false }, context)).toEqual({ note: 'F4', typed: true });
    expect(noteForKey('3', { note: 'F4', typed: true }, context)).toEqual({ note: 'F3', typed: false });
    expect(noteForKey('ArrowUp', { note: 'F4', typed: true }, context)).toEqual({ note: 'F5', typed: false });
    expect(noteForKey('Delete', { note: 'F4', typed: true }, context)).toEqual({ note: '', typed: false });
    expect(noteForKey('Tab', { note: 'F4', typed: true }, context)).toBeNull();
    expect(noteForKey('#', { note: '', typed: false }, context)).toBeNull();
  });

  it('steps along the scale, by octaves and alterations, within MIDI', () => {
    expect(scaleStep('B4', 'C major', 1)).toBe('C5');
    expect(scaleStep('C5', 'C major', -1)).toBe('B4');
    expect(scaleStep('E4', 'G major', 1)).toBe('F#4');
    expect(octaveStep('G9', 1)).toBe('G9');
    expect(alterStep('F##4', 1)).toBe('F##4');
  });

  it('reads a chord typed as text: the voices to write, or all four', () => {
    expect(readChordText('D5 G4 B3', ['B'], ['S', 'A', 'T'])).toEqual({ chord: { S: 'D5', A: 'G4', T: 'B3' } });
    expect(readChordText('D5 G4 B3 G2', ['B'], ['S', 'A', 'T'])).toEqual({ chord: { S: 'D5', A: 'G4', T: 'B3' } });
    expect(readChordText('D5 G4', ['B'], ['S', 'A', 'T'])).toEqual({ problem: 'count' });
    expect(readChordText('D5 X4 B3', ['B'], ['S', 'A', 'T'])).toEqual({ problem: 'pitch' });
  });
});
