import { describe, expect, it } from 'vitest';
import {
  alterStep,
  letterNote,
  nearFor,
  noteForKey,
  noteValueForKey,
  octaveStep,
  readChordText,
  scaleStep,
  type Typed,
} from './note-entry.ts';

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
    expect(noteForKey('e', { note: '', typed: false }, context)).toEqual({ note: 'E5', typed: 'letter', letter: true });
    expect(noteForKey('b', { note: 'E5', typed: 'letter' }, context)).toEqual({ note: 'Eb5', typed: true });
    expect(noteForKey('b', { note: 'Eb5', typed: true }, context)).toEqual({ note: 'Ebb5', typed: true });
    expect(noteForKey('b', { note: 'E5', typed: false }, context)).toEqual({ note: 'B4', typed: 'letter', letter: true });
    expect(noteForKey('#', { note: 'F4', typed: false }, context)).toEqual({ note: 'F#4', typed: true });
    expect(noteForKey('-', { note: 'F4', typed: false }, context)).toEqual({ note: 'Fb4', typed: true });
    expect(noteForKey('n', { note: 'F#4', typed: false }, context)).toEqual({ note: 'F4', typed: true });
    expect(noteForKey('3', { note: 'F4', typed: true }, context)).toEqual({ note: 'F3', typed: false });
    expect(noteForKey('ArrowUp', { note: 'F4', typed: true }, context)).toEqual({ note: 'F5', typed: false });
    expect(noteForKey('Delete', { note: 'F4', typed: true }, context)).toEqual({ note: '', typed: false });
    expect(noteForKey('Tab', { note: 'F4', typed: true }, context)).toBeNull();
    expect(noteForKey('#', { note: '', typed: false }, context)).toBeNull();
    // Not right after a letter, 3–7 are note values (noteValueForKey), other digits still the octave.
    expect(noteForKey('4', { note: 'F4', typed: false }, context)).toBeNull();
    expect(noteForKey('2', { note: 'F4', typed: false }, context)).toEqual({ note: 'F2', typed: false });
  });

  /** Types keys into a cell as the workspace does, from empty. */
  const type = (keys: string, keyText: string, near = 48) => {
    let cell: { note: string; typed: Typed } = { note: '', typed: false };
    for (const key of keys) {
      const result = noteForKey(key, cell, { keyText, near });
      if (result) cell = { note: result.note, typed: result.typed };
    }
    return cell.note;
  };

  it('takes letters at their word: Bb2 is B♭2 and Eb4 E♭4 in every key; a bare letter takes the key signature', () => {
    for (const keyText of ['C major', 'F major', 'Bb major', 'Eb major', 'c minor', 'Ab major', 'Gb major', 'G major', 'E major']) {
      expect(type('Bb2', keyText)).toBe('Bb2');
      expect(type('Eb4', keyText)).toBe('Eb4');
      expect(type('F#3', keyText)).toBe('F#3');
      expect(type('Bn2', keyText)).toBe('B2');
      expect(type('Bbb2', keyText)).toBe('Bbb2');
    }
    // Alone, a letter is the key's: B in F major is B♭, F in G major is F♯, E in C minor E♭.
    expect(type('B2', 'F major')).toBe('Bb2');
    expect(type('F4', 'G major')).toBe('F#4');
    expect(type('E4', 'c minor')).toBe('Eb4');
    expect(type('B2', 'C major')).toBe('B2');
    // The sharp of a letter the key flattens is the letter's sharp (B♯), never B♭ raised to B♮.
    expect(type('B#3', 'F major')).toBe('B#3');
    expect(type('F#4', 'Gb major')).toBe('F#4');
  });

  it('numbers note values as MuseScore does; before a value is picked, a digit right after a letter or accidental is the octave', () => {
    expect(['3', '4', '5', '6', '7'].map((key) => noteValueForKey(key))).toEqual([16, 8, 4, 2, 1]);
    expect(noteValueForKey('4', 'letter')).toBeUndefined();
    expect(noteValueForKey('4', true)).toBeUndefined();
    expect(noteValueForKey('2')).toBeUndefined();
    expect(noteValueForKey('8')).toBeUndefined();
    // With a value picked (writing rhythm), 3–7 are values even right after a letter; 2 is still an octave.
    expect(noteValueForKey('4', 'letter', true)).toBe(8);
    expect(noteValueForKey('2', 'letter', true)).toBeUndefined();
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
    // Lines with rhythm: they must fill the chord.
    expect(readChordText('D5 G4:8+F#4:8 B3', ['B'], ['S', 'A', 'T'], 1)).toEqual({ chord: { S: 'D5', A: 'G4:8+F#4:8', T: 'B3' } });
    expect(readChordText('D5 G4:8 B3', ['B'], ['S', 'A', 'T'], 1)).toEqual({ problem: 'line' });
  });
});
