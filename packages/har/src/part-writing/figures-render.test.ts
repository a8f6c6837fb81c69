import { describe, expect, it } from 'vitest';
import { renderPartWritingPreview } from '../preview.ts';
import { smuflTextAsUnicode } from '../render-score.ts';
import { partWritingScore } from './score.ts';

/**
 * Figures drawn into the preview and submission images (issue 27). Verovio sets a figure's
 * accidental as a SMuFL character in its music font, which it embeds as a web font that resvg
 * cannot read: a lone `#` or `b` figure (the raised or lowered third) came out as a box.
 */

const score = (figures: string[]) =>
  partWritingScore('Figures', {
    key: 'C major',
    meter: '4/4',
    given: ['B'],
    chords: figures.map((f, i) => ({ B: ['C3', 'E3', 'G3', 'A3'][i % 4] as string, figures: f, beats: 1 })),
  });

/** The text content of every <tspan> of the SVG. */
const texts = (svg: string) =>
  [...svg.matchAll(/<tspan\b([^>]*)>([^<]+)<\/tspan>/g)].map((m) => ({ attributes: m[1] ?? '', text: m[2] ?? '' }));
const PRIVATE_USE = /[\uE000-\uF8FF]/;

describe('figured-bass accidentals in the rendered score', () => {
  it('writes a lone sharp, flat and natural as ♯ ♭ ♮ in the text font, no SMuFL character left for resvg', async () => {
    const { svg } = await renderPartWritingPreview(score(['#', 'b', 'n', '6 #']));
    const shown = texts(svg);
    expect(shown.filter((t) => PRIVATE_USE.test(t.text))).toEqual([]);
    const signs = shown.filter((t) => /[♭♮♯]/.test(t.text));
    expect(signs.map((t) => t.text)).toEqual(['♯', '♭', '♮', '♯']);
    for (const sign of signs) expect(sign.attributes).not.toContain('Leipzig');
    expect(shown.some((t) => t.text === '6')).toBe(true);
  });

  it('draws a lone sharp and a lone flat differently in the PNG (a missing glyph draws both as the same box)', async () => {
    const sharp = await renderPartWritingPreview(score(['', '#']));
    const flat = await renderPartWritingPreview(score(['', 'b']));
    expect(sharp.width).toBe(flat.width);
    expect(Buffer.from(sharp.png).equals(Buffer.from(flat.png))).toBe(false);
  });

  it('draws an accidental written after its figure (7b, 6n, 6#, 6+, the slashed 6) after it, and one before it before it', async () => {
    const { svg } = await renderPartWritingPreview(score(['7b', '6n', '6+', '6\\', 'b7', '#6']));
    const shown = texts(svg)
      .map((t) => t.text)
      .filter((text) => /^[♭♮♯\d]$/.test(text));
    expect(shown).toEqual(['7', '♭', '6', '♮', '6', '♯', '6', '♯', '♭', '7', '♯', '6']);
  });

  it('leaves other music-font text alone', () => {
    const other = '<tspan font-family="Leipzig" font-size="720px">\uE050</tspan>';
    expect(smuflTextAsUnicode(other)).toBe(other);
    expect(smuflTextAsUnicode('<tspan font-family="Leipzig" font-size="720px">\uEA66</tspan>')).toBe('<tspan font-size="540px">♯</tspan>');
  });
});
