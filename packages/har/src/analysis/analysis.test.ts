import { describe, expect, it } from 'vitest';
import { readHar } from '../format.ts';
import { isCorrectAnswer } from '../grade.ts';
import { buildSampleLibrary } from '../library/build-library.ts';
import { keyName } from '../library/theory.ts';
import { analyseScore } from './analyze-score.ts';
import { findKey } from './key-finding.ts';
import { analysisPositions } from './positions.ts';
import { readScore } from './score-reading.ts';
import { choraleMusicXml, handAnalysis, TEST_CHORALES, type TestChorale } from './test-chorales.ts';

const V_N = { cadential64: 'V', neapolitan6: 'N' } as const;
let library: ReturnType<typeof buildSampleLibrary> | undefined;
const sampleLibrary = () => {
  library ??= buildSampleLibrary();
  return library;
};
const chorale = (title: string) => TEST_CHORALES.find((c) => c.title.startsWith(title)) as TestChorale;
const positionsOf = (musicxml: string) => analysisPositions(readScore(musicxml));
const ids = (musicxml: string) => positionsOf(musicxml).map((p) => p.id);

describe('analysis positions', () => {
  it('finds every change of sonority across four parts, a pickup as measure 0, and not a tied bass', () => {
    // Chorale 1: bass D3 tied from beat 2 to beat 3 of measure 2, where the upper voices move.
    expect(ids(choraleMusicXml(chorale('Chorale 1')))).toEqual([
      'm0b1',
      'm1b1',
      'm1b2',
      'm1b3',
      'm1b4',
      'm1b4.5',
      'm2b1',
      'm2b2',
      'm2b3',
      'm2b4',
    ]);
  });

  it('lets a tie hold a note (a suspension) and finds its resolution off the beat', () => {
    const positions = positionsOf(choraleMusicXml(chorale('Chorale 2')));
    expect(positions.map((p) => p.id)).toEqual(['m1b1', 'm1b2', 'm1b3', 'm1b4', 'm2b1', 'm2b2', 'm2b2.5', 'm2b3']);
    const suspension = positions.find((p) => p.id === 'm2b2');
    // The tenor's D4 is held over from beat 1: one note, sounding at beat 2.
    expect(suspension?.notes.map((n) => n.midi)).toEqual([45, 62, 64, 69]);
    expect(suspension?.notes.find((n) => n.midi === 62)?.onset).toBe(4);
  });

  it('counts beats in the beat-type unit in compound meter (6/8: eighths)', () => {
    expect(ids(choraleMusicXml(chorale('Chorale 4')))).toEqual(['m1b1', 'm1b4', 'm2b1', 'm2b4', 'm3b1']);
  });

  it('skips a rest in every part and starts again after it, even with the same chord', () => {
    expect(ids(choraleMusicXml(chorale('Chorale 5')))).toContain('m2b2');
    expect(ids(choraleMusicXml(chorale('Chorale 5')))).not.toContain('m2b1');
    const same = choraleMusicXml({
      ...chorale('Chorale 5'),
      voices: { soprano: 'C5:1 r:1 C5:2', alto: 'G4:1 r:1 G4:2', tenor: 'E4:1 r:1 E4:2', bass: 'C3:1 r:1 C3:2' },
    });
    expect(ids(same)).toEqual(['m1b1', 'm1b3']);
  });

  it('does not count a chord struck again unchanged', () => {
    const repeated = choraleMusicXml({
      ...chorale('Chorale 5'),
      voices: { soprano: 'C5:1 C5:1 D5:2', alto: 'G4:1 G4:1 G4:2', tenor: 'E4:1 E4:1 B3:2', bass: 'C3:1 C3:1 G2:2' },
    });
    expect(ids(repeated)).toEqual(['m1b1', 'm1b3']);
  });

  it('starts a phrase after a fermata with a position, even on the chord struck again', () => {
    const phrases = (fermata: string) =>
      choraleMusicXml({
        ...chorale('Chorale 5'),
        voices: {
          soprano: `E5:1 D5:1 C5:1${fermata} C5:1 | B4:2 C5:2`,
          alto: `G4:1 G4:1 G4:1${fermata} G4:1 | G4:2 G4:2`,
          tenor: `C4:1 B3:1 E4:1${fermata} E4:1 | D4:2 E4:2`,
          bass: `C3:1 G2:1 C3:1${fermata} C3:1 | G2:2 C3:2`,
        },
      });
    expect(ids(phrases('^'))).toEqual(['m1b1', 'm1b2', 'm1b3', 'm1b4', 'm2b1', 'm2b3']);
    // The same music with no fermata: the chord struck again is no new position.
    expect(ids(phrases(''))).toEqual(['m1b1', 'm1b2', 'm1b3', 'm2b1', 'm2b3']);
  });

  it('counts the whole chord struck again on the first beat of a bar, not a chord held into it in part', () => {
    const across = (bass: string) =>
      choraleMusicXml({
        ...chorale('Chorale 5'),
        voices: { soprano: 'D5:2 C5:2 | C5:2 B4:1 C5:1', alto: 'G4:2 G4:2 | G4:2 G4:1 G4:1', tenor: 'B3:2 E4:2 | E4:2 D4:1 E4:1', bass },
      });
    expect(ids(across('G2:2 C3:2 | C3:2 G2:1 C3:1'))).toEqual(['m1b1', 'm1b3', 'm2b1', 'm2b3', 'm2b4']);
    // The bass tied over the bar line: the upper voices struck again make no new chord.
    expect(ids(across('G2:2 C3:2~ | C3:2 G2:1 C3:1'))).toEqual(['m1b1', 'm1b3', 'm2b3', 'm2b4']);
  });

  it('reads two parts of two voices each (backup) like four parts', () => {
    const four = choraleMusicXml({ ...chorale('Chorale 3'), layout: 'four-parts' });
    const two = choraleMusicXml({ ...chorale('Chorale 3'), layout: 'two-parts' });
    expect(ids(two)).toEqual(ids(four));
    expect(readScore(two).parts).toBe(2);
  });

  it('puts items where the sample library keys them', () => {
    for (const set of sampleLibrary().sets) {
      for (const doc of set.documents) {
        const har = readHar(doc.har);
        expect(ids(har.score), doc.title).toEqual(har.key?.items.map((item) => item.id));
      }
    }
  });
});

