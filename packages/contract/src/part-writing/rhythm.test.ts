import { describe, expect, it } from 'vitest';
import { type CheckInput, checkPartWriting, type Finding, harmonicEvents, nonChordToneKind, type PartWritingChordInput } from './check.ts';
import { chordOfFigures, chordOfLabel } from './chords.ts';
import { type Key, type Pitch, parseKey, parsePitch, pitchClassName } from './theory.ts';

/**
 * The checker on real textures (issue 35): lines with rhythm, harmonic notes, non-chord tones,
 * phrases, and the leading tone of the minor mode and of applied chords. What each case means:
 * docs/decisions/034-part-writing-checker.md.
 */

type Row = [label: string, beats: number, S: string, A: string, T: string, B: string];
const chords = (rows: Row[], extra: Partial<PartWritingChordInput>[] = []): PartWritingChordInput[] =>
  rows.map(([label, beats, S, A, T, B], i) => ({
    ...(label === '' ? {} : label.startsWith('fig:') ? { figures: label.slice(4) } : { numeral: label }),
    beats,
    S,
    A,
    T,
    B,
    ...(extra[i] ?? {}),
  }));
function check(key: string, rows: Row[], extra: Partial<CheckInput> = {}, chordExtra: Partial<PartWritingChordInput>[] = []): Finding[] {
  const result = checkPartWriting({ key, meter: '4/4', chords: chords(rows, chordExtra), ...extra });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.findings;
}
const summary = (findings: Finding[]) => findings.map((f) => `${f.rule} ${f.chords.map((c) => c + 1).join('–')} ${f.voices.join('')}`);
const p = (text: string) => parsePitch(text) as Pitch;

describe('non-chord tones', () => {
  it('names the kinds textbooks name, and nothing else', () => {
    expect(nonChordToneKind(p('C5'), p('D5'), p('E5'))).toBe('passing');
    expect(nonChordToneKind(p('C5'), p('D5'), p('C5'))).toBe('neighbour');
    expect(nonChordToneKind(p('C5'), p('C5'), p('B4'))).toBe('suspension');
    expect(nonChordToneKind(p('E5'), p('D5'), p('D5'))).toBe('anticipation');
    expect(nonChordToneKind(p('G4'), p('D5'), p('C5'))).toBe('appoggiatura');
    expect(nonChordToneKind(p('C5'), p('D5'), p('B4'))).toBe('escape');
    expect(nonChordToneKind(undefined, p('D5'), p('C5'))).toBe('incomplete-neighbour');
    // A leap in and a leap out; a step on and a leap on in the same direction.
    expect(nonChordToneKind(p('G4'), p('D5'), p('G5'))).toBeUndefined();
    expect(nonChordToneKind(p('C5'), p('D5'), p('F5'))).toBeUndefined();
  });

  it('takes passing notes and anticipations in eighths as written, and marks a note leapt into and out of', () => {
    // C: I – IV – V – I: the alto's A4 anticipates IV, the tenor's E4 passes from F4 to D4, the alto's F4 is a passing seventh.
    const rows: Row[] = [
      ['I', 1, 'C5', 'G4:8+A4:8', 'E4', 'C3'],
      ['IV', 1, 'C5', 'A4', 'F4:8+E4:8', 'F3'],
      ['V', 1, 'B4', 'G4:8+F4:8', 'D4', 'G2'],
      ['I', 1, 'C5', 'E4', 'E4', 'C3'],
    ];
    expect(check('C major', rows)).toEqual([]);
    // The tenor's G3 on the off-beat of IV is leapt into and out of: no kind of non-chord tone.
    const leap = rows.map((row, i) => (i === 1 ? (['IV', 1, 'C5', 'A4', 'F4:8+G3:8', 'F3'] as Row) : row));
    expect(summary(check('C major', leap))).toEqual(['non-chord-tone 2 T']);
  });

  it('takes a suspension (tied or struck again) and judges voice leading from its resolution', () => {
    // C: IV – V with a 4–3 suspension in the soprano (C5 tied over from IV, resolving to B4), then I.
    const tied: Row[] = [
      ['IV', 1, 'C5~', 'A4', 'F4', 'F3'],
      ['V', 1, 'C5:8+B4:8', 'G4', 'D4', 'G3'],
      ['I', 1, 'C5', 'G4', 'E4', 'C3'],
    ];
    expect(check('C major', tied)).toEqual([]);
    const struck: Row[] = [tied[0] as Row, ['V', 1, 'C5:8+B4:8', 'G4', 'D4', 'G3'], tied[2] as Row];
    struck[0] = ['IV', 1, 'C5', 'A4', 'F4', 'F3'];
    expect(check('C major', struck)).toEqual([]);
    // Without a label the tones the voices sound say the same: G C D over G, resolving to G B D.
    expect(
      check(
        'C major',
        tied.map(([, ...rest]) => ['', ...rest] as Row),
      ),
    ).toEqual([]);
    // The leading tone B4 (the resolution) rises to C5: no leading-tone finding. Were the soprano to stay on C5, V would lack its third.
    const unresolved: Row[] = [tied[0] as Row, ['V', 1, 'C5', 'G4', 'D4', 'G3'], tied[2] as Row];
    expect(summary(check('C major', unresolved))).toEqual(['wrong-chord 2 S', 'missing-third 2 ']);
  });

  it('takes an anticipation of the next chord’s note', () => {
    const rows: Row[] = [
      ['V', 1, 'B4:8.+C5:16', 'G4', 'D4', 'G2'],
      ['I', 1, 'C5', 'G4', 'E4', 'C3'],
    ];
    expect(check('C major', rows)).toEqual([]);
  });
});

