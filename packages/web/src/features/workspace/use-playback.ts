import type { WorkspaceItem, WorkspaceScore } from '@app/contract/workspace';
import { useCallback, useEffect, useRef, useState } from 'react';
import { canPlay, createSynth, type Synth } from './synth.ts';

export const MIN_TEMPO = 30;
export const MAX_TEMPO = 200;

/** The item sounding at quarter `position`: the last one whose onset has passed. */
export function itemAt(items: readonly WorkspaceItem[], position: number): WorkspaceItem | undefined {
  let current: WorkspaceItem | undefined;
  for (const item of items) if (item.onset <= position + 1e-6) current = item;
  return current;
}

/** The notes of one chord: its own note ids, else whatever sounds at its onset. */
export function chordNotes(score: WorkspaceScore, item: WorkspaceItem) {
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
export function usePlayback(score: WorkspaceScore, items: readonly WorkspaceItem[]) {
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

  const playChord = async (item: WorkspaceItem) => {
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
