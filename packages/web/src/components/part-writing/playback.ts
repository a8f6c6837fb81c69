import type { PartWritingWorkspaceChord } from '@app/contract/part-writing';
import { VOICES } from '@app/contract/part-writing/rules';
import { midi, parsePitch } from '@app/contract/part-writing/theory';
import type { WrittenChord } from '@app/contract/part-writing/written';
import type { PlayableChord, PlayableScore } from '../../lib/use-playback.ts';

/**
 * Playback of a part writing (issue 27): what is written, the given voices and the student's, each
 * voice its own note, through the score's playback (`usePlayback`, the Web Audio synth of
 * `lib/synth.ts`: oscillators, no sound files). `schedule` is pure: chords → the notes and chords
 * that `usePlayback` takes.
 */

/** Quarter notes a minute: 80, faster (a half or an eighth as the beat) in x/2 and x/8 meters. */
export function tempoOf(meter: string): number {
  const match = /^(\d+)\/(\d+)$/.exec(meter.trim());
  const unit = match ? Number(match[2]) : 4;
  return unit === 2 || unit === 8 ? 120 : 80;
}

/**
 * The notes to sound: each chord's voices (given or written) from the chord's onset for its beats
 * (quarter notes), a voice not written yet silent; each note's id is its chord and voice (`2T`).
 * The chords are the items playback follows (`chord-<n>`, its onset).
 */
export function schedule(
  chords: readonly PartWritingWorkspaceChord[],
  written: readonly WrittenChord[],
  meter: string,
): { score: PlayableScore; items: (PlayableChord & { number: number })[] } {
  const notes: PlayableScore['notes'][number][] = [];
  const items: (PlayableChord & { number: number })[] = [];
  let onset = 0;
  chords.forEach((chord, index) => {
    const beats = chord.beats > 0 ? chord.beats : 1;
    const ids: string[] = [];
    for (const voice of VOICES) {
      const pitch = parsePitch(chord[voice] ?? written[index]?.[voice] ?? '');
      if (!pitch) continue;
      const id = `${index + 1}${voice}`;
      ids.push(id);
      notes.push({ onset, duration: beats, pitch: midi(pitch), note_id: id });
    }
    items.push({ id: chord.id, onset, note_ids: ids, x: null, number: index + 1 });
    onset += beats;
  });
  return { score: { tempo: tempoOf(meter), notes }, items };
}
