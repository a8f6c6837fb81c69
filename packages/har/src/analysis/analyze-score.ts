import type { GradingSettings } from '../grade.ts';
import { HarError } from '../har-error.ts';
import { type Key, keyName, semitone } from '../library/theory.ts';
import { chordTones, type Suggestion, suggestRomanNumerals } from './chord-suggestion.ts';
import { KEY_AREA_SETTINGS, type KeyedChord, keyAreas, keyToken, sameKey } from './key-areas.ts';
import { type FoundKey, findKey, openingKey } from './key-finding.ts';
import { type AnalysisPosition, analysisPositions } from './positions.ts';
import { readScore, type ScoreReading } from './score-reading.ts';

/**
 * What exercise authoring starts from: a score's analysis positions in score order,
 * its key, the key areas it moves through, and a suggested Roman numeral for each
 * position in decision 031's syntax: a label names a key where a key area starts
 * (`E: V`), and a chord that belongs to both keys at a change is a pivot (`I = E: IV`).
 * Each suggestion also offers the reading in the piece's key (`A: V/V`) as an alternative.
 */

export type AnalysedPosition = Omit<AnalysisPosition, 'notes'> & {
  suggestion: Suggestion;
  /** The key in force at the position (after a pivot's change). */
  key: FoundKey & { name: string };
};
export type ScoreAnalysis = {
  title: string | null;
  key: FoundKey & { name: string };
  /** The key in force at the first position (decision 031's opening key); labels without a key are read in it. */
  openingKey: FoundKey & { name: string };
  positions: AnalysedPosition[];
};

/** Throws HarError when the score has no notes to analyse. */
export function analyseScore(musicxml: string, settings: GradingSettings): ScoreAnalysis {
  return analyseReading(readScore(musicxml), settings);
}

/** The same, from a score already read (Create Exercise's draft reads its score once: authoring-draft.ts). */
export function analyseReading(reading: ScoreReading, settings: GradingSettings): ScoreAnalysis {
  if (reading.notes.length === 0) throw new HarError('The score has no notes: there is nothing to analyse.');
  const positions = analysisPositions(reading);
  // The piece's key is the key it opens in where its signature and first chord say so (a
  // modulation exercise), otherwise the key the whole piece and its ending favour; the key areas
  // may reach the keys near either.
  const home = findKey(reading, positions);
  const key = openingKey(reading, positions) ?? home;
  const chords = chordTones(positions, key, reading.notes);
  const found = keyAreas(positions, chords, reading.notes, key, KEY_AREA_SETTINGS, sameKey(home, key) ? [] : [home]);
  const inGlobal = suggestRomanNumerals(positions, key, settings, reading.notes);
  const first = suggestRomanNumerals(positions, found, settings, reading.notes);
  // A decoration belongs to the chord it decorates: a key changes only where a chord does.
  const areas = [...found];
  for (let i = 1; i < areas.length; i++) if (first[i]?.embellishing) areas[i] = areas[i - 1] as FoundKey;
  const local = suggestRomanNumerals(positions, areas, settings, reading.notes);
  // Each position read in the key that starts at the next position, for pivots.
  const ahead = areas.map((area, i) => {
    let next = i + 1;
    while (next < areas.length && local[next]?.embellishing) next += 1;
    return areas[next] ?? area;
  });
  const inNext = suggestRomanNumerals(positions, ahead, settings, reading.notes);
  const labelled = keyedLabels(local, inNext, inGlobal, areas, chords, key);
  const opening = areas[0] ?? key;
  const named = (k: FoundKey) => ({ ...k, name: keyName(k) });
  return {
    title: reading.title,
    key: named(key),
    openingKey: named(opening),
    positions: positions.map(({ notes: _notes, ...position }, i) => ({
      ...position,
      suggestion: labelled.suggestions[i] as Suggestion,
      key: named(labelled.keys[i] as FoundKey),
    })),
  };
}

const SCALES = { major: [0, 2, 4, 5, 7, 9, 11], minor: [0, 2, 3, 5, 7, 8, 10, 11] };

function belongsTo(chord: KeyedChord | undefined, key: Key): boolean {
  if (!chord?.tones) return false;
  const tonic = semitone(key.tonic);
  return chord.tones.every((t) => SCALES[key.mode].includes((t - tonic + 12) % 12));
}

/**
 * Labels in decision 031's syntax: the first position of a key area names its key; when the
 * last chord before it belongs to both keys, that chord is the pivot (`I = E: IV`) and the
 * new key starts there. Each suggestion keeps its own answers and adds the reading in the
 * piece's key where that differs (`A: V/V` beside `E: V`).
 */
function keyedLabels(
  local: Suggestion[],
  inNext: Suggestion[],
  inGlobal: Suggestion[],
  areas: FoundKey[],
  chords: KeyedChord[],
  global: FoundKey,
): { suggestions: Suggestion[]; keys: FoundKey[] } {
  const suggestions = local.map((s) => ({ ...s, answers: [...s.answers] }));
  const keys = [...areas];
  const prefix = (key: Key, label: string) => `${keyToken(key)}: ${label}`;
  let running: FoundKey | undefined = areas[0];
  for (let i = 1; i < areas.length; i++) {
    const area = areas[i] as FoundKey;
    if (!running || sameKey(area, running)) continue;
    // The pivot is the last chord before the change (decorations after it repeat its reading in the new key).
    let pivot = i - 1;
    while (pivot > 0 && suggestions[pivot]?.embellishing) pivot -= 1;
    const before = suggestions[pivot] as Suggestion;
    const next = inNext[pivot] as Suggestion;
    const readable = before.label !== null && next.label !== null && !before.label.includes('/') && !next.label.includes('/');
    if (readable && !before.embellishing && belongsTo(chords[pivot], running) && belongsTo(chords[pivot], area)) {
      suggestions[pivot] = { ...before, label: `${before.label} = ${prefix(area, next.label as string)}` };
      for (let j = pivot; j < i; j++) {
        keys[j] = area;
        if (j > pivot) suggestions[j] = { ...(suggestions[j] as Suggestion), label: next.label, answers: next.answers };
      }
    } else {
      const at = suggestions[i] as Suggestion;
      if (at.label !== null) suggestions[i] = { ...at, label: prefix(area, at.label) };
    }
    running = area;
  }
  suggestions.forEach((suggestion, i) => {
    const globalReading = inGlobal[i];
    if (suggestion.label === null) return;
    const answers =
      suggestion.label === local[i]?.label
        ? suggestion.answers
        : [suggestion.label, ...suggestion.answers.filter((a) => a !== local[i]?.label)];
    // The piece's key is already the key in force after a label that is not a pivot (a chord after
    // a pivot into it, too): its reading there would say the same thing again with the key named.
    const inForce = suggestion.label.includes(' = ') ? (areas[i] as Key) : (keys[i] as Key);
    if (globalReading?.label && !sameKey(inForce, global)) answers.push(prefix(global, globalReading.label));
    suggestion.answers = [...new Set(answers)];
  });
  return { suggestions, keys };
}
