import type { Voice } from '@app/contract/part-writing/rules';
import type { WrittenChord } from '@app/contract/part-writing/written';
import { describe, expect, it } from 'vitest';
import { eventsText, readEvents, removeAt, writeAt } from './line-edit.ts';
import {
  changeNote,
  findingPlaces,
  harmonicAt,
  lengthenNote,
  nextPlace,
  previousPlace,
  removeNote,
  tieNote,
  writeNote,
} from './rhythm-entry.ts';

const beats = [1, 1, 2];
const beatsOf = (chord: number) => beats[chord] ?? 1;
const place = (chord: number, voice: Voice, at: number) => ({ chord, voice, at });

describe('a line being written (line-edit.ts)', () => {
  it('reads a line that stops short of its chord, and writes it back with every value said', () => {
    expect(readEvents('C5:8', 1).map((e) => e.beats)).toEqual([0.5]);
    expect(readEvents('C5', 1).map((e) => e.beats)).toEqual([1]);
    expect(readEvents('', 1)).toEqual([]);
    expect(readEvents('nonsense', 1)).toEqual([]);
    expect(eventsText(readEvents('C5:8', 1), 1)).toBe('C5:8');
    expect(eventsText(readEvents('C5:8+B4:8', 1), 1)).toBe('C5:8+B4:8');
    // A whole chord's single note is its pitch alone, as every answer before rhythm.
    expect(eventsText(readEvents('C5:4', 1), 1)).toBe('C5');
  });

  it('overwrites what a new note covers and keeps the rest of a longer note (a split)', () => {
    const quarter = readEvents('G4', 1);
    const split = writeAt(quarter, 1, 0, { step: 0, alter: 0, octave: 5 }, 0.5);
    expect(eventsText(split.events, 1)).toBe('C5:8+G4:8');
    const again = writeAt(split.events, 1, 0.5, { step: 6, alter: 0, octave: 4 }, 0.5);
    expect(eventsText(again.events, 1)).toBe('C5:8+B4:8');
    // A longer note over two eighths replaces both; one past the chord's end stops at it.
    expect(eventsText(writeAt(again.events, 1, 0, { step: 4, alter: 0, octave: 4 }, 1).events, 1)).toBe('G4');
    expect(eventsText(writeAt(again.events, 1, 0.5, { step: 4, alter: 0, octave: 4 }, 2).events, 1)).toBe('C5:8+G4:8');
    // 'keep': the note there keeps its length; in an empty chord it fills it.
    expect(eventsText(writeAt(again.events, 1, 0.5, { step: 4, alter: 0, octave: 4 }, 'keep').events, 1)).toBe('C5:8+G4:8');
    expect(eventsText(writeAt([], 2, 0, { step: 4, alter: 0, octave: 4 }, 'keep').events, 2)).toBe('G4');
    // Removing the second eighth gives its time back to the first (undoing the split); the only note empties the voice.
    expect(eventsText(removeAt(again.events, 0.5), 1)).toBe('C5');
    expect(eventsText(removeAt(again.events, 0), 1)).toBe('B4');
    expect(removeAt(readEvents('C5', 1), 0)).toEqual([]);
  });
});

