import type { PartWritingWorkspaceChord } from '@app/contract/part-writing';
import { VOICES } from '@app/contract/part-writing/rules';
import { midi } from '@app/contract/part-writing/theory';
import type { WrittenChord } from '@app/contract/part-writing/written';
import type { PlayableChord, PlayableScore } from '../../lib/use-playback.ts';
import { readEvents, starts } from './line-edit.ts';

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
 * The notes to sound: each chord's voices (given or written), each note of a voice's line at its
 * time for its length (quarter notes), tied notes as one, a voice not written yet silent; a note's id
 * is its chord and voice (`2T`), with its place in the line after the first (`2T1`).
 * The chords are the items playback follows (`chord-<n>`, its onset).
 */
export function schedule(
  chords: readonly PartWritingWorkspaceChord[],
  written: readonly WrittenChord[],
  meter: string,
): { score: PlayableScore; items: (PlayableChord & { number: number })[] } {
  const notes: { onset: number; duration: number; pitch: number; note_id: string }[] = [];
  const items: (PlayableChord & { number: number })[] = [];
  let onset = 0;
  const tiedFrom = new Map<string, { onset: number; duration: number; pitch: number; note_id: string }>();
  chords.forEach((chord, index) => {
    const beats = chord.beats > 0 ? chord.beats : 1;
    const ids: string[] = [];
    for (const voice of VOICES) {
      // Each note of the voice's line in the chord; a note tied on sounds on through the next (issue 35).
      const events = readEvents(chord[voice] ?? written[index]?.[voice], beats);
      const from = starts(events);
      events.forEach((event, k) => {
        if (!event.pitch) return;
        const id = k === 0 ? `${index + 1}${voice}` : `${index + 1}${voice}${k}`;
        const held = tiedFrom.get(voice);
        if (held && held.pitch === midi(event.pitch) && Math.abs(held.onset + held.duration - (onset + (from[k] as number))) < 1e-9) {
          held.duration += event.beats;
        } else {
          const note = { onset: onset + (from[k] as number), duration: event.beats, pitch: midi(event.pitch), note_id: id };
          notes.push(note);
          tiedFrom.set(voice, note);
        }
        if (!event.tie) tiedFrom.delete(voice);
        else tiedFrom.set(voice, tiedFrom.get(voice) ?? (notes[notes.length - 1] as (typeof notes)[number]));
        ids.push(id);
      });
    }
    items.push({ id: chord.id, onset, note_ids: ids, x: null, number: index + 1 });
    onset += beats;
  });
  return { score: { tempo: tempoOf(meter), notes }, items };
}
