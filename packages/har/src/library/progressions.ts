/**
 * The phrases of the sample library. A phrase is written measure by measure
 * ('|' between measures); a chord is a Roman numeral as the answer key spells
 * it, with ':n' for a chord of n beats (one beat otherwise). 'Cad64' is the
 * cadential six-four, keyed as both V64 and I64 (i64 in minor).
 */

export type PhraseDefinition = { key: string; mode: 'major' | 'minor'; beats: 3 | 4; phrase: string };
export type SetDefinition = { title: string; slug: string; description: string; phrases: PhraseDefinition[] };

export const SAMPLE_SETS: SetDefinition[] = [
  {
    title: 'Diatonic Harmony in Major',
    slug: 'diatonic-harmony-in-major',
    description: 'Root-position and first-inversion triads, V7 and its inversions, and vii°6 in major keys.',
    phrases: [
      { key: 'C', mode: 'major', beats: 4, phrase: 'I IV V I | vi ii V:2 | I:4' },
      { key: 'G', mode: 'major', beats: 4, phrase: 'I V6 I IV | ii6 V I:2' },
      { key: 'D', mode: 'major', beats: 3, phrase: 'I IV6 V | vi ii6 V | I:3' },
      { key: 'F', mode: 'major', beats: 4, phrase: 'I vi IV ii6 | V7 I IV V7 | I:4' },
      { key: 'Bb', mode: 'major', beats: 4, phrase: 'I V43 I6 IV | V65 I ii6 V | I:4' },
      { key: 'A', mode: 'major', beats: 4, phrase: 'I vii°6 I6 IV | ii65 V7 I:2' },
      { key: 'Eb', mode: 'major', beats: 3, phrase: 'I V42 I6 | IV V7 vi | ii6 V:2 | I:3' },
      { key: 'E', mode: 'major', beats: 4, phrase: 'I iii IV V | vi IV ii6 V7 | I:4' },
    ],
  },
  {
    title: 'Diatonic Harmony in Minor',
    slug: 'diatonic-harmony-in-minor',
    description: 'Minor keys with the raised leading tone: i, iv, V, VI, III, ii°6, vii°6 and vii°7, V7 and its inversions.',
    phrases: [
      { key: 'A', mode: 'minor', beats: 4, phrase: 'i iv V i | VI iv V:2 | i:4' },
      { key: 'E', mode: 'minor', beats: 4, phrase: 'i V6 i iv | ii°6 V i:2' },
      { key: 'D', mode: 'minor', beats: 3, phrase: 'i iv6 V | VI ii°6 V | i:3' },
      { key: 'G', mode: 'minor', beats: 4, phrase: 'i V43 i6 iv | V65 i iv V7 | i:4' },
      { key: 'C', mode: 'minor', beats: 4, phrase: 'i vii°7 i VI | iv ii°6 V:2 | i:4' },
      { key: 'B', mode: 'minor', beats: 3, phrase: 'i VI III | iv V i | iv V7:2 | i:3' },
      { key: 'F#', mode: 'minor', beats: 4, phrase: 'i V42 i6 ii°6 | V7 VI iv V | i:4' },
      { key: 'F', mode: 'minor', beats: 4, phrase: 'i vii°6 i6 iv | iiø65 V7 i:2' },
    ],
  },
  {
    title: 'Chromatic Harmony: Cadential Six-Four and Neapolitan Sixth',
    slug: 'chromatic-harmony-cadential-six-four-and-neapolitan-sixth',
    description: 'Cadential six-fours, Neapolitan sixths and secondary dominants (V/V, vii°7/V, V7/IV, V/vi).',
    phrases: [
      { key: 'C', mode: 'major', beats: 4, phrase: 'I vi IV ii6 | Cad64 V7 I:2' },
      { key: 'G', mode: 'major', beats: 3, phrase: 'I IV V | vi ii6 V | Cad64:2 V | I:3' },
      { key: 'A', mode: 'minor', beats: 4, phrase: 'i iv Cad64 V | VI iv Cad64 V7 | i:4' },
      { key: 'D', mode: 'minor', beats: 4, phrase: 'i VI N6 V | i iv N6 V7 | i:4' },
      { key: 'E', mode: 'minor', beats: 4, phrase: 'i iv N6:2 | Cad64 V7 i:2' },
      { key: 'D', mode: 'major', beats: 4, phrase: 'I vi V/V V | I ii6 V7:2 | I:4' },
      { key: 'F', mode: 'major', beats: 4, phrase: 'I IV vii°7/V V | vi ii6 Cad64 V | I:4' },
      { key: 'Bb', mode: 'major', beats: 4, phrase: 'I V7/IV IV V | I V65/V V:2 | I:4' },
      { key: 'C', mode: 'minor', beats: 4, phrase: 'i V/iv iv N6 | Cad64 V7 i:2' },
      { key: 'G', mode: 'major', beats: 4, phrase: 'I V/vi vi V/V | Cad64 V7 I:2' },
    ],
  },
];
