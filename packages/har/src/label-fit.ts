/**
 * Keeps the labels of a submission image (lyrics under the bass, score-labels.ts) from running
 * into each other once drawn (QA2-4: "C: IV6" then "I" read "C: IV6I"). Verovio spaces the notes
 * so that neighbours on one lyric line clear each other in Times, but the picture is drawn with
 * the fonts the machine has (render-score.ts: DejaVu Serif, a CJK font for "C：IV6"), which are
 * wider. A label that would reach its next neighbour on the same line, as drawn, is squeezed to
 * the room it has (SVG `textLength`), so every label stays whole and apart.
 */

/** Width of a character in em in the widest font the picture uses (DejaVu Serif), rounded up. */
function charWidth(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (
    code >= 0x1100 &&
    (code <= 0x11ff ||
      (code >= 0x2e80 && code <= 0xa4cf) ||
      (code >= 0xac00 && code <= 0xd7af) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xff00 && code <= 0xffef))
  )
    return 1;
  if (char === ' ') return 0.32;
  if ("ijlrtf.,:;'!|/()[]".includes(char)) return 0.4;
  if ('IJ'.includes(char)) return 0.4;
  if ('=+<>~'.includes(char)) return 0.84;
  if (/[0-9]/.test(char)) return 0.64;
  if ('mwMW'.includes(char)) return 0.95;
  if (/[A-Z]/.test(char)) return 0.76;
  return 0.64;
}

/** The drawn width of a label's text at a font size, as the widest font the picture uses draws it. */
export function drawnWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const char of text) em += charWidth(char);
  return em * fontSize;
}

/** The least gap between neighbouring labels on a line, in em (a space is about 0.32). */
export const LABEL_GAP = 0.6;

const SYL =
  /(<g\b[^>]*class="syl"[^>]*>\s*<text x=")(-?[\d.]+)(" y=")(-?[\d.]+)("[^>]*>\s*<tspan\b[^>]*class="text"[^>]*>\s*<tspan font-size=")([\d.]+)(px")(>)([^<]*)(<\/tspan>)/g;

/**
 * The SVG (one or more Verovio pages, one under another) with each label that would run into the
 * next one on its line squeezed to end a little before it. A line is the labels of one y in one
 * system, in document order (Verovio writes a system's notes left to right); x going back starts
 * another system or page.
 */
export function fitLabels(svg: string): string {
  type Syl = { index: number; x: number; y: number; size: number; text: string };
  const syls: Syl[] = [];
  for (const match of svg.matchAll(SYL)) {
    syls.push({ index: match.index, x: Number(match[2]), y: Number(match[4]), size: Number(match[6]), text: match[9] ?? '' });
  }
  const room = new Map<number, number>();
  const lastOnLine = new Map<number, Syl>();
  let previousX = -Infinity;
  for (const syl of syls) {
    if (syl.x < previousX) lastOnLine.clear();
    previousX = syl.x;
    const before = lastOnLine.get(syl.y);
    if (before) {
      // A gap wider than a space between neighbours, so two labels never read as one ("IV6 I").
      const available = syl.x - before.x - before.size * LABEL_GAP;
      if (drawnWidth(decode(before.text), before.size) > available) room.set(before.index, Math.max(available, before.size / 2));
    }
    lastOnLine.set(syl.y, syl);
  }
  if (room.size === 0) return svg;
  return svg.replace(SYL, (...groups) => {
    const index = groups[groups.length - 2] as number;
    const width = room.get(index);
    const parts = groups.slice(1, 11) as string[];
    if (width === undefined) return parts.join('');
    parts[7] = ` textLength="${Math.round(width)}" lengthAdjust="spacingAndGlyphs">`;
    return parts.join('');
  });
}

function decode(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_m, code) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&');
}
