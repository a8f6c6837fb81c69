import { type ChordSpec, chordOfFigures, chordOfLabel, keyAfter, parseFigures, toneFor } from './chords.ts';
import { type FindingParams, findingMessage, type Language } from './messages.ts';
import { DEFAULT_RANGES, RULE_IDS, type RuleId, type Style, VOICES, type Voice } from './rules.ts';
import {
  intervalBetween,
  intervalName,
  isAugmented,
  isDiminishedFifth,
  isPerfectFifth,
  isPerfectOctaveOrUnison,
  type Key,
  midi,
  type Pitch,
  type PitchClass,
  parseKey,
  parsePitch,
  pitchClassName,
  pitchName,
  samePitchClass,
  sameSound,
} from './theory.ts';

/**
 * The part-writing checker (issue 27): four voices (or the outer two) chord by chord, a key, the
 * numerals or figures; out come findings, each with a rule id, the chords (0-based) and voices
 * involved, an English sentence and the params the other languages' sentences are built from.
 * Pure: the server's POST /api/part-writing/check and the browser's practice feedback share it.
 * What each rule means: docs/decisions/034-part-writing-checker.md.
 */

export type PartWritingChordInput = {
  numeral?: string;
  figures?: string;
} & Partial<Record<Voice, string>>;

export type CheckInput = {
  key: string;
  meter?: string;
  style?: Style;
  chords: PartWritingChordInput[];
  /** Widened ranges per voice, as pitch names: { S: ['A3', 'A5'] }. */
  ranges?: Partial<Record<Voice, readonly [string, string]>>;
  /** Rules turned off. */
  off?: readonly RuleId[];
};

export type Finding = {
  rule: RuleId;
  chords: number[];
  voices: Voice[];
  message: string;
  params: FindingParams;
};

export type CheckProblem = { path: string; message: string };
export type CheckResult = { ok: true; findings: Finding[] } | { ok: false; problems: CheckProblem[] };

export const MAX_CHORDS = 200;
/** The most beats a meter may count in a measure ("12/8"; "99/8" is no meter anyone writes part writing in). */
export const MAX_METER_BEATS = 12;

/** Whether a meter's upper number (written as "4/4", "6/8"…) counts 1 to MAX_METER_BEATS beats. */
export function meterBeatsInRange(meter: string): boolean {
  const beats = Number(meter.split('/')[0]);
  return Number.isInteger(beats) && beats >= 1 && beats <= MAX_METER_BEATS;
}

/** The sentences of the input problems (the endpoint's 400 messages say the same). */
export const CheckProblemMessages = {
  badKey: 'Key must be a tonic and a mode, such as "C major" or "a minor".',
  badMeter: 'Meter must be written as "4/4", "3/4", "6/8" and the like.',
  meterBeats: `A meter's upper number must be from 1 to ${MAX_METER_BEATS}, such as "4/4", "3/4" or "12/8".`,
  noChords: 'Give at least one chord.',
  tooManyChords: `At most ${MAX_CHORDS} chords.`,
  voices: 'Each chord needs the same voices: S, A, T and B, or S and B only.',
  badPitch: (note: string) => `"${note}" is not a pitch such as C4, F#3 or Bb2.`,
  outsideMidi: (note: string) => `"${note}" is outside the MIDI range (C-1 to G9).`,
  badNumeral: (numeral: string) => `"${numeral}" is not a numeral such as V65/V, N6, Cad64 or Ger+6.`,
  badFigures: (figures: string) => `"${figures}" are not figured-bass figures.`,
  badRange: 'A range is two pitches, the lower first.',
} as const;

const VOICE_INDEX: Record<Voice, number> = { S: 0, A: 1, T: 2, B: 3 };

type Parsed = {
  voices: Voice[];
  pitches: Pitch[][];
  specs: (ChordSpec | undefined)[];
  ranges: Record<Voice, readonly [number, number]>;
};

