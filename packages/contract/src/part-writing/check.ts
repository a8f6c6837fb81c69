import { type ChordSpec, chordOfFigures, chordOfLabel, keyAfter, parseFigures, toneFor } from './chords.ts';
import { chordPositions } from './harmonic-rhythm.ts';
import { type LineProblem, readLine, type VoiceEvent } from './line.ts';
import { type FindingParams, findingMessage, type Language, placedParams } from './messages.ts';
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
  numeral?: string | undefined;
  figures?: string | undefined;
  /** The chord's length in quarter notes (1 when not said): what each voice's line must fill. */
  beats?: number | undefined;
  /** A phrase ends on this chord (a fermata): no motion rule runs from it to the next chord. */
  phrase_end?: boolean | undefined;
  /** A change of time signature starting at this chord ("3/4"). */
  meter?: string | undefined;
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
  /** Quarter notes of an opening pickup and the first measure's number (1 when not said): where the sentences say the chords stand (issue 38). */
  pickup?: number | undefined;
  first_measure?: number | undefined;
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

export const MAX_CHORDS = 400;
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
  badLine: (note: string) => `"${note}" is not a voice's notes such as D5, D5:8+C5:8, C5:4~ or r.`,
  lineLength: (note: string) => `The notes "${note}" do not fill their chord: their lengths must add up to the chord's.`,
  badChordBeats: 'A chord lasts a positive number of quarter notes, in sixteenths of a quarter, at most 16.',
} as const;

/** The longest chord, in quarter notes (a whole measure of 4/2 is 8; 12/4 is 12). */
export const MAX_CHORD_BEATS = 16;

/** Whether a chord length is one: a positive multiple of a sixteenth (1/4 quarter note… and finer for tuplets: 1/16) up to MAX_CHORD_BEATS. */
export function isChordBeats(beats: unknown): beats is number {
  return (
    typeof beats === 'number' &&
    Number.isFinite(beats) &&
    beats > 0 &&
    beats <= MAX_CHORD_BEATS &&
    Math.abs(Math.round(beats * 16) - beats * 16) < 1e-9
  );
}

/** The sentence of a line that cannot be read in a chord of `beats` quarter notes. */
export function lineProblemMessage(text: string, problem: LineProblem): string {
  if (problem.kind === 'pitch') {
    const pitch = parsePitch(problem.text);
    return pitch ? CheckProblemMessages.outsideMidi(problem.text) : CheckProblemMessages.badPitch(problem.text);
  }
  if (problem.kind === 'length') return CheckProblemMessages.lineLength(text);
  return CheckProblemMessages.badLine(text);
}

const VOICE_INDEX: Record<Voice, number> = { S: 0, A: 1, T: 2, B: 3 };
const EPSILON = 1e-9;

/** A note a voice sings, a tied note once: its pitch, where it is struck and where it ends (quarter notes from the first chord), the chord it is struck in. */
export type Attack = { pitch: Pitch; start: number; end: number; chord: number };

/** What sounds in a voice during a chord: its notes and rests in order, each note by its attack. */
type Span = { attack: number | undefined; start: number; end: number };

type Parsed = {
  voices: Voice[];
  /** Per voice (by index in `voices`): its notes in order. */
  attacks: Attack[][];
  /** Per chord, per voice: what sounds while the chord lasts. */
  spans: Span[][][];
  starts: number[];
  ends: number[];
  /** Whether a phrase ends on the chord: no motion rule from it to the next. */
  phraseEnd: boolean[];
  /** Per chord, the label's chord (a numeral's, or figures' over the bass). */
  specs: (ChordSpec | undefined)[];
  ranges: Record<Voice, readonly [number, number]>;
};

