import { type Key, keyFifths, semitone } from '../library/theory.ts';
import { allKeys, type FoundKey, profileFit, spelledAsWritten } from './key-finding.ts';
import type { AnalysisPosition } from './positions.ts';
import type { SpelledNote } from './score-reading.ts';

/**
 * Key areas: the key in force at each analysis position. Every position scores each
 * candidate key (the keys whose signatures lie within two fifths of the piece's: the
 * closely related keys and a step beyond) by
 *   - a windowed key profile: the durations of the pitch classes sounding around it
 *     (a few beats either side) correlated with the key's profile;
 *   - whether its chord belongs to the key;
 *   - cadences: a dominant (V or V7, root position, with its leading tone) resolving to the
 *     key's tonic triad, counted double at a phrase ending (a fermata);
 * weighted by how long the position lasts. The path through the piece that scores best
 * with a cost for each change of key (Viterbi) is the analysis: a change must pay for
 * itself over a stretch of music, so a brief tonicisation stays in the key (an applied
 * chord such as V/V) and a modulation confirmed by a cadence becomes a key area.
 */

export type KeyedChord = {
  /** Pitch classes (0–11) of the chord's tones, root first; undefined where no chord was named. */
  tones?: number[];
  /** Root position. */
  rootPosition: boolean;
};

export type KeyAreaSettings = {
  /** Quarters either side of a position whose notes make its profile. */
  window: number;
  profile: number;
  diatonic: number;
  cadence: number;
  change: number;
  /** Quarters a key area without a cadence must last to stand. */
  confirm: number;
};

export const KEY_AREA_SETTINGS: KeyAreaSettings = { window: 2, profile: 1.5, diatonic: 1.2, cadence: 3, change: 3, confirm: 3 };

/** A change of key right after a phrase ending (a fermata) costs this share of `change`. */
const PHRASE = 0.5;
const SCALE_MAJOR = [0, 2, 4, 5, 7, 9, 11];
const SCALE_MINOR = [0, 2, 3, 5, 7, 8, 10, 11];

/**
 * The keys within two fifths of the piece's (and of `also`: the key a modulating piece ends in),
 * each spelled as the notes spell it when they are given (C♯ major, not D♭, where the music writes sharps).
 */
export function candidateKeys(global: FoundKey, also: Key[] = [], notes?: SpelledNote[]): FoundKey[] {
  const near = (key: Key, other: Key) => {
    const distance = (((keyFifths(key) - keyFifths(other)) % 12) + 12) % 12;
    return Math.min(distance, 12 - distance) <= 2;
  };
  const keys = allKeys()
    .filter((key) => near(key, global) || also.some((other) => near(key, other)))
    .map((key) => [global, ...also].find((named) => sameTonality(named, key)) ?? (notes ? spelledAsWritten(key, notes) : key))
    .map((key): FoundKey => ({ ...key, fifths: keyFifths(key), source: 'music' }));
  return keys;
}

export function keyAreas(
  positions: AnalysisPosition[],
  chords: KeyedChord[],
  notes: SpelledNote[],
  global: FoundKey,
  settings: KeyAreaSettings = KEY_AREA_SETTINGS,
  also: Key[] = [],
): FoundKey[] {
  if (positions.length === 0) return [];
  const keys = candidateKeys(global, also, notes);
  const globalIndex = Math.max(
    0,
    keys.findIndex((k) => k.mode === global.mode && semitone(k.tonic) === semitone(global.tonic)),
  );
  const ends = positions.map((p, i) => positions[i + 1]?.onset ?? Math.max(...p.notes.map((n) => n.end)));
  const fermataAt = positions.map((p) => p.notes.some((n) => n.fermata && Math.abs(n.onset - p.onset) < 1e-6));

  const emissions = positions.map((position, i) => {
    const weight = Math.max(0.25, Math.min(4, (ends[i] as number) - position.onset));
    const profile = windowProfile(notes, position.onset - settings.window, (ends[i] as number) + settings.window);
    const chord = chords[i];
    return keys.map((key) => {
      const tonic = semitone(key.tonic);
      let value = settings.profile * profileFit(profile, tonic, key.mode);
      if (chord?.tones) {
        const scale = key.mode === 'major' ? SCALE_MAJOR : SCALE_MINOR;
        const picardy =
          key.mode === 'minor' &&
          (fermataAt[i] || i === positions.length - 1) &&
          chord.tones[0] === tonic &&
          chord.tones[1] === (tonic + 4) % 12;
        const inKey = picardy || chord.tones.every((t) => scale.includes((t - tonic + 12) % 12));
        value += inKey ? settings.diatonic : -settings.diatonic;
      }
      return value * weight;
    });
  });

  // Cadences: V(7) in root position, then the tonic triad in root position.
  const cadences = positions.map(() => new Set<number>());
  for (let i = 1; i < positions.length; i++) {
    const chord = chords[i];
    const before = chords[i - 1];
    if (!chord?.tones || !before?.tones || !chord.rootPosition || !before.rootPosition) continue;
    keys.forEach((key, k) => {
      const tonic = semitone(key.tonic);
      const third = (tonic + (key.mode === 'major' ? 4 : 3)) % 12;
      // A minor key's phrase may end on its major tonic (a Picardy third); a major key's never on a minor one.
      const ending = fermataAt[i] || i === positions.length - 1;
      const picardy = key.mode === 'minor' && ending && chord.tones?.[1] === (tonic + 4) % 12;
      const isTonic = chord.tones?.[0] === tonic && chord.tones.length === 3 && (chord.tones[1] === third || picardy);
      const isDominant = before.tones?.[0] === (tonic + 7) % 12 && before.tones[1] === (tonic + 11) % 12;
      if (!isTonic || !isDominant) return;
      if (fermataAt[i] || i === positions.length - 1) cadences[i]?.add(k);
      const bonus = settings.cadence * (fermataAt[i] || i === positions.length - 1 ? 2 : 1);
      (emissions[i] as number[])[k] = ((emissions[i] as number[])[k] as number) + bonus;
      (emissions[i - 1] as number[])[k] = ((emissions[i - 1] as number[])[k] as number) + bonus / 2;
    });
  }

  // Viterbi: the best path of keys with a cost per change.
  const n = positions.length;
  const m = keys.length;
  const score: number[][] = [];
  const back: number[][] = [];
  score.push(keys.map((_, k) => ((emissions[0] as number[])[k] as number) + (k === globalIndex ? settings.change : 0)));
  back.push(keys.map((_, k) => k));
  for (let i = 1; i < n; i++) {
    const previous = score[i - 1] as number[];
    let bestIndex = 0;
    for (let k = 1; k < m; k++) if ((previous[k] as number) > (previous[bestIndex] as number)) bestIndex = k;
    const row: number[] = [];
    const from: number[] = [];
    for (let k = 0; k < m; k++) {
      const stay = previous[k] as number;
      // A new phrase (after a fermata) may start in a new key at a lower cost.
      const cost = fermataAt[i - 1] ? settings.change * PHRASE : settings.change;
      const move = (previous[bestIndex] as number) - cost;
      const useStay = stay >= move || bestIndex === k;
      row.push((useStay ? stay : move) + ((emissions[i] as number[])[k] as number));
      from.push(useStay ? k : bestIndex);
    }
    score.push(row);
    back.push(from);
  }
  const last = score[n - 1] as number[];
  let state = 0;
  for (let k = 1; k < m; k++) if ((last[k] as number) > (last[state] as number)) state = k;
  const path = new Array<number>(n);
  for (let i = n - 1; i >= 0; i--) {
    path[i] = state;
    state = (back[i] as number[])[state] as number;
  }
  return confirmed(path, cadences, ends, positions, settings, globalIndex).map((k) => keys[k] as FoundKey);
}