describe('key finding', () => {
  it('finds each hand-written chorale’s key, minor without a written mode', () => {
    for (const c of TEST_CHORALES) {
      const reading = readScore(choraleMusicXml(c));
      expect(keyName(findKey(reading, analysisPositions(reading))), c.title).toBe(c.key);
    }
  });

  it('finds the sample library’s keys with the <mode> element taken out', () => {
    for (const set of sampleLibrary().sets) {
      for (const doc of set.documents) {
        const score = readHar(doc.har).score.replace(/<mode>\w+<\/mode>/g, '');
        const reading = readScore(score);
        const expected = /\((.*)\)/.exec(doc.title)?.[1];
        expect(keyName(findKey(reading, analysisPositions(reading))), doc.title).toBe(expected);
      }
    }
  });

  it('finds a key from the music alone when the score has no key signature', () => {
    const noSignature = choraleMusicXml(chorale('Chorale 10')).replace(/<key>.*?<\/key>/g, '');
    const reading = readScore(noSignature);
    expect(findKey(reading, analysisPositions(reading))).toMatchObject({ mode: 'major', tonic: { step: 1, alter: 0 }, source: 'music' });
  });
});

describe('Roman-numeral suggestions', () => {
  it('name inversions, sevenths, applied chords, the Neapolitan, augmented sixths and the cadential six-four', () => {
    const labels = (title: string, settings = V_N) =>
      Object.fromEntries(analyseScore(choraleMusicXml(chorale(title)), settings).positions.map((p) => [p.id, p.suggestion.label]));
    expect(labels('Chorale 3')).toMatchObject({ m1b3: 'V65/V', m2b2: 'V7/IV', m3b1: 'V64', m3b2: 'V7' });
    expect(labels('Chorale 5')).toMatchObject({ m1b3: 'vii°7/V', m2b3: 'V43', m3b1: 'ii65' });
    expect(labels('Chorale 11')).toMatchObject({ m1b3: 'It6', m2b2: 'Ger65', m2b3: 'V64' });
    expect(labels('Chorale 4')).toMatchObject({ m2b1: 'N6' });
    // Five beats around vi make a key area (C minor, pivot IV = c: VI); the piece's reading V/vi is offered beside it.
    const nine = analyseScore(choraleMusicXml(chorale('Chorale 9')), V_N).positions;
    expect(nine.find((p) => p.id === 'm2b1')?.suggestion.answers).toEqual(['V', 'Eb: V/vi']);
    expect(labels('Chorale 9')).toMatchObject({ m1b3: 'IV = c: VI', m2b4: 'VII7 = Eb: V7', m3b1: 'vi' });
  });

  it('use the course’s spelling of the cadential six-four and the Neapolitan, and accept both', () => {
    const course = { cadential64: 'I', neapolitan6: 'II' } as const;
    const neapolitan = analyseScore(choraleMusicXml(chorale('Chorale 4')), course).positions.find((p) => p.id === 'm2b1');
    expect(neapolitan?.suggestion).toMatchObject({ label: 'bII6', answers: ['N6', 'bII6'] });
    const cadential = analyseScore(choraleMusicXml(chorale('Chorale 6')), course).positions.find((p) => p.id === 'm2b3');
    expect(cadential?.suggestion).toMatchObject({ label: 'i64', answers: ['V64', 'i64'] });
  });

  it('mark passing notes and a suspension’s resolution as decorations, and read the suspension as its chord', () => {
    const positions = analyseScore(choraleMusicXml(chorale('Chorale 2')), V_N).positions;
    expect(positions.find((p) => p.id === 'm2b2')?.suggestion).toMatchObject({ label: 'V', embellishing: false });
    expect(positions.find((p) => p.id === 'm2b2.5')?.suggestion.embellishing).toBe(true);
    // A passing bass under a whole chord (E–D–C under G B: a passing six-four) is named, as the
    // expert analyses of the Bach chorales name such chords (issue 25); a passing note that makes
    // no chord stays a decoration.
    const passing = analyseScore(choraleMusicXml(chorale('Chorale 1')), V_N).positions.find((p) => p.id === 'm1b4.5');
    expect(passing?.suggestion).toMatchObject({ label: 'I64', embellishing: false });
    const passingNote = analyseScore(choraleMusicXml(chorale('Chorale 6')), V_N).positions.find((p) => p.id === 'm1b1.5');
    expect(passingNote?.suggestion).toMatchObject({ label: 'i', embellishing: true });
  });
});