function parseInput(input: CheckInput): { ok: true; parsed: Parsed } | { ok: false; problems: CheckProblem[] } {
  const problems: CheckProblem[] = [];
  const home = parseKey(input.key);
  if (!home) problems.push({ path: 'key', message: CheckProblemMessages.badKey });
  const meterProblem = (meter: string | undefined) =>
    meter === undefined
      ? undefined
      : !/^\d{1,2}\/(1|2|4|8|16|32)$/.test(meter)
        ? CheckProblemMessages.badMeter
        : !meterBeatsInRange(meter)
          ? CheckProblemMessages.meterBeats
          : undefined;
  const meter = meterProblem(input.meter);
  if (meter) problems.push({ path: 'meter', message: meter });
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
  const lines: (VoiceEvent[] | undefined)[][] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let time = 0;
  chords.forEach((chord, i) => {
    let beats = 1;
    if (chord.beats !== undefined) {
      if (isChordBeats(chord.beats)) beats = chord.beats;
      else problems.push({ path: `chords.${i}.beats`, message: CheckProblemMessages.badChordBeats });
    }
    const chordMeter = meterProblem(chord.meter);
    if (chordMeter) problems.push({ path: `chords.${i}.meter`, message: chordMeter });
    starts.push(time);
    time += beats;
    ends.push(time);
    const row: (VoiceEvent[] | undefined)[] = [];
    for (const v of voices) {
      if (!written[i]?.includes(v)) {
        row.push(undefined); // reported above: the chord lacks a voice
        continue;
      }
      const text = chord[v] ?? '';
      const read = readLine(text, beats);
      if ('problem' in read) {
        problems.push({ path: `chords.${i}.${v}`, message: lineProblemMessage(text, read.problem) });
        row.push(undefined);
      } else row.push(read.events);
    }
    lines.push(row);
  });
  const phraseEnd = chords.map((chord) => chord.phrase_end === true);

  // Each voice's notes, a tied note once; and what sounds in each chord.
  const attacks: Attack[][] = voices.map(() => []);
  const spans: Span[][][] = chords.map(() => voices.map(() => []));
  voices.forEach((_, vi) => {
    let tied = false;
    for (let i = 0; i < chords.length; i++) {
      let at = starts[i] as number;
      for (const event of lines[i]?.[vi] ?? []) {
        const list = attacks[vi] as Attack[];
        let attack: number | undefined;
        if (event.pitch) {
          const last = list[list.length - 1];
          if (tied && last && midi(last.pitch) === midi(event.pitch)) {
            last.end = at + event.beats;
            attack = list.length - 1;
          } else {
            list.push({ pitch: event.pitch, start: at, end: at + event.beats, chord: i });
            attack = list.length - 1;
          }
        }
        tied = event.tie === true && event.pitch !== undefined;
        spans[i]?.[vi]?.push({ attack, start: at, end: at + event.beats });
        at += event.beats;
      }
    }
  });

  const specs: (ChordSpec | undefined)[] = [];
  let running = home;
  chords.forEach((chord, i) => {
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
      if (!parseFigures(chord.figures))
        problems.push({ path: `chords.${i}.figures`, message: CheckProblemMessages.badFigures(chord.figures) });
      else {
        // A key before the figures ('G: 6 5', decision 031) is in force from this chord on.
        running = keyAfter(chord, running);
        // Figures stand over the bass as the chord begins (or as it enters after a rest).
        const b = voices.indexOf('B');
        const first = b < 0 ? undefined : spans[i]?.[b]?.find((s) => s.attack !== undefined)?.attack;
        const bass = first === undefined ? undefined : attacks[b]?.[first]?.pitch;
        if (bass) spec = chordOfFigures(chord.figures, bass, running);
      }
    }
    specs.push(spec);
  });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, parsed: { voices, attacks, spans, starts, ends, phraseEnd, specs, ranges } };
}

/** Whether two pitches are a step apart: a second by letter (one or two semitones), or a chromatic semitone on one letter. */
function isStep(a: Pitch, b: Pitch): boolean {
  const semitones = Math.abs(midi(a) - midi(b));
  const letters = intervalBetween(a, b).letters;
  return (letters === 1 && (semitones === 1 || semitones === 2)) || (letters === 0 && semitones === 1);
}

/**
 * How tertian a set of tones is: 2 a triad (or part of one), 1 a seventh chord (or part of one),
 * 0 neither — stacked in thirds by letter over one of its tones.
 */
function tertian(tones: readonly PitchClass[]): number {
  let best = 0;
  for (const root of tones) {
    const letters = new Set(tones.map((t) => (t.step - root.step + 7) % 7));
    if ([...letters].every((l) => l === 0 || l === 2 || l === 4)) return 2;
    if ([...letters].every((l) => l === 0 || l === 2 || l === 4 || l === 6)) best = 1;
  }
  return best;
}

/** A dissonance between two pitches: a second, a seventh, an augmented or diminished interval, or (above the bass) a fourth. */
function dissonant(a: Pitch, b: Pitch, withBass: boolean): boolean {
  const { letters, semitones } = intervalBetween(a, b);
  const l = letters % 7;
  const s = semitones - 12 * Math.floor(letters / 7);
  const perfectOrMajor = [0, 2, 4, 5, 7, 9, 11][l] as number;
  if (l === 1 || l === 6) return true;
  if (l === 3) return withBass || s !== 5;
  if (l === 0 || l === 4) return s !== perfectOrMajor;
  return s !== perfectOrMajor && s !== perfectOrMajor - 1;
}

