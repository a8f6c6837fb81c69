import { describe, expect, it } from 'vitest';
import { measureNumbers, readScore, shownPosition } from './analysis/score-reading.ts';
import { choraleMusicXml, TEST_CHORALES } from './analysis/test-chorales.ts';
import { addScoreLabels } from './score-labels.ts';

const pickupChorale = TEST_CHORALES.find((c) => c.pickup !== undefined);
if (!pickupChorale) throw new Error('no test chorale with a pickup');
const withPickup = choraleMusicXml(pickupChorale);

/** The lyrics Verovio would engrave: [verse, text] in score order. */
const lyrics = (musicxml: string) =>
  [...musicxml.matchAll(/<lyric number="(\d+)"[^>]*>[\s\S]*?<text>([^<]*)<\/text>/g)].map((m) => [m[1], m[2]]);

describe('measure numbers as the score has them (issue 24)', () => {
  it("keeps the score's own numbers when they are plain and only go up", () => {
    expect(measureNumbers(['0', '1', '2', '3'])).toEqual([0, 1, 2, 3]);
    expect(measureNumbers(['5', '6', '8'])).toEqual([5, 6, 8]);
  });

  it("numbers measures in order where the score's are not plain ('4a', repeats numbered again), a pickup 0", () => {
    expect(measureNumbers(['0', '1', '2', '2a', '3'])).toEqual([0, 1, 2, 3, 4]);
    expect(measureNumbers(['1', '2', '1', '2'])).toEqual([1, 2, 3, 4]);
    expect(measureNumbers(['1', 'X1', '2'], true)).toEqual([0, 1, 2]);
  });

  it("shows a pickup as the score numbers it, on the beat where it falls in the bar, and '7a' by its own text", () => {
    const score = readScore(withPickup);
    const first = score.measures[0];
    expect(first?.label).toBe('0');
    // A one-beat pickup in 4/4 is beat 4.
    expect(shownPosition(score.measures, 0, 1)).toEqual({ measure_label: '0', beat_label: 4 });
    expect(shownPosition(score.measures, 1, 2)).toEqual({ measure_label: '1', beat_label: 2 });

    const split = withPickup.replace(/<measure number="2"/, '<measure number="1a"');
    const reread = readScore(split);
    expect(reread.measures.slice(0, 3).map((m) => [m.number, m.label])).toEqual([
      [0, '0'],
      [1, '1'],
      [2, '1a'],
    ]);
    expect(shownPosition(reread.measures, 2, 1).measure_label).toBe('1a');
  });
});

describe('labels under the score of a submission image', () => {
  it('alternate between two lines in score order, so neighbours never run together', () => {
    const labels = [
      { measure: 1, beat: 2, text: 'V', color: '#000' },
      { measure: 1, beat: 1, text: 'vii°7/V', color: '#000' },
      { measure: 1, beat: 3, text: 'I', color: '#000' },
    ];
    const { musicxml, unplaced } = addScoreLabels(withPickup, labels);
    expect(unplaced).toBe(0);
    const placed = lyrics(musicxml).filter(([, text]) => ['V', 'vii°7/V', 'I'].includes(text as string));
    expect(placed).toHaveLength(3);
    const verseOf = (text: string) => placed.find(([, t]) => t === text)?.[0];
    expect(verseOf('vii°7/V')).not.toBe(verseOf('V'));
    expect(verseOf('V')).not.toBe(verseOf('I'));
    expect(verseOf('vii°7/V')).toBe(verseOf('I'));
  });

  it("finds the measure an item names where the score numbers '1a' after a repeat", () => {
    const split = withPickup.replace(/<measure number="2"/g, '<measure number="1a"').replace(/<measure number="3"/g, '<measure number="2"');
    const { unplaced, musicxml } = addScoreLabels(split, [{ measure: 2, beat: 1, text: 'IV', color: '#000' }]);
    expect(unplaced).toBe(0);
    // Item measure 2 is the third measure: the one the score calls '1a'.
    const third = [...musicxml.matchAll(/<measure number="([^"]+)"[\s\S]*?<\/measure>/g)].find((m) => m[0].includes('<text>IV</text>'));
    expect(third?.[1]).toBe('1a');
  });
});

describe('labels that fall on one note (issue 38)', () => {
  it('are joined by a middle dot, never a slash that reads as an applied chord', () => {
    // A whole-measure bass note under two chords: V on beat 1, V7 on beat 3; then f: i and i under another.
    const score = readScore(withPickup);
    const held = score.measures.findIndex((m, index) => index > 0 && m.number > 0);
    const number = score.measures[held]?.number ?? 1;
    const { musicxml } = addScoreLabels(withPickup, [
      { measure: number, beat: 1, text: 'V', color: '#000000' },
      { measure: number, beat: 1.5, text: 'V7', color: '#000000' },
    ]);
    const texts = lyrics(musicxml).map(([, text]) => text);
    expect(texts).toContain('V · V7');
    expect(texts.join(' ')).not.toContain(' / ');
    const keyed = addScoreLabels(withPickup, [
      { measure: number, beat: 1, text: 'f: i', color: '#000000' },
      { measure: number, beat: 1.5, text: 'i', color: '#000000' },
    ]);
    expect(lyrics(keyed.musicxml).map(([, text]) => text)).toContain('f: i · i');
  });
});
