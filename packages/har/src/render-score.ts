import { existsSync } from 'node:fs';
import { har } from '@app/contract/har-messages';
import { Resvg } from '@resvg/resvg-js';
import type { VerovioToolkit } from 'verovio/esm';
import { HarError } from './har-error.ts';
import { firstMeasures } from './musicxml-tree.ts';

/**
 * MusicXML → SVG (Verovio) → PNG (resvg), shared by the document preview and
 * the submission image. Verovio is loaded once, on first use (about 150 ms),
 * and its toolkit reused: each render is synchronous, so calls never interleave.
 */

export type RenderedScore = { png: Uint8Array; width: number; height: number; svg: string };

/** Verovio's page, in its units; at scale 50 a 2000-unit page is 1000 px wide. */
const PAGE_WIDTH = 2000;
const PAGE_HEIGHT = 3500;
const SCALE = 50;

/**
 * Verovio cannot be interrupted, so it is given only what the first page can
 * show: the first measures of a long score, and at most so many notes (a
 * sample exercise has about 40; the limit renders in well under a second).
 */
const PREVIEW_MEASURES = 48;
const MAX_NOTES = 8_000;

let toolkitPromise: Promise<VerovioToolkit> | undefined;

/** The one Verovio toolkit of this process; every caller sets all its options before rendering. */
export function loadToolkit(): Promise<VerovioToolkit> {
  // Imported here, not at the top: a web-only instance never renders, and loading Verovio's
  // WebAssembly module is the largest part of a server start otherwise (decision 013).
  toolkitPromise ??= Promise.all([import('verovio/wasm'), import('verovio/esm')]).then(async ([wasm, esm]) => {
    const module = await wasm.default();
    // Keep Verovio's warnings in its buffer (read through getLog) instead of on stdout.
    esm.enableLogToBuffer(true, module);
    esm.enableLog(esm.LOG_WARNING, module);
    return new esm.VerovioToolkit(module);
  });
  return toolkitPromise;
}

/** The first page of a MusicXML score as SVG, with what resvg cannot draw well taken out. */
export async function renderFirstPageSvg(score: string): Promise<string> {
  const [first] = await renderPagesSvg(firstMeasures(score, PREVIEW_MEASURES), 1);
  return first as string;
}

/**
 * A submission image's pages at most (each up to 1,750 px tall at this scale): a long chorale takes
 * three or four; the bound keeps the bitmap resvg draws (~7 MB a page) and Verovio's layout time of
 * the largest scores the product takes (800 measures) within a CPU-pool task's limits.
 */
const IMAGE_PAGES = 6;
const IMAGE_MEASURES = 240;

/**
 * The pages of a MusicXML score as one SVG, one under another (at most IMAGE_PAGES): a submission
 * image shows every label the student wrote, not only those of the first page (QA2: chorale 205's
 * answers after measure 17 were in no picture). The note limit is the preview's.
 */
export async function renderAllPagesSvg(score: string): Promise<string> {
  return stackPages(await renderPagesSvg(firstMeasures(score, IMAGE_MEASURES), IMAGE_PAGES));
}

/** Pages 1 … `most` of a score, each a cleaned SVG; refused when Verovio draws no measure. */
async function renderPagesSvg(musicxml: string, most: number): Promise<string[]> {
  assertRenderable(musicxml);
  const toolkit = await loadToolkit();
  toolkit.resetOptions();
  toolkit.setOptions({
    pageWidth: PAGE_WIDTH,
    pageHeight: PAGE_HEIGHT,
    scale: SCALE,
    adjustPageHeight: true,
    breaks: 'auto',
    header: 'auto',
    footer: 'none',
    // Short exercises fill the width instead of huddling on the left.
    minLastJustification: 0.2,
    svgViewBox: false,
  });
  let loaded = false;
  try {
    loaded = toolkit.loadData(musicxml);
  } catch {
    loaded = false;
  }
  const count = loaded ? Math.min(toolkit.getPageCount(), most) : 0;
  const pages: string[] = [];
  for (let page = 1; page <= count; page++) pages.push(toolkit.renderToSVG(page));
  if (!pages[0]?.includes('class="measure"')) {
    throw new HarError(har('scoreUnreadable', { reason: firstLogLine(toolkit.getLog()) }), 'unreadable_score');
  }
  return pages.map(cleanSvg);
}