/**
 * The harmonic note of each voice in each chord (decision 034): the note sounding as the chord
 * begins (or the first to enter after a rest); but a note held or struck on the chord's beat that
 * is not in the chord and moves by step to the next note within the chord (a suspension,
 * retardation, appoggiatura or accented passing note) gives way to that note. The chord is the
 * label's when there is one; without a label, the tones the voices sound, a note giving way when
 * it is dissonant with another voice and the tones become more plainly a triad or seventh chord.
 * Per chord, per voice: the attack's index in the voice's notes, undefined while the voice rests.
 */
export function harmonicAttacks(
  parsed: Pick<Parsed, 'voices' | 'attacks' | 'spans' | 'starts' | 'ends' | 'specs'>,
): (number | undefined)[][] {
  const { voices, attacks, spans, starts, ends, specs } = parsed;
  return spans.map((row, i) => {
    const onset: (number | undefined)[] = row.map((list) => list.find((s) => s.attack !== undefined)?.attack);
    // What a note at the chord's beat may give way to: the next note, struck within the chord, a step away.
    const resolution = row.map((list, vi) => {
      const first = list[0];
      if (first?.attack === undefined) return undefined;
      const next = first.attack + 1;
      const note = attacks[vi]?.[next];
      const held = attacks[vi]?.[first.attack] as Attack;
      if (!note || note.start >= (ends[i] as number) - EPSILON || note.start < (starts[i] as number) + EPSILON) return undefined;
      if (Math.abs(held.end - note.start) > EPSILON) return undefined; // a rest between
      return isStep(held.pitch, note.pitch) ? next : undefined;
    });
    const spec = specs[i];
    const pitchOf = (vi: number, attack: number | undefined) => (attack === undefined ? undefined : attacks[vi]?.[attack]?.pitch);
    const chosen = [...onset];
    if (spec && spec.kind !== 'figures') {
      chosen.forEach((attack, vi) => {
        const r = resolution[vi];
        const p = pitchOf(vi, attack);
        const q = pitchOf(vi, r);
        if (r === undefined || !p || !q) return;
        if (!inChord(spec, p) && inChord(spec, q)) chosen[vi] = r;
      });
      return chosen;
    }
    if (spec) {
      // Figures: the bass is the figures' own; an upper voice gives way as with a numeral.
      chosen.forEach((attack, vi) => {
        const r = resolution[vi];
        const p = pitchOf(vi, attack);
        const q = pitchOf(vi, r);
        if (voices[vi] === 'B' || r === undefined || !p || !q) return;
        if (!inChord(spec, p) && inChord(spec, q)) chosen[vi] = r;
      });
      return chosen;
    }
    // No label: the tones the voices sound; a dissonant note gives way when the chord becomes plainer.
    const bassIndex = voices.indexOf('B');
    for (let round = 0; round < voices.length; round++) {
      const tones = () => chosen.map((a, vi) => pitchOf(vi, a)).filter((p): p is Pitch => p !== undefined);
      const before = tertian(tones());
      let changed = false;
      for (const [vi, r] of resolution.entries()) {
        if (r === undefined || chosen[vi] === r) continue;
        const p = pitchOf(vi, chosen[vi]);
        if (!p) continue;
        const clash = chosen.some((a, other) => {
          const o = pitchOf(other, a);
          return other !== vi && o !== undefined && dissonant(p, o, other === bassIndex || vi === bassIndex);
        });
        if (!clash) continue;
        const trial = [...chosen];
        trial[vi] = r;
        const after = tertian(trial.map((a, k) => pitchOf(k, a)).filter((x): x is Pitch => x !== undefined));
        if (after > before) {
          chosen[vi] = r;
          changed = true;
          break;
        }
      }
      if (!changed) break;
    }
    return chosen;
  });
}

function inChord(spec: ChordSpec, p: PitchClass): boolean {
  return spec.tones.some((t) => sameSound(t, p)) || spec.alternates.some((a) => sameSound(a.spelling, p));
}

