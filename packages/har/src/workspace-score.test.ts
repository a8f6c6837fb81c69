import { describe, expect, it } from 'vitest';
import { choraleMusicXml, TEST_CHORALES } from './analysis/test-chorales.ts';
import { renderWorkspaceScore } from './workspace-score.ts';

const pickupChorale = TEST_CHORALES.find((c) => c.pickup !== undefined);
if (!pickupChorale) throw new Error('no test chorale with a pickup');

describe('the workspace score (issue 24)', () => {
  it("writes each measure's own number into the drawing and gives items the measure and beat the score prints", async () => {
    // A one-beat pickup numbered 0, then '1', then '1a' (the rest of bar 1 after a repeat).
    const score = choraleMusicXml(pickupChorale).replace(/<measure number="2"/g, '<measure number="1a"');
    const layout = await renderWorkspaceScore(score, [
      { id: 'p', measure: 0, beat: 1, points: 1 },
      { id: 'a', measure: 1, beat: 2, points: 1 },
      { id: 'b', measure: 2, beat: 1, points: 1 },
    ]);
    expect(
      [...layout.svg.matchAll(/class="measure"[^>]*data-n="([^"]+)"|data-n="([^"]+)"[^>]*class="measure"/g)].map((m) => m[1] ?? m[2]),
    ).toEqual(['0', '1', '1a']);
    expect(layout.items.map((item) => [item.measure_label, item.beat_label])).toEqual([
      ['0', 4],
      ['1', 2],
      ['1a', 1],
    ]);
    // Every item is found in the drawing, left to right.
    const xs = layout.items.map((item) => item.x as number);
    expect(xs.every((x) => x > 0 && x < 1)).toBe(true);
    expect([...xs].sort((p, q) => p - q)).toEqual(xs);
    // Without Verovio's indentation: no whitespace between tags for the browser to parse and clone.
    expect(layout.svg).not.toMatch(/>\s+</);
  }, 60_000);
});