/** Pages (each an `<svg width="…px" height="…px">`) as one SVG, one under another, as wide as the widest. */
export function stackPages(pages: string[]): string {
  if (pages.length === 1) return pages[0] as string;
  const size = (page: string, name: 'width' | 'height') => {
    const root = /<svg\b[^>]*>/.exec(page)?.[0] ?? '';
    return Number(new RegExp(`\\s${name}="([\\d.]+)`).exec(root)?.[1] ?? 0);
  };
  let top = 0;
  let width = 0;
  const placed = pages.map((page) => {
    const y = top;
    top += size(page, 'height');
    width = Math.max(width, size(page, 'width'));
    return page.replace(/<svg\b/, `<svg x="0" y="${y}"`);
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}px" height="${top}px">${placed.join('')}</svg>`;
}

/** Draws an SVG on white with the fonts this machine has; without any font, text is simply left out. */
export function svgToPng(svg: string): { png: Uint8Array; width: number; height: number } {
  const fonts = fontFiles(svg);
  const family = fonts.family;
  const resvg = new Resvg(svg, {
    background: 'white',
    font: {
      loadSystemFonts: fonts.files.length === 0,
      fontFiles: fonts.files,
      defaultFontFamily: family,
      serifFamily: family,
      sansSerifFamily: family,
    },
  });
  const image = resvg.render();
  return { png: new Uint8Array(image.asPng()), width: image.width, height: image.height };
}

export async function renderScore(musicxml: string, pages: 'first' | 'all' = 'first'): Promise<RenderedScore> {
  const svg = pages === 'all' ? await renderAllPagesSvg(musicxml) : await renderFirstPageSvg(musicxml);
  return { ...svgToPng(svg), svg };
}

function assertRenderable(musicxml: string): void {
  const notes = countMatches(musicxml, /<note[\s>]/g, MAX_NOTES);
  if (notes > MAX_NOTES) {
    throw new HarError(har('previewTooManyNotes', { measures: PREVIEW_MEASURES, max: MAX_NOTES }), 'unreadable_score');
  }
}

function countMatches(text: string, pattern: RegExp, stopAfter: number): number {
  let count = 0;
  pattern.lastIndex = 0;
  while (pattern.exec(text) && count <= stopAfter) count++;
  pattern.lastIndex = 0;
  return count;
}

export function firstLogLine(log: string): string {
  const line = log
    .split('\n')
    .map((l) =>
      l
        .replace(/^\[\w+\]\s*/, '')
        .replace(/^(warning|error):\s*/i, '')
        .trim(),
    )
    .find((l) => l.length > 0);
  if (!line) return 'Verovio found no music in it';
  const short = line.length > 160 ? `${line.slice(0, 157)}...` : line;
  return short.replace(/[.\s]+$/, '');
}

/**
 * resvg shows <title> text and ignores x/y on the first <tspan> of a <text>
 * that has none itself (Verovio's page heads): strip the one, hoist the other.
 */
export function cleanSvg(svg: string): string {
  return smuflTextAsUnicode(svg)
    .replace(/<title\b[^>]*>[\s\S]*?<\/title>/g, '')
    .replace(/<title\b[^>]*\/>/g, '')
    .replace(
      /<text((?:(?!\sx=)[^>])*)>(\s*)<tspan([^>]*?)\s+x="([^"]*)"\s+y="([^"]*)"((?:\s+text-anchor="[^"]*")?)/g,
      (_match, textAttributes: string, space: string, tspanAttributes: string, x: string, y: string, anchor: string) =>
        `<text${textAttributes} x="${x}" y="${y}"${anchor}>${space}<tspan${tspanAttributes}`,
    );
}

/**
 * Verovio writes the accidentals of figured bass (and other text-set music symbols) as SMuFL
 * characters in its music font ("Leipzig"), which it embeds as a WOFF2 @font-face; resvg reads no
 * web fonts, so each came out as a box (issue 27: a lone `#` figure). The figured-bass accidentals
 * and plus are the ordinary Unicode signs (♭ ♮ ♯, which DejaVu Serif has), in the text's font.
 */
const SMUFL_TEXT: Record<string, string> = {
  '\uEA63': '\u266D\u266D', // figbassDoubleFlat
  '\uEA64': '\u266D', // figbassFlat
  '\uEA65': '\u266E', // figbassNatural
  '\uEA66': '\u266F', // figbassSharp
  '\uEA67': 'x', // figbassDoubleSharp
  '\uEA6C': '+', // figbassPlus
  '\uE260': '\u266D', // accidentalFlat
  '\uE261': '\u266E', // accidentalNatural
  '\uE262': '\u266F', // accidentalSharp
};
/** The sign in the text font at three quarters of the music font's size: as tall as a figure, clear of the one above. */
const SMUFL_TEXT_SCALE = 0.75;

export function smuflTextAsUnicode(svg: string): string {
  return svg.replace(
    /<tspan font-family="Leipzig"((?:\s+[\w-]+="[^"]*")*)>([^<]*)<\/tspan>/g,
    (whole, attributes: string, text: string) => {
      const chars = [...text];
      if (chars.length === 0 || !chars.every((c) => c in SMUFL_TEXT)) return whole;
      const sized = attributes.replace(
        /font-size="([\d.]+)px"/,
        (_m, size: string) => `font-size="${Math.round(Number(size) * SMUFL_TEXT_SCALE)}px"`,
      );
      return `<tspan${sized}>${chars.map((c) => SMUFL_TEXT[c]).join('')}</tspan>`;
    },
  );
}

const SERIF_FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSerif-Italic.ttf',
];
const FALLBACK_FONTS = [
  '/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf',
  '/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
];
const CJK_FONTS = [
  '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/truetype/noto/NotoSansCJK-Regular.ttc',
];
const CJK_TEXT = /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;

let fontCache: { serif: string[]; family: string; cjk: string[] } | undefined;

/**
 * Debian's DejaVu fonts (fonts-dejavu-core, on every machine of this project)
 * when present. Loading a font file costs time on every render, so the large
 * CJK fonts are added only when the SVG has such text (titles, labels).
 */
function fontFiles(svg: string): { files: string[]; family: string } {
  if (!fontCache) {
    const serif = SERIF_FONTS.filter((file) => existsSync(file));
    const fallback = serif.length > 0 ? [] : FALLBACK_FONTS.filter((file) => existsSync(file)).slice(0, 1);
    const family = serif.length > 0 ? 'DejaVu Serif' : fallback[0]?.includes('Liberation') ? 'Liberation Serif' : 'DejaVu Sans';
    fontCache = { serif: [...serif, ...fallback], family, cjk: CJK_FONTS.filter((file) => existsSync(file)).slice(0, 1) };
  }
  const files = CJK_TEXT.test(svg) ? [...fontCache.serif, ...fontCache.cjk] : fontCache.serif;
  return { files, family: files.length > 0 ? fontCache.family : 'serif' };
}