/** Check a progression. Bad input (a chord with three voices, an unknown numeral) comes back as problems, never thrown. */
export function checkPartWriting(input: CheckInput, language: Language = 'en'): CheckResult {
  const read = parseInput(input);
  if (!read.ok) return read;
  const parsed = read.parsed;
  const { voices, attacks, spans, phraseEnd, specs, ranges } = parsed;
  const strict = input.style === 'strict';
  const off = new Set<RuleId>(input.off ?? []);
  const findings: Finding[] = [];
  const positions = chordPositions({
    meter: input.meter ?? '4/4',
    pickup: input.pickup,
    first_measure: input.first_measure,
    chords: input.chords,
  });
  const add = (rule: RuleId, chords: number[], involved: Voice[], chordParams: FindingParams) => {
    if (off.has(rule)) return;
    const sorted = [...new Set(involved)].sort((a, b) => VOICE_INDEX[a] - VOICE_INDEX[b]);
    // The sentence names the measure and beat beside the chord numbers (issue 38).
    const params = placedParams(chordParams, positions);
    findings.push({ rule, chords, voices: sorted, message: findingMessage(rule, params, language), params });
  };
  const n = spans.length;
  const harmonic = harmonicAttacks(parsed);
  const vIndex = (v: Voice) => voices.indexOf(v);
  /** The harmonic note of a voice in a chord; undefined while it rests. */
  const note = (i: number, v: Voice): Pitch | undefined => {
    const a = harmonic[i]?.[vIndex(v)];
    return a === undefined ? undefined : attacks[vIndex(v)]?.[a]?.pitch;
  };
  const has = (v: Voice) => voices.includes(v);
  /** Parallels reported, by rule, pair of voices (indices) and chords: one finding each. */
  const reported = new Set<string>();
  /** Whether every voice sounds in the chord (rules about the whole chord need all of them). */
  const full = (i: number) => voices.every((v) => note(i, v) !== undefined);
  /** The chord's tones: its label's, or (no label) the voices' harmonic notes. */
  const chordTones = (i: number): PitchClass[] =>
    specs[i]?.tones ?? voices.map((v) => note(i, v)).filter((p): p is Pitch => p !== undefined);

  for (let i = 0; i < n; i++) {
    const spec = specs[i];
    const chord = i + 1;
    // range: every note the voice strikes in the chord, the first outside said
    for (const v of voices) {
      const [low, high] = ranges[v];
      const outside = (attacks[vIndex(v)] ?? []).find((a) => a.chord === i && (midi(a.pitch) < low || midi(a.pitch) > high));
      if (outside) add('range', [i], [v], { chord, voice: v, note: pitchName(outside.pitch), low: midiName(low), high: midiName(high) });
    }
    if (has('A') && has('T')) {
      // spacing: S–A and A–T within an octave
      for (const [upper, lower] of [
        ['S', 'A'],
        ['A', 'T'],
      ] as [Voice, Voice][]) {
        const u = note(i, upper);
        const l = note(i, lower);
        if (u && l && midi(u) - midi(l) > 12) add('spacing', [i], [upper, lower], { chord, upper, lower });
      }
    }
    // crossing: a voice below the one under it
    for (let k = 0; k + 1 < voices.length; k++) {
      const upper = voices[k] as Voice;
      const lower = voices[k + 1] as Voice;
      const u = note(i, upper);
      const l = note(i, lower);
      if (u && l && midi(u) < midi(l)) add('crossing', [i], [upper, lower], { chord, upper, lower });
    }
    if (spec) checkChord(i, spec);
  }

  function checkChord(i: number, spec: ChordSpec) {
    const chord = i + 1;
    const row = voices.flatMap((v) => {
      const p = note(i, v);
      return p ? [{ v, p }] : [];
    });
    const four = voices.length === 4 && full(i);
    const label = spec.label;
    const expected = spec.tones.map(pitchClassName).join(' ');
    const bassNote = note(i, 'B');
    // wrong-bass (the bass a numeral's inversion asks for)
    let bassReported = false;
    if (spec.bass && bassNote && !sameSound(bassNote, spec.bass)) {
      add('wrong-bass', [i], ['B'], { chord, label, note: pitchClassName(bassNote), expected: pitchClassName(spec.bass) });
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
    const goesOn = i + 1 < n && !phraseEnd[i];
    const nextBass = goesOn ? note(i + 1, 'B') : undefined;
    const nextBassSame = bassNote !== undefined && nextBass !== undefined && sameSound(nextBass, bassNote);
    const cadential = spec.cadential || (spec.tonicSixFour && nextBassSame && next?.homeDominant === true);
    if (cadential && four && bassNote) {
      if (holds(bassNote).length < 2) {
        const doubledTone = spec.tones.find((t) => holds(t).length > 1);
        add('cadential-64-doubling', [i], doubledTone ? holds(doubledTone) : ['B'], { chord, note: pitchClassName(bassNote) });
      }
    }
    if (cadential && bassNote && (goesOn || i + 1 >= n)) {
      const resolved = goesOn && nextBassSame && (next === undefined || next.homeDominant);
      if (!resolved) add('unresolved-64', i + 1 < n ? [i, i + 1] : [i], [], { chord, from: chord, to: chord + 1, variant: 'no-dominant' });
      else {
        for (const { v, p } of row) {
          if (v === 'B') continue;
          // Over the dominant bass, the tonic triad's third is the sixth and its root the fourth.
          const isSixth = spec.third && sameSound(p, spec.third);
          const isFourth = spec.root && sameSound(p, spec.root);
          if (!isSixth && !isFourth) continue;
          const to = note(i + 1, v);
          if (to && !isStepDown(p, to))
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
      if (!p || !samePitchClass(p, seventh)) continue;
      // Prepared: the same pitch sounding in the voice just before the seventh is struck (the chord before, or a suspension's own tie).
      const list = attacks[vIndex(v)] ?? [];
      const at = harmonic[i]?.[vIndex(v)] as number;
      const self = list[at] as Attack;
      const before = self.start < (parsed.starts[i] as number) - EPSILON ? self : list[at - 1];
      const adjacent = before && Math.abs(before.end - self.start) < EPSILON;
      const prepared =
        i > 0 && !phraseEnd[i - 1] && before && (before === self || (adjacent && midi(before.pitch) === midi(p) && before.chord < i));
      if (!prepared) {
        add('seventh-preparation', i > 0 ? [i - 1, i] : [i], [v], { chord: i + 1, voice: v, note: pitchClassName(seventh) });
      }
    }
  }

  /** Melodic rules, voice by voice, between the notes as sung (within a phrase): those whose second note is struck in chord `to`, the first before it or (`within`) in it. */
  function melodic(to: number, within: boolean) {
    voices.forEach((v, vi) => {
      const list = attacks[vi] ?? [];
      for (let k = 1; k < list.length; k++) {
        const a = list[k - 1] as Attack;
        const b = list[k] as Attack;
        if (b.chord !== to || (a.chord === b.chord) !== within || phraseBreak(a.chord, b.chord)) continue;
        const interval = intervalBetween(a.pitch, b.pitch);
        const chords = a.chord === b.chord ? [a.chord] : [a.chord, b.chord];
        const params = { from: a.chord + 1, to: b.chord + 1, voice: v, notes: `${pitchName(a.pitch)}–${pitchName(b.pitch)}` };
        if (interval.semitones > 12) add('leap-too-large', chords, [v], params);
        else if (isAugmented(interval)) add('augmented-melodic-interval', chords, [v], { ...params, interval: intervalName(interval) });
      }
    });
  }

  /** Whether a phrase ends between two chords (from ≤ to). */
  function phraseBreak(from: number, to: number): boolean {
    for (let i = from; i < to; i++) if (phraseEnd[i]) return true;
    return false;
  }

  /** Whether a voice reaches its harmonic note of a chord by leap from the note it sang just before (its own approach, passing notes included). */
  function leapsInto(i: number, vi: number): boolean {
    const at = harmonic[i]?.[vi];
    const list = attacks[vi] ?? [];
    const x = at === undefined ? undefined : list[at];
    const before = at === undefined ? undefined : list[at - 1];
    return x !== undefined && before !== undefined && intervalBetween(before.pitch, x.pitch).letters > 1;
  }

  /** The attack a voice sounds at a time (undefined while it rests). */
  function soundingAt(vi: number, t: number): number | undefined {
    const list = attacks[vi] ?? [];
    let lo = 0;
    let hi = list.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const a = list[mid] as Attack;
      if (a.end <= t + EPSILON) lo = mid + 1;
      else if (a.start > t + EPSILON) hi = mid - 1;
      else return mid;
    }
    return undefined;
  }
  /** The chord sounding at a time. */
  function chordAt(t: number): number {
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((parsed.starts[mid] as number) <= t + EPSILON) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
  const isChordTone = (i: number, p: Pitch) => chordTones(i).some((t) => sameSound(t, p));

  /**
   * Whether the two voices, between their harmonic notes of chords i and i + 1, break the perfect
   * interval: a note struck in between that is reached by leap (an arpeggiation, a consonant skip),
   * or a chord tone that makes another interval than a fifth or octave with the other voice (the
   * 5–6 motion). A passing or neighbour note does not break it (decision 034).
   */
  function brokenBySkip(i: number, u: number, l: number): boolean {
    const h = (c: number, vi: number) => attacks[vi]?.[harmonic[c]?.[vi] as number] as Attack;
    const t0 = Math.max(parsed.starts[i] as number, h(i, u).start, h(i, l).start);
    const t1 = Math.max(h(i + 1, u).start, h(i + 1, l).start);
    // A voice that reaches its next note early (an anticipation: struck before, then struck again or held)
    // leaves the interval while the other voice holds: the two never move together.
    for (const vi of [u, l]) {
      const at = harmonic[i + 1]?.[vi] as number;
      const before = attacks[vi]?.[at - 1];
      const x = attacks[vi]?.[at] as Attack;
      if (x.start < (parsed.starts[i + 1] as number) - EPSILON) return true;
      if (before && at - 1 !== harmonic[i]?.[vi] && midi(before.pitch) === midi(x.pitch) && before.start > t0 + EPSILON) return true;
    }
    for (const vi of [u, l]) {
      const list = attacks[vi] ?? [];
      // The notes struck after both voices' harmonic notes of chord i and before the later of their next ones
      // (a voice arriving early counts its own arrival: the two do not move together).
      for (let k = (harmonic[i]?.[vi] as number) + 1; k < list.length; k++) {
        const x = list[k] as Attack;
        if (x.start >= t1 - EPSILON) break;
        if (x.start <= t0 + EPSILON) continue;
        const other = soundingAt(vi === u ? l : u, x.start);
        if (other === undefined) continue;
        const o = (attacks[vi === u ? l : u] as Attack[])[other] as Attack;
        const interval = intervalBetween(x.pitch, o.pitch);
        const perfect = isPerfectFifth(interval) || isPerfectOctaveOrUnison(interval);
        const previous = list[k - 1];
        const leapt = previous !== undefined && !isStep(previous.pitch, x.pitch) && midi(previous.pitch) !== midi(x.pitch);
        if (leapt || (!perfect && isChordTone(x.chord, x.pitch))) return true;
      }
    }
    return false;
  }

  /**
   * Parallel fifths and octaves that non-chord tones make between notes struck one after the other
   * (decision 034: reported, as Aldwell–Schachter report them); the motion from harmonic note to
   * harmonic note is judged above, each pair of chords once.
   */
  function onsetParallels() {
    const harmonicSets = voices.map((_, vi) => new Set(harmonic.map((row) => row[vi])));
    const isHarmonic = (vi: number, a: number) => harmonicSets[vi]?.has(a) === true;
    for (let u = 0; u < voices.length; u++) {
      for (let l = u + 1; l < voices.length; l++) {
        const times = [...new Set([...(attacks[u] ?? []), ...(attacks[l] ?? [])].map((a) => a.start))].sort((x, y) => x - y);
        for (let k = 1; k < times.length; k++) {
          const ta = times[k - 1] as number;
          const tb = times[k] as number;
          const a1 = soundingAt(u, ta);
          const b1 = soundingAt(l, ta);
          const a2 = soundingAt(u, tb);
          const b2 = soundingAt(l, tb);
          if (a1 === undefined || b1 === undefined || a2 === undefined || b2 === undefined) continue;
          const up = attacks[u] as Attack[];
          const low = attacks[l] as Attack[];
          if (Math.abs((up[a2] as Attack).start - tb) > EPSILON || Math.abs((low[b2] as Attack).start - tb) > EPSILON) continue;
          const ca = chordAt(ta);
          const cb = chordAt(tb);
          if (phraseBreak(ca, cb)) continue;
          if (isHarmonic(u, a1) && isHarmonic(l, b1) && isHarmonic(u, a2) && isHarmonic(l, b2)) continue;
          const p1 = (up[a1] as Attack).pitch;
          const q1 = (low[b1] as Attack).pitch;
          const p2 = (up[a2] as Attack).pitch;
          const q2 = (low[b2] as Attack).pitch;
          const du = midi(p2) - midi(p1);
          const dl = midi(q2) - midi(q1);
          if (du === 0 || dl === 0 || Math.sign(du) !== Math.sign(dl)) continue;
          const before = intervalBetween(q1, p1);
          const after = intervalBetween(q2, p2);
          const upper = voices[u] as Voice;
          const lower = voices[l] as Voice;
          const chords = ca === cb ? [ca] : [ca, cb];
          const params = { from: ca + 1, to: cb + 1, upper, lower };
          const fifths = isPerfectFifth(before) && isPerfectFifth(after);
          const octaves = isPerfectOctaveOrUnison(before) && isPerfectOctaveOrUnison(after);
          const rule = fifths ? 'parallel-fifths' : octaves ? 'parallel-octaves' : undefined;
          if (!rule) continue;
          const key = `${rule}:${u}${l}:${ca}:${cb}`;
          if (reported.has(key)) continue;
          reported.add(key);
          if (rule === 'parallel-fifths') add(rule, chords, [upper, lower], { ...params, unequal: 0 });
          else add(rule, chords, [upper, lower], { ...params, unison: before.semitones === 0 && after.semitones === 0 ? 1 : 0 });
        }
      }
    }
  }

  /**
   * Without a label, a note struck off the chord's beat may belong to a harmony of its own (the
   * bass moving in eighths under it): it is a chord tone when what all voices sound as it is struck
   * stacks in thirds and the note is consonant with the bass.
   */
  function sonorityTone(vi: number, x: Attack): boolean {
    const sounding = voices.flatMap((_, k) => {
      const a = soundingAt(k, x.start);
      return a === undefined ? [] : [{ k, p: (attacks[k] as Attack[])[a]?.pitch as Pitch }];
    });
    if (tertian(sounding.map(({ p }) => p)) === 0) return false;
    const bass = sounding[sounding.length - 1];
    return !bass || bass.k === vi || !dissonant(x.pitch, bass.p, true);
  }

  function checkNonChordTones() {
    voices.forEach((v, vi) => {
      const list = attacks[vi] ?? [];
      list.forEach((x, k) => {
        const i = x.chord;
        if (harmonic[i]?.[vi] === k) return;
        if (chordTones(i).some((t) => sameSound(t, x.pitch))) return;
        if (!specs[i] && sonorityTone(vi, x)) return;
        const before = list[k - 1];
        const after = list[k + 1];
        const p = before && Math.abs(before.end - x.start) < EPSILON && !phraseBreak(before.chord, i) ? before.pitch : undefined;
        const q = after && Math.abs(x.end - after.start) < EPSILON && !phraseBreak(i, after.chord) ? after.pitch : undefined;
        if (nonChordToneKind(p, x.pitch, q)) return;
        add('non-chord-tone', [i], [v], { chord: i + 1, voice: v, note: pitchName(x.pitch) });
      });
    });
  }

  for (let i = 0; i + 1 < n; i++) {
    if (phraseEnd[i]) continue; // a new phrase may begin anywhere
    melodic(i + 1, false);
    const from = i + 1;
    const to = i + 2;
    const spec = specs[i];
    const next = specs[i + 1];
    // Pairs of voices
    for (let u = 0; u < voices.length; u++) {
      for (let l = u + 1; l < voices.length; l++) {
        const upper = voices[u] as Voice;
        const lower = voices[l] as Voice;
        const a1 = note(i, upper);
        const b1 = note(i, lower);
        const a2 = note(i + 1, upper);
        const b2 = note(i + 1, lower);
        if (!a1 || !b1 || !a2 || !b2) continue;
        const du = midi(a2) - midi(a1);
        const dl = midi(b2) - midi(b1);
        const moved = !(samePitchClass(a1, a2) && samePitchClass(b1, b2));
        const similar = du !== 0 && dl !== 0 && Math.sign(du) === Math.sign(dl);
        const contrary = du !== 0 && dl !== 0 && Math.sign(du) !== Math.sign(dl);
        const before = intervalBetween(b1, a1);
        const after = intervalBetween(b2, a2);
        const pair = [upper, lower];
        const params = { from, to, upper, lower };
        // A perfect interval left for a third or sixth by a consonant skip before the next chord is no parallel (5–6).
        const kept = moved && (similar || contrary) && !brokenBySkip(i, u, l);
        if (kept && similar && isPerfectFifth(before) && isPerfectFifth(after)) {
          add('parallel-fifths', [i, i + 1], pair, { ...params, unequal: 0 });
          reported.add(`parallel-fifths:${u}${l}:${i}:${i + 1}`);
        } else if (kept && similar && lower === 'B' && isDiminishedFifth(before) && isPerfectFifth(after)) {
          add('parallel-fifths', [i, i + 1], pair, { ...params, unequal: 1 });
        }
        if (kept && similar && isPerfectOctaveOrUnison(before) && isPerfectOctaveOrUnison(after)) {
          add('parallel-octaves', [i, i + 1], pair, { ...params, unison: before.semitones === 0 && after.semitones === 0 ? 1 : 0 });
          reported.add(`parallel-octaves:${u}${l}:${i}:${i + 1}`);
        }
        if (kept && contrary && isPerfectFifth(before) && isPerfectFifth(after))
          add('contrary-fifths-octaves', [i, i + 1], pair, { ...params, interval: 'fifths' });
        if (kept && contrary && isPerfectOctaveOrUnison(before) && isPerfectOctaveOrUnison(after)) {
          add('contrary-fifths-octaves', [i, i + 1], pair, { ...params, interval: 'octaves' });
        }
        // direct fifths and octaves: outer voices, similar motion into a perfect interval, the soprano leaping
        if (upper === 'S' && lower === 'B' && moved && similar && leapsInto(i + 1, u)) {
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
    const nextTones = next ? next.tones : voices.flatMap((v) => note(i + 1, v) ?? []);
    const nextHas = (pc: PitchClass) => nextTones.some((t) => sameSound(t, pc));
    // leading tones (and the augmented sixth's ♭6)
    for (const tendency of spec.tendencies) {
      if (nextHas(tendency.pc) && !samePitchClass(tendency.pc, tendency.target)) continue; // the chord goes on (V → V7, V → vii°6)
      if (!nextHas(tendency.target)) continue; // no resolution chord: nothing to judge
      for (const v of voices) {
        const a = note(i, v);
        const b = note(i + 1, v);
        if (!a || !b || !samePitchClass(a, tendency.pc)) continue;
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
        const b = note(i + 1, v);
        if (!a || !b || !samePitchClass(a, seventh)) continue;
        if (isStepDown(a, b)) continue;
        // Held into a cadential six-four, whose own rule makes it fall next.
        if (midi(a) === midi(b) && (next?.cadential || next?.tonicSixFour)) continue;
        // V43 → I6: the seventh may rise by step in parallel tenths with the bass (2–3 under 4–5).
        const b1 = note(i, 'B');
        const b2 = note(i + 1, 'B');
        const rising =
          v === 'S' &&
          spec.dominant &&
          b1 !== undefined &&
          b2 !== undefined &&
          midi(b) - midi(a) > 0 &&
          midi(b) - midi(a) <= 2 &&
          midi(b2) - midi(b1) > 0 &&
          midi(b2) - midi(b1) <= 2 &&
          spec.bass !== undefined &&
          spec.fifth !== undefined &&
          samePitchClass(spec.bass, spec.fifth);
        if (rising) continue;
        add('seventh-resolution', [i, i + 1], [v], { from, to, voice: v, note: pitchClassName(seventh) });
      }
    }
  }

  for (let i = 0; i < n; i++) melodic(i, true);
  onsetParallels();
  checkNonChordTones();
  return { ok: true, findings };
}

/**
 * What kind of non-chord tone a note is, between the note before it and the note after it in its
 * voice (undefined where a rest or a phrase's end stands): a passing note (a step in and on in the
 * same direction), a neighbour (a step away and back), a suspension or retardation (held or struck
 * again, then a step), an anticipation (the next note is the same), an appoggiatura (a leap in, a
 * step out), an escape note (a step in, a leap out the other way); a note after a rest or before one
 * with a step on its other side (an incomplete neighbour). Undefined for none of these.
 */
export function nonChordToneKind(
  before: Pitch | undefined,
  x: Pitch,
  after: Pitch | undefined,
): 'passing' | 'neighbour' | 'suspension' | 'anticipation' | 'appoggiatura' | 'escape' | 'incomplete-neighbour' | undefined {
  const same = (a: Pitch, b: Pitch) => midi(a) === midi(b);
  const dir = (a: Pitch, b: Pitch) => Math.sign(midi(b) - midi(a));
  if (after && same(x, after)) return 'anticipation';
  if (before && same(before, x)) return after && isStep(x, after) ? 'suspension' : undefined;
  if (before && after) {
    const stepIn = isStep(before, x);
    const stepOut = isStep(x, after);
    if (stepIn && stepOut) return dir(before, x) === dir(x, after) ? 'passing' : 'neighbour';
    if (!stepIn && stepOut) return 'appoggiatura';
    if (stepIn && !stepOut && dir(before, x) !== dir(x, after)) return 'escape';
    return undefined;
  }
  if (!before && after) return isStep(x, after) ? 'incomplete-neighbour' : undefined;
  if (before && !after) return isStep(before, x) ? 'incomplete-neighbour' : undefined;
  return undefined;
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

/**
 * Which note of each voice's line is its harmonic note in each chord (decision 034): per chord, per
 * voice, the index of the event in that chord's line where the harmonic note sounds (0 for a note
 * tied in from the chord before), undefined where the voice rests or the input cannot be read. For
 * the browser, to mark the notes a motion finding speaks of.
 */
export function harmonicEvents(input: CheckInput): Partial<Record<Voice, number>>[] {
  const read = parseInput(input);
  if (!read.ok) return (Array.isArray(input.chords) ? input.chords : []).map(() => ({}));
  const { voices, attacks, spans } = read.parsed;
  const harmonic = harmonicAttacks(read.parsed);
  return spans.map((row, i) => {
    const out: Partial<Record<Voice, number>> = {};
    voices.forEach((v, vi) => {
      const attack = harmonic[i]?.[vi];
      if (attack === undefined || !attacks[vi]?.[attack]) return;
      const index = (row[vi] ?? []).findIndex((span) => span.attack === attack);
      if (index >= 0) out[v] = index;
    });
    return out;
  });
}