function parseInput(input: CheckInput): { ok: true; parsed: Parsed } | { ok: false; problems: CheckProblem[] } {
  const problems: CheckProblem[] = [];
  const home = parseKey(input.key);
  if (!home) problems.push({ path: 'key', message: CheckProblemMessages.badKey });
  if (input.meter !== undefined && !/^\d{1,2}\/(1|2|4|8|16|32)$/.test(input.meter)) {
    problems.push({ path: 'meter', message: CheckProblemMessages.badMeter });
  } else if (input.meter !== undefined && !meterBeatsInRange(input.meter)) {
    problems.push({ path: 'meter', message: CheckProblemMessages.meterBeats });
  }
  const chords = Array.isArray(input.chords) ? input.chords : [];
  if (chords.length === 0) problems.push({ path: 'chords', message: CheckProblemMessages.noChords });
  if (chords.length > MAX_CHORDS) problems.push({ path: 'chords', message: CheckProblemMessages.tooManyChords });
  const written = chords.map((chord) => VOICES.filter((v) => chord[v] !== undefined && chord[v] !== ''));
  // Four voices unless every chord has only the outer two.
  const expected = written.every((list) => list.join('') === 'SB') ? 'SB' : 'SATB';
  const voices = (expected === 'SATB' ? ['S', 'A', 'T', 'B'] : ['S', 'B']) as Voice[];
  written.forEach((list, i) => {
    if (list.join('') !== expected) problems.push({ path: `chords.${i}`, message: CheckProblemMessages.voices });
  });
  const ranges: Record<Voice, readonly [number, number]> = { ...DEFAULT_RANGES };
  for (const v of VOICES) {
    const range = input.ranges?.[v];
    if (!range) continue;
    const low = parsePitch(range[0]);
    const high = parsePitch(range[1]);
    if (!low || !high || midi(low) > midi(high)) problems.push({ path: `ranges.${v}`, message: CheckProblemMessages.badRange });
    else ranges[v] = [midi(low), midi(high)];
  }
  const pitches: Pitch[][] = [];
  const specs: (ChordSpec | undefined)[] = [];
  let running = home;
  chords.forEach((chord, i) => {
    const row: Pitch[] = [];
    for (const v of voices) {
      if (!written[i]?.includes(v)) continue; // reported above: the chord lacks a voice
      const text = chord[v] ?? '';
      const pitch = parsePitch(text);
      if (!pitch) problems.push({ path: `chords.${i}.${v}`, message: CheckProblemMessages.badPitch(text) });
      else if (midi(pitch) < 0 || midi(pitch) > 127)
        problems.push({ path: `chords.${i}.${v}`, message: CheckProblemMessages.outsideMidi(text) });
      else row.push(pitch);
    }
    pitches.push(row);
    if (!running) return;
    let spec: ChordSpec | undefined;
    if (chord.numeral !== undefined && chord.numeral.trim() !== '') {
      const read = chordOfLabel(chord.numeral, running);
      if (!read) problems.push({ path: `chords.${i}.numeral`, message: CheckProblemMessages.badNumeral(chord.numeral) });
      else {
        running = read.key;
        spec = read.spec;
      }
    } else if (chord.figures !== undefined) {
      const bass = row.length === voices.length ? row[row.length - 1] : undefined;
      if (!parseFigures(chord.figures))
        problems.push({ path: `chords.${i}.figures`, message: CheckProblemMessages.badFigures(chord.figures) });
      else {
        // A key before the figures ('G: 6 5', decision 031) is in force from this chord on.
        running = keyAfter(chord, running);
        if (bass && voices.includes('B')) spec = chordOfFigures(chord.figures, bass, running);
      }
    }
    specs.push(spec);
  });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, parsed: { voices, pitches, specs, ranges } };
}

