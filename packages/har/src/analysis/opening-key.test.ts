import { describe, expect, it } from 'vitest';
import { keyName } from '../library/theory.ts';
import { analyseScore } from './analyze-score.ts';
import { findKey, openingKey } from './key-finding.ts';
import { analysisPositions } from './positions.ts';
import { readScore } from './score-reading.ts';
import { choraleMusicXml, type TestChorale } from './test-chorales.ts';

// Issue 36: the piece's key is the key it opens in, spelled as the music spells it.
const V_N = { cadential64: 'V', neapolitan6: 'N' } as const;

function piece(fifths: number, voices: TestChorale['voices']): string {
  return choraleMusicXml({ title: 'Test', key: '', fifths, beats: 4, beatType: 4, layout: 'four-parts', voices, analysis: '' });
}

// A modulation exercise from C to G: C: I, then G: ii6 Cad64 V7 | I V6 I V7 | I.
const C_TO_G = {
  soprano: 'E5:1 E5:1 D5:1 C5:1 | B4:1 A4:1 G4:1 F#4:1 | G4:4',
  alto: 'G4:1 A4:1 B4:1 A4:1 | G4:1 F#4:1 D4:1 C4:1 | B3:4',
  tenor: 'C4:1 C4:1 G3:1 F#3:1 | D4:1 D4:1 B3:1 A3:1 | D4:4',
  bass: 'C3:1 C3:1 D3:1 D3:1 | G2:1 F#2:1 G2:1 D3:1 | G2:4',
};

// C♯ major opening on its dominant: V7 I IV V | I.
const C_SHARP = {
  soprano: 'B#4:1 C#5:1 C#5:1 B#4:1 | C#5:4',
  alto: 'F#4:1 E#4:1 F#4:1 G#4:1 | G#4:4',
  tenor: 'D#4:1 G#3:1 A#3:1 D#4:1 | E#4:4',
  bass: 'G#2:1 C#3:1 F#2:1 G#2:1 | C#3:4',
};

describe('the key a piece opens in (issue 36)', () => {
  it('names a modulation exercise by the key it opens in, where its signature and first chord agree, and reads the new key after', () => {
    const xml = piece(0, C_TO_G);
    const reading = readScore(xml);
    const positions = analysisPositions(reading);
    // The whole piece and its ending favour G; the opening chord is the signature's tonic.
    expect(keyName(findKey(reading, positions))).toBe('G major');
    expect(keyName(openingKey(reading, positions) ?? findKey(reading, positions))).toBe('C major');
    const analysis = analyseScore(xml, V_N);
    expect(analysis.key.name).toBe('C major');
    // Read in C (as the pivot into G, or before the change).
    expect(analysis.positions[0]?.suggestion.label).toMatch(/^I( = G: IV)?$/);
    expect(analysis.positions[analysis.positions.length - 1]?.key.name).toBe('G major');
  });

  it('keeps the whole piece’s key where the opening chord is not the signature’s tonic (IV of G under one sharp)', () => {
    const reading = readScore(piece(1, C_TO_G));
    expect(openingKey(reading, analysisPositions(reading))).toBeUndefined();
    expect(analyseScore(piece(1, C_TO_G), V_N).key.name).toBe('G major');
  });

  it('spells the key as the music does: C♯ major, its chords without double sharps', () => {
    const analysis = analyseScore(piece(7, C_SHARP), V_N);
    expect(analysis.key.name).toBe('C♯ major');
    const labels = analysis.positions.map((p) => p.suggestion.label);
    expect(labels).toEqual(['V7', 'I', 'IV', 'V', 'I']);
  });
});
