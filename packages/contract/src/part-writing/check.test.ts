import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../constants.ts';
import { type CheckInput, CheckProblemMessages, checkPartWriting, type Finding } from './check.ts';
import { chordOfFigures, chordOfLabel, figureMarks, keyedFigures, parseFigures } from './chords.ts';
import { findingMessage } from './messages.ts';
import { RULE_IDS, type RuleId } from './rules.ts';
import { STUDENT_FAULTS, TEXTBOOK_PROGRESSIONS } from './textbook-progressions.ts';
import { type Key, parseKey, pitchClassName } from './theory.ts';

type Row = [string, string, string, string, string];
const chords = (rows: Row[]) =>
  rows.map(([numeral, S, A, T, B]) => (numeral.startsWith('fig:') ? { figures: numeral.slice(4), S, A, T, B } : { numeral, S, A, T, B }));

function findings(key: string, rows: Row[], extra: Partial<CheckInput> = {}): Finding[] {
  const result = checkPartWriting({ key, meter: '4/4', chords: chords(rows), ...extra });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.findings;
}
const rules = (key: string, rows: Row[], extra: Partial<CheckInput> = {}) => findings(key, rows, extra).map((f) => f.rule);
const only = (rule: RuleId, key: string, rows: Row[], extra: Partial<CheckInput> = {}) =>
  findings(key, rows, extra).filter((f) => f.rule === rule);

// Good voicings to build on.
const I: Row = ['I', 'C5', 'E4', 'G3', 'C3'];
const V: Row = ['V', 'B4', 'D4', 'G3', 'G2'];

describe('chord spelling', () => {
  const C = parseKey('C major');
  const a = parseKey('a minor');
  const names = (numeral: string, key = C) =>
    chordOfLabel(numeral, key as Key)
      ?.spec.tones.map(pitchClassName)
      .join(' ');
  it('spells numerals, applied chords and the chromatic chords', () => {
    expect(names('V7')).toBe('G B D F');
    expect(names('IV7')).toBe('F A C E');
    expect(names('V', a)).toBe('E G# B');
    expect(names('vii°7', a)).toBe('G# B D F');
    expect(names('V65/V')).toBe('D F# A C');
    expect(names('vii°7/V')).toBe('F# A C Eb');
    expect(names('V7/ii')).toBe('A C# E G');
    expect(names('N6')).toBe('Db F Ab');
    expect(names('N6', a)).toBe('Bb D F');
    expect(names('It+6')).toBe('Ab C F#');
    expect(names('Fr+6')).toBe('Ab C F# D');
    expect(names('Ger+6', a)).toBe('F A D# C');
    expect(names('Cad64')).toBe('C E G');
    expect(chordOfLabel('Cad64', C as Key)?.spec.bass).toEqual({ step: 4, alter: 0 });
    expect(names('IVmaj7')).toBe('F A C E');
    expect(names('V9')).toBe('G B D F A');
    expect(names('V7[b9]', a)).toBe('E G# B D F');
    expect(names('vio6', a)).toBe('F# A C');
    expect(names('VI', a)).toBe('F A C');
    expect(names('VII', a)).toBe('G B D');
    expect(names('Ger65/V')).toBe('Eb G C# Bb');
    expect(names('e: V7')).toBe('B D# F# A');
  });
  it('reads figures with their abbreviations and accidentals', () => {
    expect([...(parseFigures('6 5') ?? new Map()).keys()].sort()).toEqual([3, 5, 6]);
    expect([...(parseFigures('42') ?? new Map()).keys()].sort()).toEqual([2, 4, 6]);
    expect(parseFigures('#')?.get(3)).toBe('#');
    expect(parseFigures('6#')?.get(6)).toBe('#');
    expect(parseFigures('b7')?.get(7)).toBe('b');
    expect(parseFigures('x')).toBeUndefined();
  });
  it('reads an accidental after its figure as well as before it (7b, 6n, 6#, 6+, the slashed 6\\)', () => {
    const sign = (text: string, n: number) => parseFigures(text)?.get(n);
    expect(sign('7b', 7)).toBe('b');
    expect(sign('b7', 7)).toBe('b');
    expect(sign('6n', 6)).toBe('n');
    expect(sign('n6', 6)).toBe('n');
    expect(sign('6#', 6)).toBe('#');
    expect(sign('#6', 6)).toBe('#');
    expect(sign('6+', 6)).toBe('#');
    expect(sign('+6', 6)).toBe('#');
    expect(sign('6\\', 6)).toBe('#');
    expect(sign('6♮', 6)).toBe('n');
    expect(sign('7b', 3)).toBe('');
    expect([...(parseFigures('7b') ?? new Map()).keys()].sort()).toEqual([3, 5, 7]);
    // Run together: a sign between two numbers belongs to the second, one after the last to the last.
    expect(sign('6b5', 5)).toBe('b');
    expect(sign('6b5', 6)).toBe('');
    expect(sign('65b', 5)).toBe('b');
    expect(sign('4+2', 4)).toBe('#');
    expect(figureMarks('6\\ 4')).toEqual([
      { number: 6, sign: '\\', place: 'suffix' },
      { number: 4, sign: '', place: 'none' },
    ]);
    expect(figureMarks('b7 #')).toEqual([
      { number: 7, sign: 'b', place: 'prefix' },
      { number: undefined, sign: '#', place: 'alone' },
    ]);
  });
  it('still refuses what is not figures: a sign on both sides, a number twice, a stray sign or letter', () => {
    for (const text of ['#6b', '6 6', '\\6', '\\', '7bb', '6x', '1', '# b', 'b7b']) expect(parseFigures(text), text).toBeUndefined();
  });
  it('spells the chord of a figure with a suffix accidental as the prefix one', () => {
    const c = { tonic: { step: 0, alter: 0 }, mode: 'major' as const };
    const tones = (text: string, bass: { step: number; alter: number }) =>
      chordOfFigures(text, bass, c)?.tones.map((t) => `${'CDEFGAB'[t.step]}${t.alter === 1 ? '#' : t.alter === -1 ? 'b' : ''}`);
    // Over G in C a flat seventh either way; over E the slashed or crossed 6 raises C to C#.
    expect(tones('7b', { step: 4, alter: 0 })).toEqual(tones('b7', { step: 4, alter: 0 }));
    expect(tones('6\\', { step: 2, alter: 0 })).toEqual(['E', 'C#', 'G']);
    expect(tones('6+', { step: 2, alter: 0 })).toEqual(tones('#6', { step: 2, alter: 0 }));
  });
});

