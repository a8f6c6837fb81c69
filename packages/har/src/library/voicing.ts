import { type Chord, midi, type Pitch, type PitchClass, samePitchClass, semitone } from './theory.ts';

/**
 * Four-part (SATB) voicing of a chord progression, chorale style. Every voicing
 * of each chord within the voices' ranges is a candidate; a shortest path
 * through the candidates (dynamic programming) picks the progression with the
 * smoothest voice leading, with hard rules (no parallel fifths or octaves, no
 * crossing, complete chords, no doubled leading tone or seventh) as prohibitive
 * costs and the textbook preferences as small ones. Deterministic: ties keep
 * the first candidate in enumeration order.
 */

export type Voicing = { soprano: Pitch; alto: Pitch; tenor: Pitch; bass: Pitch };
type Voices = [Pitch, Pitch, Pitch, Pitch]; // soprano, alto, tenor, bass

const RANGES: [number, number][] = [
  [60, 79], // soprano C4–G5
  [55, 74], // alto G3–D5
  [48, 67], // tenor C3–G4
  [40, 60], // bass E2–C4
];
const FORBIDDEN = 1000;

export function voiceProgression(chords: Chord[]): Voicing[] {
  const candidates = chords.map((chord, index) => candidatesFor(chord, index === chords.length - 1));
  candidates.forEach((list, index) => {
    if (list.length === 0) throw new Error(`No voicing for chord ${index + 1}`);
  });

  // cost[i][j]: cheapest path ending in candidate j of chord i.
  let costs = (candidates[0] ?? []).map((c) => c.cost + startCost(c.voices));
  const back: number[][] = [];
  for (let i = 1; i < chords.length; i++) {
    const previous = candidates[i - 1] ?? [];
    const current = candidates[i] ?? [];
    const nextCosts: number[] = [];
    const choices: number[] = [];
    for (const candidate of current) {
      let best = Number.POSITIVE_INFINITY;
      let bestIndex = 0;
      previous.forEach((from, k) => {
        const total = (costs[k] as number) + transitionCost(from.voices, candidate.voices, chords[i - 1] as Chord, chords[i] as Chord);
        if (total < best) {
          best = total;
          bestIndex = k;
        }
      });
      nextCosts.push(best + candidate.cost);
      choices.push(bestIndex);
    }
    costs = nextCosts;
    back.push(choices);
  }
  let index = costs.indexOf(Math.min(...costs));
  const path: Voices[] = [];
  for (let i = chords.length - 1; i >= 0; i--) {
    path.unshift((candidates[i] as Candidate[])[index]?.voices as Voices);
    if (i > 0) index = (back[i - 1] as number[])[index] as number;
  }
  return path.map(([soprano, alto, tenor, bass]) => ({ soprano, alto, tenor, bass }));
}

type Candidate = { voices: Voices; cost: number };

function pitchesInRange(pc: PitchClass, [low, high]: [number, number]): Pitch[] {
  const pitches: Pitch[] = [];
  for (let octave = 1; octave <= 6; octave++) {
    const pitch = { ...pc, octave };
    const value = midi(pitch);
    if (value >= low && value <= high) pitches.push(pitch);
  }
  return pitches;
}

function candidatesFor(chord: Chord, final: boolean): Candidate[] {
  const bassTone = chord.tones[chord.bass] as PitchClass;
  const [sopranoRange, altoRange, tenorRange, bassRange] = RANGES as [
    [number, number],
    [number, number],
    [number, number],
    [number, number],
  ];
  const upper = (range: [number, number]) => chord.tones.flatMap((tone) => pitchesInRange(tone, range));
  const list: Candidate[] = [];
  for (const bass of pitchesInRange(bassTone, bassRange)) {
    for (const tenor of upper(tenorRange)) {
      if (midi(tenor) <= midi(bass)) continue;
      for (const alto of upper(altoRange)) {
        if (midi(alto) <= midi(tenor) || midi(alto) - midi(tenor) > 12) continue;
        for (const soprano of upper(sopranoRange)) {
          if (midi(soprano) <= midi(alto) || midi(soprano) - midi(alto) > 12) continue;
          const voices: Voices = [soprano, alto, tenor, bass];
          const cost = chordCost(chord, voices, final);
          if (cost < FORBIDDEN) list.push({ voices, cost });
        }
      }
    }
  }
  return list;
}

