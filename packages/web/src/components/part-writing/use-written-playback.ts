import type { PartWritingWorkspaceChord } from '@app/contract/part-writing';
import type { WrittenChord } from '@app/contract/part-writing/written';
import { useMemo } from 'react';
import { usePlayback } from '../../lib/use-playback.ts';
import { schedule } from './playback.ts';

/**
 * Playback of what is written (issue 27), for the workspace and Create Exercise alike: the chords'
 * notes scheduled by `schedule`, played by `usePlayback`, and the index of the chord sounding (for
 * the staff's mark), or null. `lastChord(i)` is chord i's item for `PlaybackControls`' 'Play chord n'.
 */
export function useWrittenPlayback(chords: readonly PartWritingWorkspaceChord[], cells: readonly WrittenChord[], meter: string) {
  const playable = useMemo(() => schedule(chords, cells, meter), [chords, cells, meter]);
  const playback = usePlayback(playable.score, playable.items);
  const playing = playback.soundingId === null ? null : playable.items.findIndex((item) => item.id === playback.soundingId);
  const lastChord = (chord: number | undefined) => (chord === undefined ? undefined : playable.items[chord]);
  return { playback, playing, lastChord };
}
