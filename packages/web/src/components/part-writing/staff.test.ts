import { describe, expect, it } from 'vitest';
import {
  accidentals,
  BASS,
  dragNote,
  figureText,
  HALF,
  keySignature,
  ledgerSteps,
  lineOut,
  measureBeats,
  noteAtStep,
  noteAtY,
  noteY,
  pointerVoice,
  staffAtY,
  staffSystems,
  stepAtY,
  TREBLE,
  yOfStep,
} from './staff.ts';

describe('the staff: pitch and height', () => {
  it('puts the lines where the clefs say: treble E4–F5, bass G2–A3, middle C between', () => {
    expect(noteY('S', 'E4')).toBe(yOfStep(TREBLE, TREBLE.bottom));
    expect(noteY('S', 'F5')).toBe(TREBLE.topY);
    expect(noteY('B', 'A3')).toBe(BASS.topY);
    expect(noteY('B', 'G2')).toBe(yOfStep(BASS, BASS.bottom));
    expect(noteY('T', 'C4')).toBe(BASS.topY - 2 * HALF);
    expect(noteY('A', 'C4')).toBe(yOfStep(TREBLE, 30) + 2 * HALF);
    // Sharps and flats share their letter's place.
    expect(noteY('S', 'F#5')).toBe(noteY('S', 'F5'));
    expect(noteY('S', 'Cb5')).toBe(noteY('S', 'C5'));
    expect(noteY('S', '')).toBeNull();
  });

  it('reads a height back as the step at that place, and every note of the staves round-trips', () => {
    for (const voice of ['S', 'A', 'T', 'B'] as const)
      for (const note of voice === 'S' || voice === 'A'
        ? ['G3', 'C4', 'E4', 'B4', 'F5', 'A5']
        : [...(voice === 'B' ? ['E2'] : []), 'G2', 'C3', 'A3', 'C4', 'G4']) {
        const y = noteY(voice, note) as number;
        expect(noteAtY(voice, y, 'C major')).toBe(note);
        // Anywhere within half a step of the place is the same note.
        expect(noteAtY(voice, y + HALF * 0.45, 'C major')).toBe(note);
        expect(noteAtY(voice, y - HALF * 0.45, 'C major')).toBe(note);
      }
    expect(stepAtY(TREBLE, TREBLE.topY + HALF)).toBe(37);
  });

  it('spells a place as the key signature spells its letter, keeping an accidental the student set on the same place', () => {
    const f5 = noteY('S', 'F5') as number;
    expect(noteAtY('S', f5, 'G major')).toBe('F#5');
    expect(noteAtY('S', f5, 'C major')).toBe('F5');
    expect(noteAtY('A', noteY('A', 'B4') as number, 'F major')).toBe('Bb4');
    expect(noteAtY('T', noteY('T', 'G3') as number, 'a minor')).toBe('G3');
    // The raised leading tone stays while it is on G3, a step away the key's spelling returns.
    expect(noteAtY('T', noteY('T', 'G3') as number, 'a minor', 'G#3')).toBe('G#3');
    expect(noteAtY('T', noteY('T', 'A3') as number, 'a minor', 'G#3')).toBe('A3');
    expect(noteAtStep(28, 'Eb major')).toBe('C4');
    expect(noteAtStep(27, 'Eb major')).toBe('Bb3');
  });

  it('keeps a tap within the voice’s reach (its range and four steps more)', () => {
    expect(noteAtY('S', 0, 'C major')).toBe('D6');
    expect(noteAtY('B', 10_000, 'C major')).toBe('A1');
  });

  it('tells the staves apart at the middle of the gap, and draws ledger lines to the note', () => {
    expect(staffAtY(yOfStep(TREBLE, 29))).toBe(TREBLE);
    expect(staffAtY(yOfStep(BASS, 27))).toBe(BASS);
    expect(ledgerSteps(TREBLE, 28)).toEqual([28]);
    expect(ledgerSteps(TREBLE, 25)).toEqual([28, 26]);
    expect(ledgerSteps(TREBLE, 41)).toEqual([40]);
    expect(ledgerSteps(BASS, 32)).toEqual([28, 30, 32]);
    expect(ledgerSteps(BASS, 16)).toEqual([16]);
    expect(ledgerSteps(BASS, 22)).toEqual([]);
  });
});

describe('the staff: dragging a note', () => {
  const keyText = 'C major';
  const start = noteY('S', 'E5') as number;
  it('moves a step for each half space the pointer moves, up and down, spelled by the key', () => {
    const drag = { voice: 'S' as const, from: 'E5', startY: start, keyText };
    expect(dragNote(drag, start)).toBe('E5');
    expect(dragNote(drag, start - HALF)).toBe('F5');
    expect(dragNote(drag, start - 2.4 * HALF)).toBe('G5');
    expect(dragNote(drag, start + 3 * HALF)).toBe('B4');
    expect(dragNote(drag, start + HALF * 0.4)).toBe('E5');
  });

  it('keeps the accidental of the note it started from on its own step only, and stops at the voice’s reach', () => {
    const drag = { voice: 'S' as const, from: 'F#5', startY: noteY('S', 'F5') as number, keyText };
    expect(dragNote(drag, drag.startY - HALF)).toBe('G5');
    expect(dragNote(drag, drag.startY)).toBe('F#5');
    expect(dragNote(drag, drag.startY + HALF)).toBe('E5');
    expect(dragNote(drag, drag.startY - 40 * HALF)).toBe('D6');
    // Dragged from a tap where no note was: the tap's place.
    expect(dragNote({ voice: 'B', from: '', startY: 0, keyText }, noteY('B', 'D3') as number)).toBe('D3');
  });

  it('picks the voice a tap writes: the note under it, else the selected voice on its staff, else the other staff’s empty voice', () => {
    const write = ['S', 'A', 'T'] as const;
    const notes = { S: 'G4', A: 'E4' };
    // On the alto's note with the soprano selected: the alto is picked up.
    expect(pointerVoice({ y: noteY('A', 'E4') as number, notes, write: [...write], selected: 'S' })).toBe('A');
    // Elsewhere on the treble staff: the selected soprano.
    expect(pointerVoice({ y: noteY('S', 'D5') as number, notes, write: [...write], selected: 'S' })).toBe('S');
    // On the bass staff with the soprano selected: the tenor, the voice there still to write.
    expect(pointerVoice({ y: noteY('T', 'C3') as number, notes, write: [...write], selected: 'S' })).toBe('T');
    // On the treble staff with the tenor selected and both upper notes written: the nearer one.
    expect(pointerVoice({ y: noteY('S', 'A4') as number, notes, write: [...write], selected: 'T' })).toBe('S');
    expect(pointerVoice({ y: noteY('S', 'C4') as number, notes, write: [...write], selected: 'T' })).toBe('A');
    // Only the bass to write (given soprano): a tap on the treble staff still writes the bass.
    expect(pointerVoice({ y: noteY('S', 'C5') as number, notes: {}, write: ['B'], selected: null })).toBe('B');
  });
});