/** Completeness and doubling of one voicing. */
function chordCost(chord: Chord, voices: Voices, final: boolean): number {
  const count = (tone: PitchClass) => voices.filter((v) => samePitchClass(v, tone)).length;
  const counts = chord.tones.map(count);
  const [root, third, fifth, seventh] = counts as [number, number, number, number | undefined];
  if (root === 0 || third === 0) return FORBIDDEN;
  if (chord.noDoubling.some((tone) => count(tone) > 1)) return FORBIDDEN;
  let cost = 0;
  if (seventh !== undefined) {
    if (seventh === 0) return FORBIDDEN;
    // A seventh chord may drop its fifth in root position only.
    if (fifth === 0) cost += chord.bass === 0 ? 2 : FORBIDDEN;
  } else {
    if (fifth === 0) return FORBIDDEN;
    const doubled = counts.indexOf(2);
    if (chord.bass === 0) cost += doubled === 0 ? 0 : doubled === 2 ? 2 : 4;
    else if (chord.bass === 1) cost += chord.diminished ? (doubled === 1 ? 0 : 2) : doubled === 1 ? 1 : 0;
    else cost += doubled === 2 ? 0 : 3;
  }
  const [soprano, , tenor, bass] = voices;
  // Bass in the middle of its range; a tenor high above the bass staff is hard to read.
  cost += Math.abs(midi(bass) - 50) * 0.05;
  cost += Math.max(0, midi(tenor) - 62) * 0.6;
  cost += Math.max(0, 67 - midi(soprano)) * 0.4;
  if (final && !samePitchClass(soprano, chord.tones[0] as PitchClass)) cost += 6;
  return cost;
}

function startCost([soprano]: Voices): number {
  return Math.abs(midi(soprano) - 71) * 0.3;
}

function transitionCost(from: Voices, to: Voices, fromChord: Chord, toChord: Chord): number {
  let cost = 0;
  const a = from.map(midi);
  const b = to.map(midi);
  const motion = b.map((value, i) => value - (a[i] as number));

  // Parallel (and contrary) perfect fifths and octaves between any two voices that both move.
  for (let i = 0; i < 4; i++) {
    for (let j = i + 1; j < 4; j++) {
      if (motion[i] === 0 || motion[j] === 0) continue;
      const before = ((((a[i] as number) - (a[j] as number)) % 12) + 12) % 12;
      const after = ((((b[i] as number) - (b[j] as number)) % 12) + 12) % 12;
      if (before === after && (before === 0 || before === 7)) cost += FORBIDDEN;
    }
  }
  // Direct fifths and octaves in the outer voices: similar motion into a perfect interval with a leap on top.
  const outer = (((((b[0] as number) - (b[3] as number)) % 12) + 12) % 12) as number;
  if (
    (outer === 0 || outer === 7) &&
    Math.sign(motion[0] as number) === Math.sign(motion[3] as number) &&
    Math.abs(motion[0] as number) > 2
  ) {
    cost += 20;
  }
  // Overlap: a voice moving past where its neighbour just was.
  for (let i = 0; i < 3; i++) {
    if ((b[i + 1] as number) >= (a[i] as number) || (b[i] as number) <= (a[i + 1] as number)) cost += 10;
  }
  // Smooth upper voices, a bass that may leap.
  motion.forEach((m, i) => {
    const size = Math.abs(m);
    if (i === 3) {
      cost += size * 0.3 + (size > 7 ? 3 : 0);
      return;
    }
    cost += size + (size > 4 ? 3 : 0) + (i === 0 && size > 7 ? 6 : 0);
  });
  // Melodic augmented seconds (♭6 to ♯7 in minor).
  from.forEach((pitch, i) => {
    const next = to[i] as Pitch;
    if (Math.abs(next.step - pitch.step) === 1 && Math.abs(midi(next) - midi(pitch)) === 3) cost += 15;
  });

  const sameHarmony =
    fromChord.tones.length === toChord.tones.length &&
    fromChord.tones.every((tone, i) => samePitchClass(tone, toChord.tones[i] as PitchClass));
  if (!sameHarmony) {
    // The leading tone rises to the tonic when the next chord has it; an inner voice may let it fall at a cadence.
    const leadingTone = fromChord.leadingTone;
    if (leadingTone) {
      const resolution = (semitone(leadingTone) + 1) % 12;
      const resolves = toChord.tones.some((tone) => semitone(tone) === resolution);
      from.forEach((pitch, i) => {
        if (!resolves || !samePitchClass(pitch, leadingTone)) return;
        if (motion[i] !== 1) cost += i === 0 || i === 3 ? 30 : 6;
      });
    }
    // Sevenths (and the six-four's sixth and fourth) fall by step.
    for (const tone of fromChord.falling) {
      from.forEach((pitch, i) => {
        if (!samePitchClass(pitch, tone)) return;
        const m = motion[i] as number;
        if (m !== -1 && m !== -2) cost += i === 3 ? 8 : 25;
      });
    }
  }
  return cost;
}
