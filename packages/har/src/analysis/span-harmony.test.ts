import { describe, expect, it } from 'vitest';
import { analyseScore } from './analyze-score.ts';
import { choraleMusicXml, type TestChorale } from './test-chorales.ts';

// Issue 36: a harmony's seventh counted wherever in its span it sounds.
const V_N = { cadential64: 'V', neapolitan6: 'N' } as const;

function piece(voices: TestChorale['voices']): string {
  return choraleMusicXml({ title: 'Test', key: '', fifths: 0, beats: 4, beatType: 4, layout: 'four-parts', voices, analysis: '' });
}
const labelsOf = (xml: string) => Object.fromEntries(analyseScore(xml, V_N).positions.map((p) => [p.id, p.suggestion.label]));

describe('a seventh over the span of its harmony (issue 36)', () => {
  it('names a two-beat V whose seventh enters after its onset in the melody, by leap, V7 from its onset', () => {
    // C: I (two beats) IV (two beats) | V, the melody leaping to F after an eighth | I.
    const labels = labelsOf(
      piece({
        soprano: 'E5:2 F5:2 | B4:0.5 F4:1.5 E4:2 | C5:4',
        alto: 'G4:2 A4:2 | D4:2 G4:2 | G4:4',
        tenor: 'C4:2 C4:2 | G3:2 C4:2 | E4:4',
        bass: 'C3:2 F2:2 | G2:2 C3:2 | C3:4',
      }),
    );
    expect(labels.m2b1).toBe('V7');
  });

  it('leaves a one-beat V as it sounds at its onset, as the analysts of the chorales name it', () => {
    const labels = labelsOf(
      piece({
        soprano: 'E5:1 F5:1 E5:1 D5:1 | B4:0.5 F4:0.5 E4:1 C5:2',
        alto: 'G4:1 A4:1 G4:1 G4:1 | D4:1 G4:1 G4:2',
        tenor: 'C4:1 C4:1 C4:1 B3:1 | G3:1 C4:1 E4:2',
        bass: 'C3:1 F2:1 C3:1 G2:1 | G2:1 C3:1 C3:2',
      }),
    );
    expect(labels.m2b1).toBe('V');
  });
});
