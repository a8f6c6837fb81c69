import { parseRomanNumeral } from '@app/contract/roman-numeral';
import { beforeAll, describe, expect, it } from 'vitest';
import { readHar } from '../format.ts';
import { renderPreview } from '../preview.ts';
import { addScoreLabels } from '../score-labels.ts';
import { buildSampleLibrary, type SampleLibrary } from './build-library.ts';
import { SAMPLE_SETS } from './progressions.ts';
import { chordOf, type Key, keyFifths, midi, noteName, pitchClass, samePitchClass } from './theory.ts';
import { voiceProgression } from './voicing.ts';

let library: SampleLibrary;

beforeAll(() => {
  library = buildSampleLibrary();
});

const documents = () => library.sets.flatMap((set) => set.documents.map((doc) => ({ set, doc })));

describe('buildSampleLibrary', () => {
  it('builds at least 3 sets and 24 exercises with distinct titles and keys', () => {
    expect(library.sets.length).toBeGreaterThanOrEqual(3);
    expect(documents().length).toBeGreaterThanOrEqual(24);
    expect(library.sets.map((set) => set.title)).toEqual([
      'Diatonic Harmony in Major',
      'Diatonic Harmony in Minor',
      'Chromatic Harmony: Cadential Six-Four and Neapolitan Sixth',
    ]);
    const titles = documents().map(({ doc }) => doc.title);
    expect(new Set(titles).size).toBe(titles.length);
    const keys = documents().map(({ doc }) => readHar(doc.har).manifest.document_key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('writes the same bytes every time', () => {
    const again = buildSampleLibrary();
    expect(again.sets.flatMap((set) => set.documents.map((doc) => doc.har))).toEqual(documents().map(({ doc }) => doc.har));
  });

  it('makes every document a valid exercise with a key whose items sit on notes of the score', () => {
    for (const { doc } of documents()) {
      const har = readHar(doc.har);
      expect(har.manifest).toMatchObject({ kind: 'exercise', title: doc.title, exercise_type: 'roman-numeral-analysis' });
      const items = har.key?.items ?? [];
      expect(items.length).toBeGreaterThanOrEqual(5);
      for (const item of items) {
        for (const answer of item.answers) expect(parseRomanNumeral(answer), `${doc.title}: ${answer}`).toBeDefined();
      }
      const labelled = addScoreLabels(
        har.score,
        items.map((item) => ({ measure: item.measure, beat: item.beat, text: item.id, color: '#000000' })),
      );
      expect(labelled.unplaced, doc.title).toBe(0);
    }
  });

  it('covers inversions, sevenths, vii°, secondary dominants, cadential six-fours and Neapolitan sixths', () => {
    const answers = documents().flatMap(({ doc }) => readHar(doc.har).key?.items.map((item) => item.answers.join('|')) ?? []);
    for (const label of [
      'I6',
      'ii6',
      'V7',
      'V65',
      'V43',
      'V42',
      'vii°6',
      'vii°7',
      'iiø65',
      'ii°6',
      'V/V',
      'vii°7/V',
      'V7/IV',
      'V65/V',
      'V/vi',
      'V/iv',
      'III',
    ]) {
      expect(answers, label).toContain(label);
    }
    expect(answers).toContain('V64|I64');
    expect(answers).toContain('V64|i64');
    expect(answers).toContain('N6|bII6');
  });

  it('renders every score', async () => {
    for (const { doc } of documents()) {
      const preview = await renderPreview(readHar(doc.har).score);
      expect(preview.width, doc.title).toBeGreaterThan(800);
      expect(preview.height, doc.title).toBeGreaterThan(150);
    }
  });
});

describe('chord spelling', () => {
  const key = (name: string, mode: 'major' | 'minor'): Key => ({ tonic: pitchClass(name), mode });
  const spelled = (k: Key, label: string) => {
    const chord = chordOf(k, label);
    return { tones: chord.tones.map(noteName).join(' '), bass: noteName(chord.tones[chord.bass] ?? { step: 0, alter: 0 }) };
  };

  it.each([
    ['C', 'major', 'I', 'C E G', 'C'],
    ['C', 'major', 'ii6', 'D F A', 'F'],
    ['Bb', 'major', 'V7', 'F A C Eb', 'F'],
    ['Bb', 'major', 'V65', 'F A C Eb', 'A'],
    ['Eb', 'major', 'V42', 'Bb D F Ab', 'Ab'],
    ['A', 'major', 'vii°6', 'G# B D', 'B'],
    ['A', 'minor', 'V', 'E G# B', 'E'],
    ['A', 'minor', 'VII', 'G B D', 'G'],
    ['A', 'minor', 'III', 'C E G', 'C'],
    ['C', 'minor', 'vii°7', 'B D F Ab', 'B'],
    ['F', 'minor', 'iiø65', 'G Bb Db F', 'Bb'],
    ['E', 'minor', 'ii°6', 'F# A C', 'A'],
    ['D', 'minor', 'N6', 'Eb G Bb', 'G'],
    ['C', 'major', 'N6', 'Db F Ab', 'F'],
    ['D', 'major', 'V/V', 'E G# B', 'E'],
    ['F', 'major', 'vii°7/V', 'B D F Ab', 'B'],
    ['Bb', 'major', 'V7/IV', 'Bb D F Ab', 'Bb'],
    ['G', 'major', 'V/vi', 'B D# F#', 'B'],
    ['C', 'minor', 'V/iv', 'C E G', 'C'],
    ['C', 'major', 'V/ii', 'A C# E', 'A'],
    ['C', 'major', 'Cad64', 'C E G', 'G'],
    ['A', 'minor', 'Cad64', 'A C E', 'E'],
    ['F#', 'minor', 'V7', 'C# E# G# B', 'C#'],
  ] as [string, 'major' | 'minor', string, string, string][])('%s %s: %s is %s over %s', (tonic, mode, label, tones, bass) => {
    expect(spelled(key(tonic, mode), label)).toEqual({ tones, bass });
  });

  it('knows the key signatures', () => {
    expect(keyFifths(key('C', 'major'))).toBe(0);
    expect(keyFifths(key('Bb', 'major'))).toBe(-2);
    expect(keyFifths(key('E', 'major'))).toBe(4);
    expect(keyFifths(key('F#', 'minor'))).toBe(3);
    expect(keyFifths(key('F', 'minor'))).toBe(-4);
    expect(keyFifths(key('C', 'minor'))).toBe(-3);
  });
});

describe('voice leading of every phrase', () => {
  const phrases = SAMPLE_SETS.flatMap((set) => set.phrases);

  it.each(phrases.map((phrase) => [`${phrase.key} ${phrase.mode}: ${phrase.phrase}`, phrase] as const))('%s', (_name, phrase) => {
    const key: Key = { tonic: pitchClass(phrase.key), mode: phrase.mode };
    const labels = phrase.phrase
      .split(/[|\s]+/)
      .filter(Boolean)
      .map((token) => token.split(':')[0] as string);
    const chords = labels.map((label) => chordOf(key, label));
    const voicings = voiceProgression(chords);
    voicings.forEach((voicing, index) => {
      const chord = chords[index];
      if (!chord) throw new Error('missing chord');
      const voices = [voicing.soprano, voicing.alto, voicing.tenor, voicing.bass];
      // Every voice sings a chord tone, the bass the one the figure asks for, and the chord is complete.
      for (const voice of voices) expect(chord.tones.some((tone) => samePitchClass(tone, voice))).toBe(true);
      expect(samePitchClass(voicing.bass, chord.tones[chord.bass] ?? voicing.bass)).toBe(true);
      const present = chord.tones.filter((tone) => voices.some((voice) => samePitchClass(voice, tone))).length;
      expect(present).toBeGreaterThanOrEqual(chord.tones.length - (chord.tones.length === 4 && chord.bass === 0 ? 1 : 0));
      // No crossing, spacing within an octave in the upper voices.
      const heights = voices.map(midi);
      expect(heights).toEqual([...heights].sort((a, b) => b - a));
      expect((heights[0] as number) - (heights[1] as number)).toBeLessThanOrEqual(12);
      expect((heights[1] as number) - (heights[2] as number)).toBeLessThanOrEqual(12);
      // No parallel fifths or octaves.
      const previous = voicings[index - 1];
      if (!previous) return;
      const before = [previous.soprano, previous.alto, previous.tenor, previous.bass].map(midi);
      for (let i = 0; i < 4; i++) {
        for (let j = i + 1; j < 4; j++) {
          const moved = before[i] !== heights[i] && before[j] !== heights[j];
          const was = ((((before[i] as number) - (before[j] as number)) % 12) + 12) % 12;
          const is = ((((heights[i] as number) - (heights[j] as number)) % 12) + 12) % 12;
          expect(moved && was === is && (is === 0 || is === 7), `${labels[index - 1]} → ${labels[index]}, voices ${i} and ${j}`).toBe(
            false,
          );
        }
      }
    });
  });
});
