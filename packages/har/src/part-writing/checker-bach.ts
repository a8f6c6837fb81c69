import { lineText, type VoiceEvent } from '@app/contract/part-writing/line';
import { CHORALE_RULE_POINTS, type RuleId, VOICES, type Voice } from '@app/contract/part-writing/rules';
import { parsePitch } from '@app/contract/part-writing/theory';
import { checkWritten, type GivenChord, type WritingExercise, type WrittenChord } from '@app/contract/part-writing/written';
import { choraleParts } from './corpus-voices.ts';

/**
 * Measuring the part-writing checker on Bach's own four voices with their real rhythm (issue 35):
 * a chorale read into chords (one per beat, or one per bass note), every voice's notes, rests and
 * ties as line texts (contract part-writing/line.ts), phrase ends at fermatas; then the voices a
 * student writes handed in as Bach wrote them, for each choice of given voices. The fast inner loop
 * of the checker's calibration (`checker-bach.test.ts`); the end-to-end figures through the API are
 * the bench's. Read at run time from the shared corpus, never copied into the repository.
 */

type Note = { start: number; end: number; pitch?: string; tieNext: boolean; fermata: boolean };
type Measure = { start: number; length: number; meter: string };

export type ChoraleVoices = { lines: Record<Voice, Note[]>; measures: Measure[] };

/** The four sung voices of a chorale with their rhythm, or undefined when its parts are not named S A T B. */
export function choraleVoices(mxl: Uint8Array): ChoraleVoices | undefined {
  const lines: Partial<Record<Voice, Note[]>> = {};
  let measures: Measure[] = [];
  for (const part of choraleParts(mxl)) {
    lines[part.voice] = part.notes.map(({ start, end, pitch, ties, fermata }) => ({
      start,
      end,
      pitch,
      tieNext: ties.includes('start') && pitch !== undefined,
      fermata,
    }));
    if (part.voice === 'S') measures = part.measures;
  }
  if (VOICES.some((v) => !lines[v])) return undefined;
  return { lines: lines as Record<Voice, Note[]>, measures };
}

export type Harmonic = 'beat' | 'bass';

/** The chorale as an exercise's chords: each voice's line within each chord, and where phrases end. */
export function choraleChords(voices: ChoraleVoices, harmonic: Harmonic): GivenChord[] {
  const { lines, measures } = voices;
  const cuts = new Set<number>();
  for (const m of measures) {
    cuts.add(m.start);
    if (harmonic === 'beat') {
      const [, unit] = m.meter.split('/').map(Number);
      const beat = unit === 2 ? 2 : unit === 8 ? 1.5 : 1;
      // A pickup's beats are counted from its end (the measure's downbeat comes after it).
      for (let t = m.start + m.length - beat; t > m.start + 1e-9; t -= beat) cuts.add(t);
    }
  }
  const end = Math.max(...VOICES.map((v) => lines[v][lines[v].length - 1]?.end ?? 0));
  if (harmonic === 'bass') for (const n of lines.B) cuts.add(n.start);
  const times = [...cuts].filter((t) => t < end - 1e-9).sort((a, b) => a - b);
  const chords: GivenChord[] = [];
  for (const [k, start] of times.entries()) {
    const stop = times[k + 1] ?? end;
    const beats = stop - start;
    const chord: GivenChord = { beats };
    let fermata = false;
    for (const v of VOICES) {
      const events: VoiceEvent[] = [];
      for (const n of lines[v]) {
        const from = Math.max(n.start, start);
        const to = Math.min(n.end, stop);
        if (to <= from + 1e-9) continue;
        const event: VoiceEvent = { beats: to - from };
        const pitch = n.pitch ? parsePitch(n.pitch) : undefined;
        if (pitch) event.pitch = pitch;
        // Tied on: into the next chord (the note goes on), or to the next note (a written tie).
        if (pitch && (n.end > stop + 1e-9 || (n.tieNext && to >= n.end - 1e-9))) event.tie = true;
        events.push(event);
        if (n.fermata && n.end <= stop + 1e-9) fermata = true;
      }
      // Rests merged: `r:8+r:8` is one rest.
      const merged = events.reduce<VoiceEvent[]>((list, e) => {
        const last = list[list.length - 1];
        if (last && !last.pitch && !e.pitch) last.beats += e.beats;
        else list.push({ ...e });
        return list;
      }, []);
      chord[v] = lineText(merged, beats);
    }
    if (fermata) chord.phrase_end = true;
    chords.push(chord);
  }
  return chords;
}

export type Choice = readonly Voice[];
export const CHOICES: Record<string, Choice> = { bass: ['B'], soprano: ['S'], 'soprano and bass': ['S', 'B'] };

export type Handed = {
  score: number;
  max: number;
  chords: number;
  unwritten: number;
  findings: { rule: RuleId; chords: number[]; voices: Voice[]; message: string }[];
};

/** Bach's own voices handed in as a student's, the `given` ones given: the grade with the default settings. */
export function handInBach(chords: readonly GivenChord[], given: Choice, points = 20, rules: WritingExercise['rules'] = {}): Handed {
  const write = VOICES.filter((v) => !given.includes(v));
  const exercise: WritingExercise = {
    key: 'C major',
    meter: '4/4',
    style: 'free',
    given,
    write,
    rules,
    chords: chords.map((c) => {
      const out: GivenChord = { ...c };
      for (const v of write) delete out[v];
      return out;
    }),
  };
  const written: WrittenChord[] = chords.map((c) => Object.fromEntries(write.map((v) => [v, c[v]])));
  const checked = checkWritten(exercise, written);
  const cost = (rule: RuleId) => rules[rule]?.points ?? CHORALE_RULE_POINTS[rule];
  const deducted = checked.findings.reduce((sum, f) => sum + cost(f.rule), 0) + checked.unwritten.length * cost('wrong-chord');
  return {
    score: Math.max(0, points - deducted),
    max: points,
    chords: chords.length,
    unwritten: checked.unwritten.length,
    findings: checked.findings.map(({ rule, chords, voices, message }) => ({ rule, chords, voices, message })),
  };
}