/** Suggestion accuracy: the share of hand-keyed items whose suggestion the grader would mark right. */
function accuracy(cases: { score: string; key: { id: string; answers: string[] }[] }[]) {
  let items = 0;
  let right = 0;
  let extra = 0;
  let extraMarked = 0;
  for (const { score, key } of cases) {
    const positions = analyseScore(score, V_N).positions;
    const keyed = new Set(key.map((item) => item.id));
    for (const p of positions.filter((p) => !keyed.has(p.id))) {
      extra += 1;
      if (p.suggestion.embellishing) extraMarked += 1;
    }
    for (const item of key) {
      items += 1;
      const found = positions.find((p) => p.id === item.id);
      if (found?.suggestion.label && !found.suggestion.embellishing && isCorrectAnswer(found.suggestion.label, item.answers)) right += 1;
    }
  }
  return { items, right, percent: Math.round((right / items) * 1000) / 10, extra, extraMarked };
}

describe('suggestion accuracy', () => {
  it('on the sample library (26 phrases, keys known)', () => {
    const cases = sampleLibrary().sets.flatMap((set) =>
      set.documents.map((doc) => {
        const har = readHar(doc.har);
        return { score: har.score, key: har.key?.items ?? [] };
      }),
    );
    const result = accuracy(cases);
    console.info('sample library suggestion accuracy', result);
    expect(result.items).toBe(208);
    expect(result.percent).toBeGreaterThanOrEqual(95);
  });

  it('on the hand-written chorale phrases (at least ten, keys by hand)', () => {
    expect(TEST_CHORALES.length).toBeGreaterThanOrEqual(10);
    const result = accuracy(TEST_CHORALES.map((c) => ({ score: choraleMusicXml(c), key: handAnalysis(c) })));
    console.info('hand-written chorale suggestion accuracy', result);
    expect(result.percent).toBeGreaterThanOrEqual(90);
    // Positions the hand analysis leaves unlabelled are offered as decorations to skip, except the
    // three where passing motion sounds a whole chord (I64, vi6, vi42), which are named (issue 25).
    expect(result.extra - result.extraMarked).toBe(3);
  });
});
