import { describe, expect, it } from 'vitest';
import { itemAt } from '../../lib/use-playback.ts';
import { schedule, tempoOf } from './playback.ts';

describe('playback scheduling', () => {
  const chords = [
    { id: 'chord-1', beats: 1, B: 'C3' },
    { id: 'chord-2', beats: 2, B: 'F3' },
    { id: 'chord-3', beats: 1, B: 'G3' },
  ];

  it('sounds every voice of every chord, the given one and the written ones, at the chord’s onset for its beats', () => {
    const { score, items } = schedule(chords, [{ S: 'G4', A: 'E4', T: 'C4' }, { S: 'A4', T: 'C4' }, {}], '4/4');
    expect(items.map((item) => [item.id, item.onset, item.number])).toEqual([
      ['chord-1', 0, 1],
      ['chord-2', 1, 2],
      ['chord-3', 3, 3],
    ]);
    expect(score.notes.filter((n) => n.onset === 0).map((n) => [n.note_id, n.pitch, n.duration])).toEqual([
      ['1S', 67, 1],
      ['1A', 64, 1],
      ['1T', 60, 1],
      ['1B', 48, 1],
    ]);
    // A voice not written yet is silent; the given bass still sounds, held for the chord's two beats.
    expect(score.notes.filter((n) => n.onset === 1).map((n) => [n.note_id, n.duration])).toEqual([
      ['2S', 2],
      ['2T', 2],
      ['2B', 2],
    ]);
    expect(items[1]?.note_ids).toEqual(['2S', '2T', '2B']);
    expect(score.notes.filter((n) => n.onset === 3).map((n) => n.note_id)).toEqual(['3B']);
    // Accidentals sound: F#4 is key 66, Bb3 key 58.
    const altered = schedule([{ id: 'chord-1', beats: 1, B: 'Bb2' }], [{ S: 'F#4' }], '4/4').score.notes;
    expect(altered.map((n) => n.pitch)).toEqual([66, 46]);
    // Playback follows the chords by their onsets.
    expect(itemAt(items, 2.5)?.id).toBe('chord-2');
  });

  it('takes the tempo from the meter’s beat unit', () => {
    expect(tempoOf('4/4')).toBe(80);
    expect(tempoOf('3/4')).toBe(80);
    expect(tempoOf('2/2')).toBe(120);
    expect(tempoOf('6/8')).toBe(120);
    expect(schedule(chords, [], '6/8').score.tempo).toBe(120);
  });
});
