import type { GradingSettings } from '../grade.ts';
import { HarError } from '../har-error.ts';
import { keyName } from '../library/theory.ts';
import { type Suggestion, suggestRomanNumerals } from './chord-suggestion.ts';
import { type FoundKey, findKey } from './key-finding.ts';
import { type AnalysisPosition, analysisPositions } from './positions.ts';
import { readScore } from './score-reading.ts';

/**
 * What exercise authoring starts from: a score's analysis positions in score order,
 * its key, and a suggested Roman numeral for each position.
 */

export type AnalysedPosition = Omit<AnalysisPosition, 'notes'> & { suggestion: Suggestion };
export type ScoreAnalysis = {
  title: string | null;
  key: FoundKey & { name: string };
  /** The key in force at the first position (decision 031's opening key); labels without a key are read in it. */
  openingKey: FoundKey & { name: string };
  positions: AnalysedPosition[];
};

/** Throws HarError when the score has no notes to analyse. */
export function analyseScore(musicxml: string, settings: GradingSettings): ScoreAnalysis {
  const reading = readScore(musicxml);
  if (reading.notes.length === 0) throw new HarError('The score has no notes: there is nothing to analyse.');
  const positions = analysisPositions(reading);
  const key = findKey(reading, positions);
  const suggestions = suggestRomanNumerals(positions, key, settings, reading.notes);
  return {
    title: reading.title,
    key: { ...key, name: keyName(key) },
    openingKey: { ...key, name: keyName(key) },
    positions: positions.map(({ notes: _notes, ...position }, i) => ({ ...position, suggestion: suggestions[i] as Suggestion })),
  };
}
