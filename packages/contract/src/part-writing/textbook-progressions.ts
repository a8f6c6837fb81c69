import type { CheckInput } from './check.ts';
import type { RuleId } from './rules.ts';

/**
 * Ten textbook progressions in four parts, voiced the way harmony textbooks (Kostka–Payne,
 * Aldwell–Schachter, Laitz) show them, plus three common student faults. `teacher` is what a
 * teacher would mark: the checker's findings must be exactly these rules. Test fixture of
 * `check.test.ts`; the report of issue 27 quotes the results.
 */
export type TextbookProgression = { name: string; input: CheckInput; teacher: RuleId[] };

const c = (numeral: string, S: string, A: string, T: string, B: string) => ({ numeral, S, A, T, B });
const f = (figures: string, S: string, A: string, T: string, B: string) => ({ figures, S, A, T, B });

export const TEXTBOOK_PROGRESSIONS: TextbookProgression[] = [
  {
    name: '1. I–IV–V–I in C major',
    input: {
      key: 'C major',
      meter: '4/4',
      chords: [
        c('I', 'G4', 'E4', 'C4', 'C3'),
        c('IV', 'A4', 'F4', 'C4', 'F3'),
        c('V', 'G4', 'D4', 'B3', 'G3'),
        c('I', 'G4', 'E4', 'C4', 'C3'),
      ],
    },
    teacher: [],
  },
  {
    name: '2. I–ii6–V7–I in C major (prepared seventh, incomplete tonic)',
    input: {
      key: 'C major',
      meter: '4/4',
      style: 'strict',
      chords: [
        c('I', 'C5', 'E4', 'G3', 'C3'),
        c('ii6', 'D5', 'F4', 'A3', 'F3'),
        c('V7', 'D5', 'F4', 'B3', 'G3'),
        c('I', 'C5', 'E4', 'C4', 'C3'),
      ],
    },
    teacher: [],
  },
  {
    name: '3. i–iv–V–i in A minor (raised leading tone, no augmented second)',
    input: {
      key: 'a minor',
      meter: '3/4',
      chords: [
        c('i', 'C5', 'E4', 'A3', 'A2'),
        c('iv', 'D5', 'F4', 'A3', 'D3'),
        c('V', 'B4', 'E4', 'G#3', 'E3'),
        c('i', 'C5', 'E4', 'A3', 'A2'),
      ],
    },
    teacher: [],
  },
  {
    name: '4. I–vi–IV–ii–Cad64–V–I in C major',
    input: {
      key: 'C major',
      meter: '4/4',
      chords: [
        c('I', 'E5', 'G4', 'C4', 'C3'),
        c('vi', 'E5', 'A4', 'C4', 'A2'),
        c('IV', 'F5', 'A4', 'C4', 'F2'),
        c('ii', 'F5', 'A4', 'D4', 'D3'),
        c('Cad64', 'G5', 'C5', 'E4', 'G2'),
        c('V', 'G5', 'B4', 'D4', 'G2'),
        c('I', 'G5', 'C5', 'E4', 'C3'),
      ],
    },
    teacher: [],
  },
  {
    name: '5. I–V–vi deceptive cadence in C major (doubled third in vi)',
    input: {
      key: 'C major',
      meter: '4/4',
      chords: [c('I', 'C5', 'E4', 'G3', 'C3'), c('V', 'B4', 'D4', 'G3', 'G2'), c('vi', 'C5', 'C4', 'E3', 'A2')],
    },
    teacher: [],
  },
  {
    name: '6. I6–V65/V–V–I in C major (secondary dominant)',
    input: {
      key: 'C major',
      meter: '4/4',
      chords: [
        c('I6', 'G4', 'E4', 'C4', 'E3'),
        c('V65/V', 'A4', 'D4', 'C4', 'F#3'),
        c('V', 'G4', 'D4', 'B3', 'G3'),
        c('I', 'G4', 'E4', 'C4', 'C3'),
      ],
    },
    teacher: [],
  },
  {
    name: '7. i–N6–V–i in A minor (Neapolitan: ♭2 falls a diminished third)',
    input: {
      key: 'a minor',
      meter: '4/4',
      chords: [
        c('i', 'A4', 'E4', 'C4', 'A2'),
        c('N6', 'Bb4', 'F4', 'D4', 'D3'),
        c('V', 'G#4', 'E4', 'B3', 'E3'),
        c('i', 'A4', 'E4', 'C4', 'A2'),
      ],
    },
    teacher: [],
  },
  {
    name: '8. i–Ger+6–Cad64–V–i in A minor',
    input: {
      key: 'a minor',
      meter: '4/4',
      chords: [
        c('i', 'C5', 'A4', 'E4', 'A2'),
        c('Ger+6', 'C5', 'A4', 'D#4', 'F2'),
        c('Cad64', 'C5', 'A4', 'E4', 'E2'),
        c('V', 'B4', 'G#4', 'E4', 'E2'),
        c('i', 'C5', 'A4', 'E4', 'A2'),
      ],
    },
    teacher: [],
  },
  {
    name: '9. I–vii°6–I6 in C major (voice exchange; P5 → d5 → P5 between alto and tenor)',
    input: {
      key: 'C major',
      meter: '4/4',
      chords: [c('I', 'E5', 'G4', 'C4', 'C3'), c('viio6', 'D5', 'F4', 'B3', 'D3'), c('I6', 'C5', 'G4', 'C4', 'E3')],
    },
    teacher: [],
  },
  {
    name: '10. Figured bass C–F(6)–G(7)–C (frustrated leading tone in the tenor)',
    input: {
      key: 'C major',
      meter: '4/4',
      chords: [
        f('', 'C5', 'E4', 'G3', 'C3'),
        f('6', 'D5', 'F4', 'A3', 'F3'),
        f('7', 'D5', 'F4', 'B3', 'G3'),
        f('', 'C5', 'E4', 'G3', 'C3'),
      ],
    },
    teacher: [],
  },
];

/** Faults students make in the same progressions, with what a teacher marks. */
export const STUDENT_FAULTS: TextbookProgression[] = [
  {
    name: 'ii → Cad64 with the fifth D–A falling to C–G (parallel fifths, alto and tenor)',
    input: {
      key: 'C major',
      meter: '4/4',
      chords: [c('ii', 'F5', 'A4', 'D4', 'D3'), c('Cad64', 'E5', 'G4', 'C4', 'G2'), c('V', 'D5', 'G4', 'B3', 'G2')],
    },
    teacher: ['parallel-fifths'],
  },
  {
    name: 'Ger+6 → V straight (Mozart fifths, bass and tenor)',
    input: { key: 'a minor', meter: '4/4', chords: [c('Ger+6', 'A4', 'D#4', 'C4', 'F2'), c('V', 'G#4', 'E4', 'B3', 'E2')] },
    teacher: ['parallel-fifths'],
  },
  {
    name: 'iv → V in minor with F–G♯ in the alto and the leading tone left unraised in V',
    input: {
      key: 'a minor',
      meter: '4/4',
      chords: [
        c('iv', 'D5', 'F4', 'A3', 'D3'),
        c('V', 'B4', 'G#4', 'E4', 'E3'),
        c('i', 'C5', 'A4', 'E4', 'A2'),
        c('V', 'B4', 'G4', 'E4', 'E3'),
      ],
    },
    teacher: ['augmented-melodic-interval', 'wrong-chord'],
  },
];