/**
 * A key area after the first stands only when a cadence in its key confirms it or it lasts
 * `confirm` quarters; otherwise its chords are read in the key before it (tonicisations as applied chords).
 */
function confirmed(
  path: number[],
  cadences: Set<number>[],
  ends: number[],
  positions: AnalysisPosition[],
  settings: KeyAreaSettings,
  globalIndex: number,
): number[] {
  const out = [...path];
  let changed = true;
  while (changed) {
    changed = false;
    let start = 0;
    for (let i = 1; i <= out.length; i++) {
      if (i < out.length && out[i] === out[start]) continue;
      const k = out[start] as number;
      const length = (ends[i - 1] as number) - (positions[start] as AnalysisPosition).onset;
      let cadence = false;
      for (let j = start; j < i; j++) if (cadences[j]?.has(k)) cadence = true;
      // The piece opens in its key unless a cadence says otherwise.
      const neighbour = start > 0 ? out[start - 1] : k === globalIndex ? undefined : globalIndex;
      if (neighbour !== undefined && !cadence && (start === 0 || length < settings.confirm)) {
        for (let j = start; j < i; j++) out[j] = neighbour;
        changed = true;
        break;
      }
      start = i;
    }
  }
  return out;
}

const longestCache = new WeakMap<SpelledNote[], number>();

/** The pitch-class durations sounding between from and to (the notes in onset order, as readScore gives them). */
function windowProfile(notes: SpelledNote[], from: number, to: number): number[] {
  const profile = new Array<number>(12).fill(0);
  let longest = longestCache.get(notes);
  if (longest === undefined) {
    longest = Math.max(0, ...notes.map((n) => n.end - n.onset));
    longestCache.set(notes, longest);
  }
  // No note starting before from − longest sounds after from: begin there.
  let low = 0;
  let high = notes.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((notes[mid] as SpelledNote).onset < from - longest) low = mid + 1;
    else high = mid;
  }
  for (let i = low; i < notes.length; i++) {
    const note = notes[i] as SpelledNote;
    if (note.onset >= to) break;
    const overlap = Math.min(note.end, to) - Math.max(note.onset, from);
    if (overlap > 0) profile[note.midi % 12] = (profile[note.midi % 12] as number) + overlap;
  }
  return profile;
}

/** The same tonic pitch and mode, however spelled (D♭ major and C♯ major). */
function sameTonality(a: Key, b: Key): boolean {
  return a.mode === b.mode && semitone(a.tonic) === semitone(b.tonic);
}

export function sameKey(a: Key, b: Key): boolean {
  return a.mode === b.mode && a.tonic.step === b.tonic.step && a.tonic.alter === b.tonic.alter;
}

/** A key as decision 031 writes it: `E`, `f#`, `Bb`, `eb` (upper case major, lower case minor). */
export function keyToken(key: Key): string {
  const letter = 'CDEFGAB'[key.tonic.step] as string;
  const accidental = key.tonic.alter > 0 ? '#'.repeat(key.tonic.alter) : 'b'.repeat(-key.tonic.alter);
  return `${key.mode === 'major' ? letter : letter.toLowerCase()}${accidental}`;
}