describe('rhythm and phrases', () => {
  it('runs no motion rule from a phrase end to the next chord, and leaves a resting voice out', () => {
    // Parallel fifths S–B from C/F to D/G, but a phrase ends on the first chord: a new phrase may begin anywhere.
    const rows: Row[] = [
      ['', 1, 'C5', 'A4', 'F4', 'F3'],
      ['', 1, 'D5', 'B4', 'G4', 'G3'],
    ];
    expect(summary(check('C major', rows))).toContain('parallel-fifths 1–2 SB');
    expect(check('C major', rows, {}, [{ phrase_end: true }])).toEqual([]);
    // The alto breathes through the second chord: its rules are left out there.
    const breath: Row[] = [rows[0] as Row, ['', 1, 'D5', 'r', 'G4', 'G3']];
    expect(summary(check('C major', breath)).some((s) => s.includes('A'))).toBe(false);
  });

  it('reports parallel fifths that a passing note makes between notes struck one after the other', () => {
    // Alto and bass: E4/A2 … the alto's passing F4 over the bass's B♭2 on the off-beat: fifths from note to note.
    const rows: Row[] = [
      ['', 1, 'C5', 'E4:8+F4:8', 'A3', 'A2:8+Bb2:8'],
      ['', 1, 'B4', 'G4', 'D4', 'G2'],
    ];
    expect(summary(check('C major', rows)).filter((s) => s.startsWith('parallel'))).toEqual(['parallel-fifths 1 AB']);
  });

  it('takes the 5–6 motion and an arpeggiation between harmonic notes as breaking fifths', () => {
    // S–B: G4/C3 (fifth) … the soprano leaps to C5 (a chord tone) … A4/D3 (fifth).
    const skip: Row[] = [
      ['I', 1, 'G4:8+C5:8', 'E4', 'G3', 'C3'],
      ['ii', 1, 'A4', 'F4', 'D4', 'D3'],
    ];
    expect(summary(check('C major', skip)).filter((s) => s.startsWith('parallel'))).toEqual([]);
    // The same with a chromatic passing note instead of the leap: the fifths stand (an embellishment does not hide them).
    const passing: Row[] = [
      ['I', 1, 'G4:8+G#4:8', 'E4', 'G3', 'C3'],
      ['ii', 1, 'A4', 'F4', 'D4', 'D3'],
    ];
    expect(summary(check('C major', passing)).filter((s) => s.startsWith('parallel'))).toEqual(['parallel-fifths 1–2 SB']);
  });
});