describe('the staff: key, measures, accidentals and systems', () => {
  it('draws key signatures in the usual order', () => {
    expect(keySignature('C major')).toEqual([]);
    expect(keySignature('a minor')).toEqual([]);
    expect(keySignature('D major').map((s) => s.trebleStep)).toEqual([38, 35]);
    expect(keySignature('c minor')).toEqual([
      { alter: -1, trebleStep: 34 },
      { alter: -1, trebleStep: 37 },
      { alter: -1, trebleStep: 33 },
    ]);
  });

  it('groups chords into measures by the meter', () => {
    expect(measureBeats('4/4')).toBe(4);
    expect(measureBeats('3/4')).toBe(3);
    expect(measureBeats('6/8')).toBe(3);
    expect(measureBeats('2/2')).toBe(4);
    const line = lineOut(
      [1, 1, 1, 1, 2, 2, 4].map((beats) => ({ beats })),
      '4/4',
      'C major',
    );
    expect(line.chords.map((c) => c.measure)).toEqual([0, 0, 0, 0, 1, 1, 2]);
    expect(line.measures).toHaveLength(3);
    // A chorale's pickup of one beat is a measure of its own; the measures after it are whole.
    const chorale = lineOut(
      [1, 1, 1, 1, 1, 2, 1].map((beats) => ({ beats })),
      '3/4',
      'G major',
      1,
    );
    expect(chorale.chords.map((c) => c.measure)).toEqual([0, 1, 1, 1, 2, 2, 3]);
    const xs = line.chords.map((c) => c.x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    for (const chord of line.chords) {
      const measure = line.measures[chord.measure];
      expect(chord.x).toBeGreaterThan(measure?.x1 as number);
      expect(chord.x).toBeLessThan(measure?.x2 as number);
    }
  });

  it('shows an accidental where the note differs from the signature or from an earlier one in the measure', () => {
    const notes = [
      { chord: 0, voice: 'T' as const, note: 'G#3' },
      { chord: 1, voice: 'T' as const, note: 'G#3' },
      { chord: 2, voice: 'T' as const, note: 'G3' },
      { chord: 4, voice: 'T' as const, note: 'G3' },
      { chord: 0, voice: 'S' as const, note: 'Bb4' },
    ];
    const shown = accidentals(notes, (chord) => (chord < 4 ? 0 : 1), 'a minor');
    expect([...shown.entries()].sort()).toEqual([
      ['0:S', -1],
      ['0:T', 1],
      ['2:T', 0],
    ]);
    expect(accidentals([{ chord: 0, voice: 'S', note: 'F#5' }], () => 0, 'G major').size).toBe(0);
    expect(accidentals([{ chord: 0, voice: 'S', note: 'F5' }], () => 0, 'G major').get('0:S')).toBe(0);
  });

  it('breaks the line into systems that fit the box, whole measures each (the analysis workspace’s layout)', () => {
    const line = lineOut(
      Array.from({ length: 16 }, () => ({ beats: 1 })),
      '4/4',
      'C major',
    );
    const wide = staffSystems(line, 1200);
    expect(wide.systems).toHaveLength(1);
    expect(wide.systems[0]?.scale).toBe(1.25);
    expect(staffSystems(line, 1000).systems).toHaveLength(2);
    const phone = staffSystems(line, 343);
    expect(phone.systems.length).toBeGreaterThanOrEqual(3);
    for (const system of phone.systems) expect(system.width).toBeLessThanOrEqual(343);
    expect(phone.fields.map((f) => f.system)).toEqual([...phone.fields.map((f) => f.system)].sort((a, b) => a - b));
    // Every system but the first starts with room for the clef and key signature.
    expect(phone.systems.slice(1).every((s) => s.prefix)).toBe(true);
  });
});

describe('the staff: figures as printed', () => {
  it('prints accidentals before or after a figure as ♯ ♭ ♮, a cross as written and a slashed figure as raised', () => {
    expect(['#6', '6#', 'b7', '7b', 'n6', '6n', '6+', '4+', '6\\', '#', 'b', 'n'].map(figureText)).toEqual([
      '♯6',
      '6♯',
      '♭7',
      '7♭',
      '♮6',
      '6♮',
      '6+',
      '4+',
      '6♯',
      '♯',
      '♭',
      '♮',
    ]);
  });
});