describe('rhythm entry over chords (rhythm-entry.ts)', () => {
  it('splits a quarter into two eighths as a student types: an eighth picked, two letters', () => {
    let cells: WrittenChord[] = [{ A: 'G4' }, {}, {}];
    const first = writeNote(cells, beatsOf, place(0, 'A', 0), 'C5', 0.5);
    cells = first.cells;
    expect(cells[0]?.A).toBe('C5:8+G4:8');
    const second = writeNote(cells, beatsOf, nextPlace(cells, beatsOf, first.place), 'B4', 0.5);
    expect(second.cells[0]?.A).toBe('C5:8+B4:8');
    // The next place after a full chord is the next chord's start.
    expect(nextPlace(second.cells, beatsOf, second.place)).toEqual(place(1, 'A', 0));
    expect(previousPlace(second.cells, beatsOf, place(1, 'A', 0))).toEqual(place(0, 'A', 0.5));
    expect(previousPlace(second.cells, beatsOf, place(0, 'A', 0.5))).toEqual(place(0, 'A', 0));
  });

  it('writes a dotted rhythm and changes a note’s length', () => {
    let cells: WrittenChord[] = [{}, {}, {}];
    cells = writeNote(cells, beatsOf, place(0, 'T', 0), 'D3', 0.75).cells;
    expect(cells[0]?.T).toBe('D3:8.');
    cells = writeNote(cells, beatsOf, place(0, 'T', 0.75), 'E3', 0.25).cells;
    expect(cells[0]?.T).toBe('D3:8.+E3:16');
    // A half note made a quarter leaves its second quarter as the same pitch.
    cells = writeNote(cells, beatsOf, place(2, 'T', 0), 'G3', 'keep').cells;
    expect(cells[2]?.T).toBe('G3');
    expect(lengthenNote(cells, beatsOf, place(2, 'T', 0), 1)[2]?.T).toBe('G3:4+G3:4');
    expect(changeNote(cells, beatsOf, place(0, 'T', 0.75), (p) => ({ ...p, alter: 1 }))[0]?.T).toBe('D3:8.+E#3:16');
  });

  it('ties a note to the next chord’s note (which takes its pitch), writes one there when empty, and unties', () => {
    let cells: WrittenChord[] = [{ A: 'C5' }, { A: 'B4' }, {}];
    const tied = tieNote(cells, beatsOf, place(0, 'A', 0), 0.5);
    expect(tied?.cells[0]?.A).toBe('C5~');
    expect(tied?.cells[1]?.A).toBe('C5');
    expect(tied?.place).toEqual(place(1, 'A', 0));
    cells = tied?.cells ?? cells;
    // Into an empty chord: a note of the picked value is written there.
    const onward = tieNote(cells, beatsOf, place(1, 'A', 0), 0.5);
    expect(onward?.cells[1]?.A).toBe('C5~');
    expect(onward?.cells[2]?.A).toBe('C5:8');
    // Untied by the key again; a pitch changed on the tied-to note takes the tie away.
    expect(tieNote(cells, beatsOf, place(0, 'A', 0), 0.5)?.cells[0]?.A).toBe('C5');
    expect(changeNote(cells, beatsOf, place(1, 'A', 0), (p) => ({ ...p, step: 6, octave: 4 }))[0]?.A).toBe('C5');
    // Nothing to tie in an empty place.
    expect(tieNote([{}, {}, {}], beatsOf, place(0, 'A', 0), 0.5)).toBeNull();
    // Removing a note keeps the selection on the note before.
    const split: WrittenChord[] = [{ A: 'C5:8+B4:8' }, {}, {}];
    expect(removeNote(split, beatsOf, place(0, 'A', 0.5))).toEqual({ cells: [{ A: 'C5' }, {}, {}], place: place(0, 'A', 0) });
  });

  it('marks the harmonic note of a finding: the onset, or a suspension’s resolution; a non-chord tone the note named', () => {
    const lines: Record<number, string> = { 0: 'C5~', 1: 'C5:4+B4:4', 2: 'G4:8+A4:8+B4:4' };
    const lineOf = (chord: number) => readEvents(lines[chord], chord === 0 ? 1 : 2);
    expect(harmonicAt(lineOf, 0)).toBe(0);
    // C5 held over into chord 2 falls by step to B4: B4 holds the harmony.
    expect(harmonicAt(lineOf, 1)).toBe(1);
    expect(harmonicAt(lineOf, 2)).toBe(0);
    const finding = { rule: 'parallel-fifths', chords: [1, 2], voices: ['A' as Voice], params: {} };
    expect(findingPlaces(finding, (chord) => lineOf(chord))).toEqual(['1:A:1', '2:A:0']);
    const nct = { rule: 'non-chord-tone', chords: [2], voices: ['A' as Voice], params: { note: 'A4' } };
    expect(findingPlaces(nct, (chord) => lineOf(chord))).toEqual(['2:A:0.5']);
  });
});