describe('the leading tone in the minor mode and in applied chords', () => {
  const d = parseKey('d minor') as Key;
  const C = parseKey('C major') as Key;
  const leading = (spec: { tendencies: { pc: { step: number; alter: number }; kind: string }[] } | undefined) =>
    (spec?.tendencies ?? []).filter((t) => t.kind === 'leading-tone').map((t) => pitchClassName(t.pc));

  it('in D minor, ii°6 → i6/4 with E → D in the soprano is not an unresolved leading tone (figures and numerals)', () => {
    const figured: Row[] = [
      ['fig:6', 1, 'E5', 'Bb4', 'G4', 'G2'],
      ['fig:6 4', 1, 'D5', 'F4', 'A3', 'A2'],
      ['fig:#', 1, 'C#5', 'E4', 'A3', 'A2'],
    ];
    expect(summary(check('d minor', figured)).filter((s) => s.startsWith('leading-tone'))).toEqual([]);
    const numerals: Row[] = [
      ['ii°6', 1, 'E5', 'Bb4', 'G4', 'G2'],
      ['i64', 1, 'D5', 'F4', 'A3', 'A2'],
      ['V', 1, 'C#5', 'E4', 'A3', 'A2'],
    ];
    expect(summary(check('d minor', numerals)).filter((s) => s.startsWith('leading-tone'))).toEqual([]);
  });

  it('gives a leading tone to the chords that have one, and to no other chord of the minor mode', () => {
    const byNumeral = (numeral: string, key = d) => leading(chordOfLabel(numeral, key)?.spec);
    expect(['i', 'ii°', 'iiø7', 'III', 'III+', 'iv', 'IV', 'v', 'VI', 'VII', 'i64', 'iv6'].map((n) => [n, byNumeral(n)])).toEqual(
      ['i', 'ii°', 'iiø7', 'III', 'III+', 'iv', 'IV', 'v', 'VI', 'VII', 'i64', 'iv6'].map((n) => [n, []]),
    );
    expect(['V', 'V7', 'vii°', 'vii°7', 'viiø7', 'V65'].map((n) => byNumeral(n))).toEqual([['C#'], ['C#'], ['C#'], ['C#'], ['C#'], ['C#']]);
    // Applied chords lead to their own tonic: V/iv (D F♯ A → G), vii°7/V (G♯ B D F → A), V7/III (C E G B♭ → F).
    expect([byNumeral('V/iv'), byNumeral('vii°7/V'), byNumeral('V7/III')]).toEqual([['F#'], ['G#'], ['E']]);
    // Figures over each step of D minor: only the chords with C♯ (V, vii°) or a tone outside the key lead up.
    const fig = (figures: string, bass: string, key = d) => leading(chordOfFigures(figures, parsePitch(bass) as Pitch, key));
    expect([fig('', 'D3'), fig('6', 'G3'), fig('7', 'E3'), fig('', 'F3'), fig('', 'G3'), fig('', 'Bb2'), fig('', 'C3')]).toEqual([
      [],
      [],
      [],
      [],
      [],
      [],
      [],
    ]);
    expect([fig('#', 'A2'), fig('6', 'C#3'), fig('#6 5', 'E3'), fig('7', 'C#3')]).toEqual([['C#'], ['C#'], ['C#'], ['C#']]);
    // 6 5 over E with the key's C is C E G B♭, V7 of F (III): its E leads to F.
    expect(fig('6 5', 'E3')).toEqual(['E']);
    // Applied: a major triad with a third outside the key (D F♯ A over D in D minor, V/iv → G; D F♯ A in C, V/V → G),
    // a diminished triad on a tone outside the key (F♯ A C over A in C: vii°6/V); ii in C has none.
    expect([fig('#', 'D3'), fig('#', 'D3', C), fig('#6', 'A3', C), fig('', 'D3', C)]).toEqual([['F#'], ['F#'], ['F#'], []]);
  });
});

describe('harmonicEvents', () => {
  it('names the note of each line that holds the harmony: a suspension’s resolution, a note tied in, none while resting', () => {
    const events = harmonicEvents({
      key: 'C major',
      chords: [
        { numeral: 'IV', beats: 1, S: 'C5~', A: 'A4', T: 'F4', B: 'F3' },
        { numeral: 'V', beats: 1, S: 'C5:8+B4:8', A: 'r:8+G4:8', T: 'D4', B: 'G3' },
      ],
    });
    expect(events).toEqual([
      { S: 0, A: 0, T: 0, B: 0 },
      { S: 1, A: 1, T: 0, B: 0 },
    ]);
  });
});