describe('checkPartWriting: bad input is refused with a sentence', () => {
  it('names the chord with three voices, the pitch outside MIDI, the unknown numeral, the bad key', () => {
    const result = checkPartWriting({
      key: 'H major',
      chords: [
        { numeral: 'I', S: 'C5', A: 'E4', B: 'C3' },
        { numeral: 'IX', S: 'C5', A: 'E4', T: 'G3', B: 'C3' },
        { numeral: 'V', S: 'C10', A: 'E4', T: 'G3', B: 'C3' },
      ],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([
      { path: 'key', message: CheckProblemMessages.badKey },
      { path: 'chords.0', message: CheckProblemMessages.voices },
      { path: 'chords.2.S', message: CheckProblemMessages.outsideMidi('C10') },
    ]);
    const numeral = checkPartWriting({ key: 'C major', chords: [{ numeral: 'IX', S: 'C5', A: 'E4', T: 'G3', B: 'C3' }] });
    expect(numeral).toEqual({
      ok: false,
      problems: [{ path: 'chords.0.numeral', message: '"IX" is not a numeral such as V65/V, N6, Cad64 or Ger+6.' }],
    });
    const pitch = checkPartWriting({ key: 'C major', chords: [{ numeral: 'I', S: 'C#', A: 'E4', T: 'G3', B: 'C3' }] });
    expect(pitch).toEqual({ ok: false, problems: [{ path: 'chords.0.S', message: '"C#" is not a pitch such as C4, F#3 or Bb2.' }] });
  });
  it('refuses a meter counting no sensible measure ("99/8"), keeping "12/8" (QA2-7)', () => {
    const chord = { numeral: 'I', S: 'C5', A: 'E4', T: 'G3', B: 'C3' };
    for (const meter of ['99/8', '0/4', '13/8']) {
      expect(checkPartWriting({ key: 'C major', meter, chords: [chord] })).toEqual({
        ok: false,
        problems: [{ path: 'meter', message: 'A meter\'s upper number must be from 1 to 12, such as "4/4", "3/4" or "12/8".' }],
      });
    }
    expect(checkPartWriting({ key: 'C major', meter: '12/8', chords: [chord] }).ok).toBe(true);
  });
  it('accepts outer voices only (two-voice exercises)', () => {
    const result = checkPartWriting({
      key: 'C major',
      chords: [
        { numeral: 'I', S: 'C5', B: 'C3' },
        { numeral: 'V', S: 'D5', B: 'G2' },
      ],
    });
    expect(result).toEqual({ ok: true, findings: [] });
  });
});

describe('rules, one by one', () => {
  it('range: outside, at the edge, widened', () => {
    expect(only('range', 'C major', [['I', 'A5', 'C5', 'G4', 'C4']]).map((f) => f.voices)).toEqual([['S']]);
    expect(only('range', 'C major', [['I', 'G5', 'C5', 'G4', 'C4']])).toEqual([]);
    expect(only('range', 'C major', [['I', 'A5', 'C5', 'G4', 'C4']], { ranges: { S: ['C4', 'A5'] } })).toEqual([]);
  });

  it('spacing: more than an octave S–A or A–T; a wide T–B is fine', () => {
    expect(only('spacing', 'C major', [['I', 'G5', 'E4', 'C4', 'C3']]).map((f) => f.voices)).toEqual([['S', 'A']]);
    expect(only('spacing', 'C major', [['I', 'E5', 'E4', 'C4', 'C2']])).toEqual([]);
    expect(only('spacing', 'C major', [['I', 'E5', 'C5', 'G3', 'C3']]).map((f) => f.voices)).toEqual([['A', 'T']]);
  });

  it('crossing: a voice below the next one; a unison is not crossing', () => {
    expect(only('crossing', 'C major', [['I', 'E4', 'G4', 'C4', 'C3']]).map((f) => f.voices)).toEqual([['S', 'A']]);
    expect(only('crossing', 'C major', [['I', 'G4', 'G4', 'C4', 'C3']])).toEqual([]);
  });

  it('overlap: the tenor above where the alto was', () => {
    expect(
      only('overlap', 'C major', [
        ['I', 'C5', 'G4', 'E4', 'C3'],
        ['IV', 'C5', 'A4', 'A4', 'F3'],
      ]).map((f) => f.voices),
    ).toEqual([['A', 'T']]);
    expect(only('overlap', 'C major', [I, V])).toEqual([]);
    // from a unison, both voices falling: no place was passed
    expect(
      only('overlap', 'C major', [
        ['I', 'C5', 'G4', 'G4', 'C3'],
        ['V', 'B4', 'G4', 'D4', 'G2'],
      ]),
    ).toEqual([]);
    // a crossing is marked as crossing, not also as overlap
    const crossing = rules('C major', [
      ['I', 'C5', 'G4', 'E4', 'C3'],
      ['IV', 'C5', 'F4', 'A4', 'F3'],
    ]);
    expect(crossing).toContain('crossing');
    expect(crossing).not.toContain('overlap');
  });

  it('parallel fifths, compound ones too; d5→P5 between upper voices and P5→d5 are fine; d5→P5 with the bass is not', () => {
    const parallel = only('parallel-fifths', 'C major', [
      ['I', 'G4', 'E4', 'C4', 'C3'],
      ['ii', 'A4', 'F4', 'D4', 'D3'],
    ]);
    expect(parallel.map((f) => [f.chords, f.voices])).toEqual([
      [
        [0, 1],
        ['S', 'T'],
      ],
      [
        [0, 1],
        ['S', 'B'],
      ],
    ]);
    // vii°6 → I6 with F–B rising to G–C in the alto and tenor (tempting, correct)
    expect(
      only('parallel-fifths', 'C major', [
        ['viio6', 'D5', 'F4', 'B3', 'D3'],
        ['I6', 'C5', 'G4', 'C4', 'E3'],
      ]),
    ).toEqual([]);
    // I → vii°6 with G–C falling to F–B: P5 → d5
    expect(
      only('parallel-fifths', 'C major', [
        ['I', 'E5', 'G4', 'C4', 'C3'],
        ['viio6', 'D5', 'F4', 'B3', 'D3'],
      ]),
    ).toEqual([]);
    // d5 → P5 against the bass
    const unequal = only('parallel-fifths', 'C major', [
      ['V65', 'D5', 'F4', 'G3', 'B2'],
      ['I', 'E5', 'G4', 'G3', 'C3'],
    ]);
    expect(unequal.map((f) => [f.voices, f.params.unequal])).toEqual([[['A', 'B'], 1]]);
  });

  it('parallel octaves and unisons; octave leaps and held notes are not parallels', () => {
    expect(
      only('parallel-octaves', 'C major', [
        ['I', 'C5', 'E4', 'G3', 'C3'],
        ['ii', 'D5', 'F4', 'A3', 'D3'],
      ]).map((f) => f.voices),
    ).toEqual([['S', 'B']]);
    const unisons = only('parallel-octaves', 'C major', [
      ['I', 'C5', 'G4', 'G4', 'C3'],
      ['V', 'B4', 'G4', 'G4', 'G2'],
      ['I', 'C5', 'E4', 'E4', 'C3'],
    ]);
    expect(unisons.map((f) => [f.chords, f.params.unison])).toEqual([[[1, 2], 1]]);
    // the bass leaps an octave under a held tenor, then both leap an octave
    expect(
      only('parallel-octaves', 'C major', [
        ['I', 'E5', 'G4', 'C4', 'C3'],
        ['I', 'E5', 'G4', 'C4', 'C2'],
        ['I', 'E5', 'G4', 'C3', 'C2'],
      ]),
    ).toEqual([]);
    expect(
      only('parallel-octaves', 'C major', [
        ['I', 'E5', 'G4', 'C4', 'C3'],
        ['I', 'G4', 'E4', 'C3', 'C2'],
      ]),
    ).toEqual([]);
  });

  it('fifths and octaves by contrary motion; contrary octave leaps are fine', () => {
    const contrary = only('contrary-fifths-octaves', 'C major', [
      ['I', 'C5', 'E4', 'G3', 'C3'],
      ['V', 'G4', 'D4', 'B3', 'G3'],
    ]);
    expect(contrary.map((f) => [f.voices, f.params.interval])).toEqual([[['S', 'B'], 'octaves']]);
    const fifths = only('contrary-fifths-octaves', 'C major', [
      ['I', 'C5', 'E4', 'G3', 'C3'],
      ['V', 'B4', 'D4', 'D4', 'G2'],
    ]);
    expect(fifths.map((f) => [f.voices, f.params.interval])).toEqual([[['T', 'B'], 'fifths']]);
    expect(
      only('contrary-fifths-octaves', 'C major', [
        ['I', 'E5', 'G4', 'C4', 'C3'],
        ['I', 'E5', 'G4', 'C5', 'C2'],
      ]),
    ).toEqual([]);
  });

  it('direct fifths and octaves: outer voices in similar motion with a leap in the soprano; a step or inner voices are fine', () => {
    const direct = only('direct-fifths-octaves', 'C major', [
      ['I', 'E5', 'G4', 'C4', 'C3'],
      ['IV', 'F5', 'C5', 'A4', 'F3'],
      ['V', 'D5', 'B4', 'G4', 'G3'],
    ]);
    expect(direct).toEqual([]);
    const leap = only('direct-fifths-octaves', 'C major', [
      ['I', 'E4', 'G3', 'C3', 'C3'],
      ['V', 'G4', 'D4', 'B3', 'G3'],
    ]);
    expect(leap.map((f) => [f.chords, f.voices, f.params.interval])).toEqual([[[0, 1], ['S', 'B'], 'octave']]);
    // ii6 → V7: the alto and bass meet in an octave by similar motion, inner: not this rule
    expect(
      only('direct-fifths-octaves', 'C major', [
        ['I', 'C5', 'E4', 'G3', 'C3'],
        ['ii6', 'D5', 'F4', 'A3', 'F3'],
      ]),
    ).toEqual([]);
  });

  it('doubled leading tone in V, also in a secondary dominant; a doubled B in iii is not one', () => {
    expect(only('doubled-leading-tone', 'C major', [['V', 'B4', 'D4', 'B3', 'G2']]).map((f) => f.voices)).toEqual([['S', 'T']]);
    expect(only('doubled-leading-tone', 'C major', [['V/V', 'F#4', 'D4', 'F#3', 'D3']]).map((f) => f.params.note)).toEqual(['F#']);
    expect(only('doubled-leading-tone', 'C major', [['iii', 'B4', 'G4', 'B3', 'E3']])).toEqual([]);
    expect(only('doubled-leading-tone', 'a minor', [['V', 'G#4', 'E4', 'G#3', 'E3']]).length).toBe(1);
  });

  it('leading-tone resolution: up to the tonic; a frustrated leading tone in an inner voice is allowed, in the soprano it is not', () => {
    expect(
      only('leading-tone-resolution', 'C major', [
        ['V', 'B4', 'D4', 'G3', 'G2'],
        ['I', 'G4', 'E4', 'C4', 'C3'],
      ]).map((f) => f.voices),
    ).toEqual([['S']]);
    expect(
      only('leading-tone-resolution', 'C major', [
        ['V7', 'D5', 'F4', 'B3', 'G3'],
        ['I', 'C5', 'E4', 'G3', 'C3'],
      ]),
    ).toEqual([]);
    expect(
      only('leading-tone-resolution', 'a minor', [
        ['V', 'B4', 'E4', 'G#3', 'E3'],
        ['i', 'C5', 'E4', 'A3', 'A2'],
      ]),
    ).toEqual([]);
    // deceptive: the leading tone must still rise (B → A in the alto is wrong)
    expect(
      only('leading-tone-resolution', 'C major', [
        ['V', 'D5', 'B4', 'G4', 'G3'],
        ['vi', 'C5', 'A4', 'E4', 'A3'],
      ]).map((f) => f.voices),
    ).toEqual([['A']]);
    // V → V7 continues the dominant: nothing to resolve yet
    expect(
      only('leading-tone-resolution', 'C major', [
        ['V', 'D5', 'B4', 'G4', 'G3'],
        ['V7', 'F5', 'B4', 'D4', 'G3'],
      ]),
    ).toEqual([]);
  });

  it('applied leading tones: F♯ rises to G; in V7/V → V7 it may fall chromatically to F', () => {
    expect(
      only('leading-tone-resolution', 'C major', [
        ['V7/V', 'C5', 'F#4', 'A3', 'D3'],
        ['V', 'B4', 'G4', 'G3', 'G2'],
      ]),
    ).toEqual([]);
    // in the alto F♯ may fall to D (frustrated, inner voice); in the soprano it may not
    expect(
      only('leading-tone-resolution', 'C major', [
        ['V7/V', 'C5', 'F#4', 'A3', 'D3'],
        ['V', 'B4', 'D4', 'G3', 'G2'],
      ]),
    ).toEqual([]);
    expect(
      only('leading-tone-resolution', 'C major', [
        ['V7/V', 'F#4', 'C4', 'A3', 'D3'],
        ['V', 'D4', 'B3', 'G3', 'G2'],
      ]).map((f) => f.voices),
    ).toEqual([['S']]);
    expect(
      only('leading-tone-resolution', 'C major', [
        ['V65/V', 'C5', 'A4', 'D4', 'F#3'],
        ['V7', 'B4', 'G4', 'D4', 'F3'],
      ]),
    ).toEqual([]);
  });

  it('augmented sixths: ♯4 rises and ♭6 falls to 5; doubling either is wrong', () => {
    expect(
      rules('a minor', [
        ['It+6', 'A4', 'D#4', 'A3', 'F2'],
        ['V', 'B4', 'E4', 'G#3', 'E2'],
      ]),
    ).toEqual([]);
    expect(
      only('leading-tone-resolution', 'a minor', [
        ['It+6', 'A4', 'D#4', 'A3', 'F2'],
        ['V', 'B4', 'B3', 'G#3', 'E3'],
      ]).map((f) => [f.voices, f.params.upper]),
    ).toEqual([
      [['A'], 0],
      [['B'], 1],
    ]);
    expect(only('doubled-leading-tone', 'a minor', [['It+6', 'D#5', 'A4', 'D#4', 'F3']]).map((f) => f.voices)).toEqual([['S', 'T']]);
    expect(only('doubled-leading-tone', 'a minor', [['It+6', 'F5', 'A4', 'D#4', 'F3']]).map((f) => f.message)).toEqual([
      'Chord 1 (m. 1, beat 1): the tendency tone F is doubled.',
    ]);
    expect(
      rules('C major', [
        ['Fr+6', 'D5', 'F#4', 'C4', 'Ab2'],
        ['V', 'D5', 'G4', 'B3', 'G2'],
      ]),
    ).toEqual([]);
    expect(
      rules('C major', [
        ['Ger+6', 'C5', 'F#4', 'D#4', 'Ab2'],
        ['Cad64', 'C5', 'G4', 'E4', 'G2'],
        ['V', 'B4', 'G4', 'D4', 'G2'],
      ]),
    ).toEqual([]);
  });

  it('the Neapolitan sixth: ♭2 spelled, its bass the third', () => {
    expect(
      rules('C major', [
        ['N6', 'Db5', 'Ab4', 'F4', 'F3'],
        ['V', 'B4', 'G4', 'D4', 'G2'],
      ]),
    ).toEqual([]);
    const misspelled = only('wrong-chord', 'C major', [['N6', 'C#5', 'Ab4', 'F4', 'F3']]);
    expect(misspelled.map((f) => [f.voices, f.params.variant, f.params.spelled])).toEqual([[['S'], 'spelling', 'Db']]);
    expect(only('wrong-bass', 'C major', [['N6', 'F5', 'Ab4', 'F4', 'Db3']]).map((f) => f.params.expected)).toEqual(['F']);
  });

  it('seventh resolution: down by step; transfer within the chord, V43 → I6 rising and ii7 held into Cad64 are fine', () => {
    expect(
      only('seventh-resolution', 'C major', [
        ['V7', 'F5', 'B4', 'D4', 'G3'],
        ['I', 'G5', 'C5', 'E4', 'C3'],
      ]).map((f) => f.voices),
    ).toEqual([['S']]);
    expect(
      only('seventh-resolution', 'C major', [
        ['V7', 'F5', 'B4', 'D4', 'G3'],
        ['I', 'E5', 'C5', 'E4', 'C3'],
      ]),
    ).toEqual([]);
    expect(
      only('seventh-resolution', 'C major', [
        ['V7', 'F5', 'B4', 'D4', 'G3'],
        ['V65', 'D5', 'G4', 'F4', 'B2'],
      ]),
    ).toEqual([]);
    expect(
      only('seventh-resolution', 'C major', [
        ['V43', 'F5', 'B4', 'G4', 'D3'],
        ['I6', 'G5', 'C5', 'G4', 'E3'],
      ]),
    ).toEqual([]);
    expect(
      only('seventh-resolution', 'C major', [
        ['ii65', 'C5', 'A4', 'D4', 'F3'],
        ['Cad64', 'C5', 'G4', 'E4', 'G3'],
        ['V', 'B4', 'G4', 'D4', 'G3'],
      ]),
    ).toEqual([]);
  });

  it('seventh preparation: only in strict style, only for non-dominant sevenths', () => {
    const unprepared: Row[] = [
      ['I', 'E5', 'G4', 'C4', 'C3'],
      ['ii7', 'C5', 'F4', 'A3', 'D3'],
    ];
    expect(only('seventh-preparation', 'C major', unprepared)).toEqual([]);
    expect(only('seventh-preparation', 'C major', unprepared, { style: 'strict' }).map((f) => [f.chords, f.voices])).toEqual([
      [[0, 1], ['S']],
    ]);
    expect(
      only(
        'seventh-preparation',
        'C major',
        [
          ['I', 'C5', 'G4', 'E4', 'C3'],
          ['ii7', 'C5', 'F4', 'A3', 'D3'],
        ],
        { style: 'strict' },
      ),
    ).toEqual([]);
    expect(only('seventh-preparation', 'C major', [I, ['V7', 'B4', 'F4', 'D4', 'G2']], { style: 'strict' })).toEqual([]);
  });

  it('doubled seventh', () => {
    expect(only('doubled-seventh', 'C major', [['V7', 'F5', 'B4', 'F4', 'G3']]).map((f) => f.voices)).toEqual([['S', 'T']]);
    expect(only('doubled-seventh', 'C major', [['V7', 'F5', 'B4', 'D4', 'G3']])).toEqual([]);
  });

  it('augmented melodic intervals: the augmented second in minor; a diminished third and a chromatic semitone are fine', () => {
    const aug2 = only('augmented-melodic-interval', 'a minor', [
      ['iv', 'D5', 'F4', 'A3', 'D3'],
      ['V', 'B4', 'G#4', 'E4', 'E3'],
    ]);
    expect(aug2.map((f) => [f.voices, f.params.interval])).toEqual([[['A'], 'augmented second']]);
    expect(
      only('augmented-melodic-interval', 'a minor', [
        ['N6', 'Bb4', 'F4', 'D4', 'D3'],
        ['V', 'G#4', 'E4', 'B3', 'E3'],
      ]),
    ).toEqual([]);
    expect(
      only('augmented-melodic-interval', 'C major', [
        ['I', 'C5', 'E4', 'G3', 'C3'],
        ['V/ii', 'C#5', 'E4', 'A3', 'A2'],
      ]),
    ).toEqual([]);
  });

  it('leaps larger than an octave; an octave leap is fine', () => {
    expect(
      only('leap-too-large', 'C major', [I, ['V', 'B4', 'D4', 'G3', 'G3'], ['I', 'C5', 'E4', 'G3', 'C2']]).map((f) => f.voices),
    ).toEqual([['B']]);
    expect(only('leap-too-large', 'C major', [I, ['I', 'C5', 'E4', 'G3', 'C2']])).toEqual([]);
  });

  it('missing third; a missing fifth in root position is fine; a wrong third is one wrong note', () => {
    expect(only('missing-third', 'C major', [['I', 'C5', 'G4', 'C4', 'C3']]).map((f) => f.params.note)).toEqual(['E']);
    expect(only('missing-third', 'C major', [['I', 'C5', 'E4', 'C4', 'C3']])).toEqual([]);
    expect(rules('a minor', [['V', 'B4', 'G4', 'E4', 'E3']])).toEqual(['wrong-chord']);
  });

  it('wrong chord: a foreign note, a misspelling, a missing root or seventh', () => {
    expect(only('wrong-chord', 'C major', [['I', 'D5', 'E4', 'G3', 'C3']]).map((f) => [f.voices, f.params.variant])).toEqual([
      [['S'], 'not-in-chord'],
    ]);
    expect(only('wrong-chord', 'C major', [['V65/V', 'C5', 'A4', 'D4', 'Gb3']]).map((f) => [f.voices, f.params.variant])).toEqual([
      [['B'], 'spelling'],
    ]);
    expect(only('wrong-chord', 'C major', [['V7', 'D5', 'B4', 'D4', 'G3']]).map((f) => [f.params.variant, f.params.note])).toEqual([
      ['missing', 'F'],
    ]);
    expect(only('wrong-chord', 'a minor', [['i', 'C5', 'E4', 'G3', 'A2']]).map((f) => f.voices)).toEqual([['T']]);
  });

  it('wrong bass: the inversion the numeral names', () => {
    expect(only('wrong-bass', 'C major', [['I6', 'C5', 'G4', 'E4', 'C3']]).map((f) => [f.params.expected, f.params.note])).toEqual([
      ['E', 'C'],
    ]);
    expect(only('wrong-bass', 'C major', [['I6', 'C5', 'G4', 'C4', 'E3']])).toEqual([]);
  });

  it('cadential six-four: doubles the bass, and goes to V over the same bass with 6–5 and 4–3', () => {
    expect(only('cadential-64-doubling', 'C major', [['Cad64', 'E5', 'C5', 'C4', 'G2']]).map((f) => f.voices)).toEqual([['A', 'T']]);
    expect(only('cadential-64-doubling', 'C major', [['Cad64', 'E5', 'C5', 'G4', 'G2']])).toEqual([]);
    expect(
      only('unresolved-64', 'C major', [
        ['Cad64', 'E5', 'C5', 'G4', 'G2'],
        ['I', 'E5', 'C5', 'G4', 'C3'],
      ]).map((f) => f.params.variant),
    ).toEqual(['no-dominant']);
    expect(
      only('unresolved-64', 'C major', [
        ['Cad64', 'E5', 'C5', 'G4', 'G2'],
        ['V', 'D5', 'B4', 'G4', 'G2'],
      ]),
    ).toEqual([]);
    const leaps = only('unresolved-64', 'C major', [
      ['Cad64', 'E5', 'C5', 'G4', 'G2'],
      ['V', 'G5', 'B4', 'D4', 'G2'],
    ]);
    expect(leaps.map((f) => [f.voices, f.params.variant])).toEqual([[['S'], 'sixth']]);
    // I64 → V over the same bass is cadential too; a passing I64 is not
    expect(
      only('cadential-64-doubling', 'C major', [
        ['I64', 'E5', 'C5', 'C4', 'G2'],
        ['V7', 'D5', 'B4', 'F4', 'G2'],
      ]).length,
    ).toBe(1);
    expect(
      only('unresolved-64', 'C major', [
        ['IV', 'C5', 'A4', 'F4', 'F3'],
        ['I64', 'C5', 'G4', 'E4', 'G3'],
        ['IV6', 'C5', 'F4', 'F4', 'A3'],
      ]),
    ).toEqual([]);
  });

  it('repeated chords are not errors', () => {
    expect(rules('C major', [I, I, V, V, I])).toEqual([]);
  });

  it('a key change in a label (decision 031) changes the running key', () => {
    expect(
      rules('C major', [
        ['I', 'E5', 'G4', 'C4', 'C3'],
        ['G: V7', 'D5', 'F#4', 'C4', 'D3'],
        ['I', 'D5', 'G4', 'B3', 'G2'],
      ]),
    ).toEqual([]);
    // read in C, the same notes are wrong: F♯ is not in V7 of C
    expect(
      rules('C major', [
        ['I', 'E5', 'G4', 'C4', 'C3'],
        ['V7', 'D5', 'F#4', 'C4', 'D3'],
      ]),
    ).toContain('wrong-bass');
    expect(
      rules('C major', [I, ['V = G: I', 'B4', 'D4', 'G3', 'G2'], ['V7', 'C5', 'F#4', 'A3', 'D3'], ['I', 'B4', 'G4', 'G3', 'G2']]),
    ).toEqual([]);
  });

  it('figured bass: the figures over the given bass, with accidentals', () => {
    expect(
      rules('a minor', [
        ['fig:', 'C5', 'E4', 'A3', 'A2'],
        ['fig:#', 'B4', 'E4', 'G#3', 'E3'],
        ['fig:', 'C5', 'E4', 'A3', 'A2'],
      ]),
    ).toEqual([]);
    expect(only('wrong-chord', 'a minor', [['fig:#', 'B4', 'E4', 'G3', 'E3']]).map((f) => f.voices)).toEqual([['T']]);
    expect(
      only('leading-tone-resolution', 'C major', [
        ['fig:7 #', 'F#4', 'C4', 'A3', 'D3'],
        ['fig:', 'D4', 'B3', 'G3', 'G2'],
      ]).map((f) => f.voices),
    ).toEqual([['S']]);
  });

  it('figured bass that changes key: a key before the figures (G: 7, decision 031) is in force from that chord on', () => {
    const modulating: Row[] = [
      ['fig:', 'C5', 'G4', 'E4', 'C3'],
      ['fig:G: 7', 'C5', 'F#4', 'A3', 'D3'],
      ['fig:', 'B4', 'G4', 'B3', 'G2'],
      ['fig:', 'A4', 'F#4', 'D4', 'D3'],
    ];
    expect(rules('C major', modulating)).toEqual([]);
    // F♯ is now the leading tone: falling from it in the soprano is marked, as in G.
    expect(
      only('leading-tone-resolution', 'C major', [
        ['fig:G: 7', 'F#4', 'C4', 'A3', 'D3'],
        ['fig:', 'D4', 'B3', 'G3', 'G2'],
      ]).map((f) => f.voices),
    ).toEqual([['S']]);
    // Read in C, the same notes are wrong: the 7 over D is D F A C, and the later D chord D F A.
    const unkeyed = modulating.map((row) => (row[0] === 'fig:G: 7' ? (['fig:7', ...row.slice(1)] as Row) : row));
    expect(only('wrong-chord', 'C major', unkeyed).map((f) => f.chords)).toEqual([[1], [3]]);
    // Back to C later: 'C:' alone over a plain 5 3.
    expect(rules('C major', [...modulating.slice(0, 3), ['fig:C:', 'C5', 'G4', 'E4', 'C3']])).toEqual([]);
    expect(keyedFigures('e: #6')).toMatchObject({ token: 'e', figures: '#6' });
    expect(keyedFigures('6 5')).toEqual({ key: undefined, token: undefined, figures: '6 5' });
    expect(parseFigures('H: 6')).toBeUndefined();
    expect(parseFigures('G: 6 5')).toEqual(parseFigures('6 5'));
  });

  it('a key before the figures typed full-width (Chinese, Japanese, Korean input methods: "Ｇ： ６ ５") is read as "G: 6 5" (QA Q14)', () => {
    expect(keyedFigures('Ｇ： ６ ５')).toMatchObject({ token: 'G', figures: '6 5' });
    expect(keyedFigures('Ｇ： ６ ５').key).toEqual(keyedFigures('G: 6 5').key);
    expect(keyedFigures('ｅ：＃６')).toMatchObject({ token: 'e', figures: '#6' });
    expect(keyedFigures('Ｃ：')).toMatchObject({ token: 'C', figures: '' });
    expect(parseFigures('Ｇ： ６ ５')).toEqual(parseFigures('6 5'));
    expect(parseFigures('ｅ：＃６')).toEqual(parseFigures('#6'));
    expect(parseFigures('Ｈ：６')).toBeUndefined();
    // The checker reads the chords from there in G, as with the ASCII signs.
    const fullWidth: Row[] = [
      ['fig:', 'C5', 'G4', 'E4', 'C3'],
      ['fig:Ｇ：７', 'C5', 'F#4', 'A3', 'D3'],
      ['fig:', 'B4', 'G4', 'B3', 'G2'],
      ['fig:', 'A4', 'F#4', 'D4', 'D3'],
    ];
    expect(rules('C major', fullWidth)).toEqual([]);
    // A keyed numeral's label, '：' full-width, names the same chord.
    const C = parseKey('C major') as Key;
    expect(chordOfLabel('Ｇ：Ｖ７', C)).toEqual(chordOfLabel('G: V7', C));
    // The exercise's own key, typed full-width, is the same key.
    expect(parseKey('Ｇ')).toEqual(parseKey('G'));
    expect(parseKey('ｆ＃ ｍｉｎｏｒ')).toEqual(parseKey('f# minor'));
    expect(rules('Ｃ', fullWidth)).toEqual([]);
  });

  it('rules can be turned off', () => {
    expect(
      rules(
        'C major',
        [
          ['I', 'C5', 'E4', 'G3', 'C3'],
          ['ii', 'D5', 'F4', 'A3', 'D3'],
        ],
        { off: ['parallel-octaves', 'parallel-fifths'] },
      ),
    ).toEqual([]);
  });
});

describe('messages', () => {
  it('has a sentence for every rule in every language, with no hole', () => {
    const params = {
      chord: 2,
      from: 2,
      to: 3,
      voice: 'A',
      upper: 'S',
      lower: 'A',
      note: 'F#',
      target: 'G',
      expected: 'D F# A C',
      label: 'V65/V',
      spelled: 'Gb',
      notes: 'F4–G#4',
      interval: 'augmented second',
      low: 'C4',
      high: 'G5',
      variant: 'sixth',
    };
    for (const language of LANGUAGE_CODES) {
      const sentences = RULE_IDS.map((rule) => findingMessage(rule, params, language));
      for (const sentence of sentences) expect(sentence).not.toMatch(/undefined|NaN|\{/);
      expect(new Set(sentences).size).toBe(RULE_IDS.length);
    }
    expect(findingMessage('augmented-melodic-interval', params, 'ko')).toContain('증2도');
  });
});

describe('ten textbook progressions and three student faults', () => {
  it.each([...TEXTBOOK_PROGRESSIONS, ...STUDENT_FAULTS].map((p) => [p.name, p] as const))('%s', (_name, progression) => {
    const result = checkPartWriting(progression.input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect([...new Set(result.findings.map((f) => f.rule))].sort()).toEqual([...progression.teacher].sort());
  });
});