/** Check a progression. Bad input (a chord with three voices, an unknown numeral) comes back as problems, never thrown. */
export function checkPartWriting(input: CheckInput, language: Language = 'en'): CheckResult {
  const read = parseInput(input);
  if (!read.ok) return read;
  const { voices, pitches, specs, ranges } = read.parsed;
  const strict = input.style === 'strict';
  const off = new Set<RuleId>(input.off ?? []);
  const findings: Finding[] = [];
  const add = (rule: RuleId, chords: number[], involved: Voice[], params: FindingParams) => {
    if (off.has(rule)) return;
    const sorted = [...new Set(involved)].sort((a, b) => VOICE_INDEX[a] - VOICE_INDEX[b]);
    findings.push({ rule, chords, voices: sorted, message: findingMessage(rule, params, language), params });
  };
  const n = pitches.length;
  const note = (i: number, v: Voice) => pitches[i]?.[voices.indexOf(v)] as Pitch;
  const has = (v: Voice) => voices.includes(v);

  for (let i = 0; i < n; i++) {
    const spec = specs[i];
    const chord = i + 1;
    // range
    for (const v of voices) {
      const [low, high] = ranges[v];
      const m = midi(note(i, v));
      if (m < low || m > high) {
        add('range', [i], [v], { chord, voice: v, note: pitchName(note(i, v)), low: midiName(low), high: midiName(high) });
      }
    }
    if (has('A') && has('T')) {
      // spacing: S–A and A–T within an octave
      for (const [upper, lower] of [
        ['S', 'A'],
        ['A', 'T'],
      ] as [Voice, Voice][]) {
        if (midi(note(i, upper)) - midi(note(i, lower)) > 12) add('spacing', [i], [upper, lower], { chord, upper, lower });
      }
    }
    // crossing: a voice below the one under it
    for (let k = 0; k + 1 < voices.length; k++) {
      const upper = voices[k] as Voice;
      const lower = voices[k + 1] as Voice;
      if (midi(note(i, upper)) < midi(note(i, lower))) add('crossing', [i], [upper, lower], { chord, upper, lower });
    }
    if (spec) checkChord(i, spec);
  }

  function checkChord(i: number, spec: ChordSpec) {
    const chord = i + 1;
    const row = voices.map((v) => ({ v, p: note(i, v) }));
    const four = voices.length === 4;
    const label = spec.label;
    const expected = spec.tones.map(pitchClassName).join(' ');
    // wrong-bass (the bass a numeral's inversion asks for)
    let bassReported = false;
    if (spec.bass && has('B') && !sameSound(note(i, 'B'), spec.bass)) {
      add('wrong-bass', [i], ['B'], { chord, label, note: pitchClassName(note(i, 'B')), expected: pitchClassName(spec.bass) });
      bassReported = true;
    }
    // wrong-chord: notes outside the chord, misspellings, tones the chord needs
    for (const { v, p } of row) {
      if (v === 'B' && bassReported) continue;
      if (toneFor(spec, p)) continue;
      const enharmonic = spec.tones.find((t) => sameSound(t, p));
      if (enharmonic)
        add('wrong-chord', [i], [v], {
          chord,
          voice: v,
          label,
          note: pitchClassName(p),
          spelled: pitchClassName(enharmonic),
          variant: 'spelling',
          expected,
        });
      else add('wrong-chord', [i], [v], { chord, voice: v, label, note: pitchClassName(p), expected, variant: 'not-in-chord' });
    }
    const holds = (tone: PitchClass) => row.filter(({ p }) => sameSound(p, tone)).map(({ v }) => v);
    // A tone written on its letter but altered wrongly (G for G♯) is one wrong note, not also a missing tone.
    const onLetter = (tone: PitchClass) => row.some(({ p }) => p.step === tone.step);
    if (four) {
      for (const tone of spec.required) {
        if (holds(tone).length === 0 && !onLetter(tone))
          add('wrong-chord', [i], [], { chord, label, note: pitchClassName(tone), expected, variant: 'missing' });
      }
      // missing-third
      if (spec.third && spec.kind !== 'augmented-sixth' && holds(spec.third).length === 0 && !onLetter(spec.third)) {
        add('missing-third', [i], [], { chord, note: pitchClassName(spec.third) });
      }
    }
    // doubled-leading-tone (and the augmented sixth's ♭6)
    for (const tendency of spec.tendencies) {
      const doubled = holds(tendency.pc);
      if (doubled.length > 1) {
        add('doubled-leading-tone', [i], doubled, { chord, note: pitchClassName(tendency.pc), upper: tendency.kind === 'upper' ? 1 : 0 });
      }
    }
    // doubled-seventh
    if (spec.seventh) {
      const doubled = holds(spec.seventh);
      if (doubled.length > 1) add('doubled-seventh', [i], doubled, { chord, note: pitchClassName(spec.seventh) });
    }
    // cadential six-four: doubles its bass, resolves to V over the same bass with 6–5 and 4–3
    const next = specs[i + 1];
    const nextBassSame = i + 1 < n && has('B') && sameSound(note(i + 1, 'B'), note(i, 'B'));
    const cadential = spec.cadential || (spec.tonicSixFour && nextBassSame && next?.homeDominant === true);
    if (cadential && four && has('B')) {
      const bass = note(i, 'B');
      if (holds(bass).length < 2) {
        const doubledTone = spec.tones.find((t) => holds(t).length > 1);
        add('cadential-64-doubling', [i], doubledTone ? holds(doubledTone) : ['B'], { chord, note: pitchClassName(bass) });
      }
    }
    if (cadential && has('B')) {
      const resolved = i + 1 < n && nextBassSame && (next === undefined || next.homeDominant);
      if (!resolved) add('unresolved-64', i + 1 < n ? [i, i + 1] : [i], [], { chord, from: chord, to: chord + 1, variant: 'no-dominant' });
      else {
        for (const { v, p } of row) {
          if (v === 'B') continue;
          // Over the dominant bass, the tonic triad's third is the sixth and its root the fourth.
          const isSixth = spec.third && sameSound(p, spec.third);
          const isFourth = spec.root && sameSound(p, spec.root);
          if (!isSixth && !isFourth) continue;
          const to = note(i + 1, v);
          if (!isStepDown(p, to))
            add('unresolved-64', [i, i + 1], [v], { from: chord, to: chord + 1, voice: v, variant: isSixth ? 'sixth' : 'fourth' });
        }
      }
    }
    if (strict && spec.seventh && !spec.dominant) checkPreparation(i, spec);
  }

  function checkPreparation(i: number, spec: ChordSpec) {
    const seventh = spec.seventh as PitchClass;
    for (const v of voices) {
      const p = note(i, v);
      if (!samePitchClass(p, seventh)) continue;
      const before = i > 0 ? note(i - 1, v) : undefined;
      if (!before || midi(before) !== midi(p)) {
        add('seventh-preparation', i > 0 ? [i - 1, i] : [i], [v], { chord: i + 1, voice: v, note: pitchClassName(seventh) });
      }
    }
  }

  for (let i = 0; i + 1 < n; i++) {
    const from = i + 1;
    const to = i + 2;
    const spec = specs[i];
    const next = specs[i + 1];
    // Melodic rules, voice by voice
    for (const v of voices) {
      const a = note(i, v);
      const b = note(i + 1, v);
      const interval = intervalBetween(a, b);
      const notes = `${pitchName(a)}–${pitchName(b)}`;
      if (interval.semitones > 12) add('leap-too-large', [i, i + 1], [v], { from, to, voice: v, notes });
      else if (isAugmented(interval))
        add('augmented-melodic-interval', [i, i + 1], [v], { from, to, voice: v, notes, interval: intervalName(interval) });
    }
    // Pairs of voices
    for (let u = 0; u < voices.length; u++) {
      for (let l = u + 1; l < voices.length; l++) {
        const upper = voices[u] as Voice;
        const lower = voices[l] as Voice;
        const a1 = note(i, upper);
        const b1 = note(i, lower);
        const a2 = note(i + 1, upper);
        const b2 = note(i + 1, lower);
        const du = midi(a2) - midi(a1);
        const dl = midi(b2) - midi(b1);
        const moved = !(samePitchClass(a1, a2) && samePitchClass(b1, b2));
        const similar = du !== 0 && dl !== 0 && Math.sign(du) === Math.sign(dl);
        const contrary = du !== 0 && dl !== 0 && Math.sign(du) !== Math.sign(dl);
        const before = intervalBetween(b1, a1);
        const after = intervalBetween(b2, a2);
        const pair = [upper, lower];
        const params = { from, to, upper, lower };
        if (moved && similar && isPerfectFifth(before) && isPerfectFifth(after))
          add('parallel-fifths', [i, i + 1], pair, { ...params, unequal: 0 });
        else if (moved && similar && lower === 'B' && isDiminishedFifth(before) && isPerfectFifth(after)) {
          add('parallel-fifths', [i, i + 1], pair, { ...params, unequal: 1 });
        }
        if (moved && similar && isPerfectOctaveOrUnison(before) && isPerfectOctaveOrUnison(after)) {
          add('parallel-octaves', [i, i + 1], pair, { ...params, unison: before.semitones === 0 && after.semitones === 0 ? 1 : 0 });
        }
        if (moved && contrary && isPerfectFifth(before) && isPerfectFifth(after))
          add('contrary-fifths-octaves', [i, i + 1], pair, { ...params, interval: 'fifths' });
        if (moved && contrary && isPerfectOctaveOrUnison(before) && isPerfectOctaveOrUnison(after)) {
          add('contrary-fifths-octaves', [i, i + 1], pair, { ...params, interval: 'octaves' });
        }
        // direct fifths and octaves: outer voices, similar motion into a perfect interval, the soprano leaping
        if (upper === 'S' && lower === 'B' && moved && similar && intervalBetween(a1, a2).letters > 1) {
          if (isPerfectFifth(after) && !isPerfectFifth(before))
            add('direct-fifths-octaves', [i, i + 1], pair, { from, to, interval: 'fifth' });
          if (isPerfectOctaveOrUnison(after) && !isPerfectOctaveOrUnison(before))
            add('direct-fifths-octaves', [i, i + 1], pair, { from, to, interval: 'octave' });
        }
        // overlap: adjacent voices only; not from a unison (no voice's place to pass) and not when they cross (that is `crossing`)
        const fromUnison = midi(a1) === midi(b1);
        const crossed = midi(a2) < midi(b2);
        if (l === u + 1 && !fromUnison && !crossed && (midi(b2) > midi(a1) || midi(a2) < midi(b1)))
          add('overlap', [i, i + 1], pair, params);
      }
    }
    if (spec) checkResolutions(i, spec, next);
  }

  function checkResolutions(i: number, spec: ChordSpec, next: ChordSpec | undefined) {
    const from = i + 1;
    const to = i + 2;
    const nextTones = next ? next.tones : voices.map((v) => note(i + 1, v));
    const nextHas = (pc: PitchClass) => nextTones.some((t) => sameSound(t, pc));
    // leading tones (and the augmented sixth's ♭6)
    for (const tendency of spec.tendencies) {
      if (nextHas(tendency.pc) && !samePitchClass(tendency.pc, tendency.target)) continue; // the chord goes on (V → V7, V → vii°6)
      if (!nextHas(tendency.target)) continue; // no resolution chord: nothing to judge
      for (const v of voices) {
        const a = note(i, v);
        if (!samePitchClass(a, tendency.pc)) continue;
        const b = note(i + 1, v);
        const step = midi(b) - midi(a);
        const resolves = sameSound(b, tendency.target) && (tendency.kind === 'leading-tone' ? step === 1 : step === -1);
        if (resolves) continue;
        const inner = v === 'A' || v === 'T';
        const frustrated =
          tendency.kind === 'leading-tone' &&
          inner &&
          tendency.frustratedTo !== undefined &&
          sameSound(b, tendency.frustratedTo) &&
          step < 0 &&
          step >= -4;
        if (frustrated) continue;
        const chromatic = tendency.chromaticDescentAllowed && b.step === a.step && b.alter === a.alter - 1 && step === -1;
        if (chromatic) continue;
        add('leading-tone-resolution', [i, i + 1], [v], {
          from,
          to,
          voice: v,
          note: pitchClassName(a),
          target: pitchClassName(tendency.target),
          upper: tendency.kind === 'upper' ? 1 : 0,
        });
      }
    }
    // the chordal seventh falls by step
    if (spec.seventh && spec.kind !== 'augmented-sixth') {
      const seventh = spec.seventh;
      const sameChord =
        next?.root && spec.root && samePitchClass(next.root, spec.root) && next.seventh && samePitchClass(next.seventh, seventh);
      if (sameChord) return;
      for (const v of voices) {
        const a = note(i, v);
        if (!samePitchClass(a, seventh)) continue;
        const b = note(i + 1, v);
        if (isStepDown(a, b)) continue;
        // Held into a cadential six-four, whose own rule makes it fall next.
        if (midi(a) === midi(b) && (next?.cadential || next?.tonicSixFour)) continue;
        // V43 → I6: the seventh may rise by step in parallel tenths with the bass (2–3 under 4–5).
        const rising =
          v === 'S' &&
          spec.dominant &&
          has('B') &&
          midi(b) - midi(a) > 0 &&
          midi(b) - midi(a) <= 2 &&
          midi(note(i + 1, 'B')) - midi(note(i, 'B')) > 0 &&
          midi(note(i + 1, 'B')) - midi(note(i, 'B')) <= 2 &&
          spec.bass !== undefined &&
          spec.fifth !== undefined &&
          samePitchClass(spec.bass, spec.fifth);
        if (rising) continue;
        add('seventh-resolution', [i, i + 1], [v], { from, to, voice: v, note: pitchClassName(seventh) });
      }
    }
  }

  return { ok: true, findings };
}

function isStepDown(a: Pitch, b: Pitch): boolean {
  const d = midi(a) - midi(b);
  return (d === 1 || d === 2) && intervalBetween(a, b).letters === 1;
}

const NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];
function midiName(m: number): string {
  return `${NAMES[m % 12]}${Math.floor(m / 12) - 1}`;
}

/** The key an input names, for callers that show it. */
export function inputKey(input: Pick<CheckInput, 'key'>): Key | undefined {
  return parseKey(input.key);
}

export { RULE_IDS };
