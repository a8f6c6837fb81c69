import type { PlaybackNote } from '@app/contract/workspace';
import { useCallback, useEffect, useRef, useState } from 'react';
import { canPlay, createSynth, type Synth } from './synth.ts';

/** A chord that can sound: when (quarter notes from the start), its notes' ids in the SVG, and where it sits (0..1). */
export type PlayableChord = { id: string; onset: number; note_ids: readonly string[]; x: number | null };
/** What playback needs of a score: its tempo and notes (the workspace's and authoring's renderings both have them). */
export type PlayableScore = { tempo: number; notes: readonly PlaybackNote[] };

export const MIN_TEMPO = 30;
export const MAX_TEMPO = 200;

/** The item sounding at quarter `position`: the last one whose onset has passed. */
export function itemAt<T extends PlayableChord>(items: readonly T[], position: number): T | undefined {
  let current: T | undefined;
  for (const item of items) if (item.onset <= position + 1e-6) current = item;
  return current;
}

/** The notes of one chord: its own note ids, else whatever sounds at its onset. */
export function chordNotes(score: PlayableScore, item: PlayableChord) {
  const ids = new Set(item.note_ids);
  const own = score.notes.filter((note) => ids.has(note.note_id));
  if (own.length > 0) return own;
  return score.notes.filter((note) => note.onset <= item.onset && note.onset + note.duration > item.onset);
}

/**
 * Playback of the score: Play/Stop at an adjustable tempo, the item sounding now (for the
 * highlight), and a single chord on demand. Every entry point is called from a click, which
 * lets the browser start audio.
 */
export function usePlayback<T extends PlayableChord>(score: PlayableScore, items: readonly T[]) {
  const synth = useRef<Synth | null>(null);
  const frame = useRef(0);
  const [playing, setPlaying] = useState(false);
  const [soundingId, setSoundingId] = useState<string | null>(null);
  const [tempo, setTempo] = useState(score.tempo);
  const available = canPlay();

  const getSynth = () => {
    synth.current ??= createSynth();
    return synth.current;
  };

  const stop = useCallback(() => {
    cancelAnimationFrame(frame.current);
    synth.current?.stop();
    setPlaying(false);
    setSoundingId(null);
  }, []);

  useEffect(() => stop, [stop]);

  /** Follows the audio clock until the passage ends, marking the chord that sounds. */
  const follow = (start: number, from: number, end: number, beatTempo: number) => {
    const s = getSynth();
    const tick = () => {
      const position = from + ((s.now() - start) * beatTempo) / 60;
      if (position >= end) {
        setPlaying(false);
        setSoundingId(null);
        return;
      }
      setSoundingId(position < from ? null : (itemAt(items, position)?.id ?? null));
      frame.current = requestAnimationFrame(tick);
    };
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(tick);
  };

  const play = async () => {
    const s = getSynth();
    stop();
    await s.resume();
    const end = Math.max(0, ...score.notes.map((note) => note.onset + note.duration));
    const start = s.play(score.notes, tempo, 0);
    setPlaying(true);
    follow(start, 0, end, tempo);
  };

  const playChord = async (item: T) => {
    const s = getSynth();
    stop();
    await s.resume();
    const notes = chordNotes(score, item).map((note) => ({ ...note, onset: 0, duration: Math.min(note.duration, 2) }));
    const end = Math.max(0, ...notes.map((note) => note.duration));
    const start = s.play(notes, tempo, 0);
    setPlaying(true);
    const tick = () => {
      if (((s.now() - start) * tempo) / 60 >= end) {
        setPlaying(false);
        setSoundingId(null);
        return;
      }
      setSoundingId(item.id);
      frame.current = requestAnimationFrame(tick);
    };
    frame.current = requestAnimationFrame(tick);
  };

  const changeTempo = (value: number) => {
    if (playing) stop();
    setTempo(Math.min(MAX_TEMPO, Math.max(MIN_TEMPO, Math.round(value))));
  };

  return { available, playing, soundingId, tempo, setTempo: changeTempo, play, stop, playChord };
}

/** The chord whose position (0..1 across the score) is closest to `at`. */
export function nearestItem<T extends PlayableChord>(items: readonly T[], at: number): T | undefined {
  let best: T | undefined;
  for (const item of items) {
    if (item.x === null) continue;
    if (!best || Math.abs(item.x - at) < Math.abs((best.x ?? 0) - at)) best = item;
  }
  return best;
}
