import type { MeasureSpan } from './field-layout.ts';

/**
 * The server's Verovio SVG of the score on one line (decision 010), cut into systems in the browser
 * (decision 032): each system shows whole measures, and every system but the first gets a copy of
 * the first measure's clefs and key signatures, its staff lines, its brace and its opening barline
 * in front, so it reads like a line of a printed page. Cutting is cheap (no engraving), so the score
 * is laid out again whenever the width or the zoom changes.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Room between a copied key signature and the system's first music, in score units. */
const PREFIX_GAP = 150;
/** Room left of a system's brace, in score units. */
const START_MARGIN = 60;

export interface ParsedScore {
  /** The shared definitions (glyphs) and the score's style, to be placed once in the page. */
  defs: SVGSVGElement;
  /** The class the score's style rules select (Verovio's root id, made a class). */
  scopeClass: string;
  /** The inner coordinate system: its size and the page margin's offset. */
  width: number;
  height: number;
  marginX: number;
  marginY: number;
  /** Score units per unit of the outer viewBox (items' x and the server's width are in the outer one). */
  unitsPerOuter: number;
  system: Element | null;
  measures: (MeasureSpan & { element: Element; label: string | null })[];
  /** Where the drawing starts (left of the first measure: part names), where the system's brace starts, and the clef-and-key prefix width. */
  start: number;
  systemStart: number;
  /** Not Verovio's page structure: the whole drawing is one measure on one system. */
  whole: boolean;
  prefixWidth: number;
}

const numberPair = /M\s*([-\d.]+)[\s,]+([-\d.]+)\s*L\s*([-\d.]+)/;

function translateX(element: Element | null | undefined): number | null {
  const transform = element?.getAttribute('transform') ?? '';
  const match = /translate\(\s*([-\d.]+)/.exec(transform);
  return match ? Number(match[1]) : null;
}

/** Reads the one-line SVG: its measures' extents, the prefix a new system needs. Null when it is not Verovio's. */
export function parseScore(svgText: string): ParsedScore | null {
  if (!svgText) return null;
  const doc = new DOMParser().parseFromString(svgText, 'image/svg+xml');
  const root = doc.documentElement;
  if (root?.nodeName !== 'svg') return null;
  const outer = (root.getAttribute('viewBox') ?? '').split(/\s+/).map(Number);
  const inner = root.querySelector('svg.definition-scale');
  const margin = inner?.querySelector('g.page-margin');
  const defs = document.createElementNS(SVG_NS, 'svg');
  defs.setAttribute('width', '0');
  defs.setAttribute('height', '0');
  defs.setAttribute('aria-hidden', 'true');
  if (!inner || !margin?.querySelector('g.measure')) {
    const width = outer[2] || 1;
    const height = outer[3] || 1;
    return {
      defs,
      scopeClass: '',
      width,
      height,
      marginX: 0,
      marginY: 0,
      unitsPerOuter: 1,
      system: null,
      measures: [{ element: root, x1: 0, x2: width, label: null }],
      start: 0,
      systemStart: 0,
      prefixWidth: 0,
      whole: true,
    };
  }
  const box = (inner.getAttribute('viewBox') ?? '').split(/\s+/).map(Number);
  const width = box[2] ?? 0;
  const height = box[3] ?? 0;
  const marginX = translateX(margin) ?? 0;
  const marginY = Number(/translate\(\s*[-\d.]+[\s,]+([-\d.]+)/.exec(margin.getAttribute('transform') ?? '')?.[1] ?? 0);
  const measures: ParsedScore['measures'] = [];
  for (const element of Array.from(margin.querySelectorAll('g.measure'))) {
    let x1 = Number.POSITIVE_INFINITY;
    let x2 = Number.NEGATIVE_INFINITY;
    for (const path of Array.from(element.querySelectorAll(':scope > g.staff > path'))) {
      const match = numberPair.exec(path.getAttribute('d') ?? '');
      if (!match) continue;
      x1 = Math.min(x1, Number(match[1]), Number(match[3]));
      x2 = Math.max(x2, Number(match[1]), Number(match[3]));
    }
    if (!Number.isFinite(x1)) continue;
    measures.push({ element, x1: x1 + marginX, x2: x2 + marginX, label: element.getAttribute('data-n') });
  }
  const first = measures[0];
  const systemStart = Math.min(
    first ? first.x1 : Number.POSITIVE_INFINITY,
    ...Array.from(margin.querySelectorAll('g.system > path, g.grpSym rect')).map((element) => {
      const d = numberPair.exec(element.getAttribute('d') ?? '');
      const x = d ? Number(d[1]) : Number(element.getAttribute('x') ?? Number.NaN);
      return Number.isFinite(x) ? x + marginX : Number.POSITIVE_INFINITY;
    }),
  );
  // The prefix ends where the first measure's time signature (or, without one, its music) begins.
  let prefixEnd = Number.NaN;
  if (first) {
    const meterX = translateX(first.element.querySelector('g.meterSig use'));
    if (meterX !== null) prefixEnd = meterX + marginX;
    else {
      const signs = Array.from(first.element.querySelectorAll('g.clef use, g.keySig use'))
        .map(translateX)
        .filter((x): x is number => x !== null);
      prefixEnd = (signs.length > 0 ? Math.max(...signs) + marginX : first.x1) + 420;
    }
  }
  defs.setAttribute('style', 'position:absolute;width:0;height:0;overflow:hidden');
  const scopeClass = `score-${root.getAttribute('id') ?? 'root'}`;
  for (const child of Array.from(root.children)) {
    if (child.nodeName === 'defs') defs.appendChild(document.importNode(child, true));
    if (child.nodeName === 'style') {
      const style = document.importNode(child, true);
      const id = root.getAttribute('id');
      if (id) style.textContent = (style.textContent ?? '').split(`#${id}`).join(`.${scopeClass}`);
      defs.appendChild(style);
    }
  }
  return {
    defs,
    scopeClass,
    width,
    height,
    marginX,
    marginY,
    unitsPerOuter: (outer[2] ?? 0) > 0 ? width / (outer[2] as number) : 1,
    system: margin.querySelector('g.system'),
    measures,
    // The first system starts at its brace: part names (left of it) would take a phone's width.
    start: Math.max(0, (Number.isFinite(systemStart) ? systemStart : 0) - START_MARGIN),
    systemStart: Number.isFinite(systemStart) ? systemStart : 0,
    prefixWidth: first && Number.isFinite(prefixEnd) ? Math.max(0, prefixEnd - systemStart) + PREFIX_GAP + START_MARGIN : 0,
    whole: false,
  };
}

/**
 * One system as its own SVG: measures `first`..`last` (cloned), shown from `from` to `to` (score
 * units). A system after the first gets the opening barline, the brace, staff lines, clefs and key
 * signatures of the score's first measure, moved to its own start.
 */
export function buildSystem(score: ParsedScore, first: number, last: number, from: number, to: number, prefix: boolean): SVGSVGElement {
  if (score.whole) {
    const whole = document.importNode(score.measures[0]?.element as Element, true) as SVGSVGElement;
    whole.setAttribute('preserveAspectRatio', 'xMinYMin meet');
    return whole;
  }
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', `${from} 0 ${Math.max(1, to - from)} ${score.height}`);
  svg.setAttribute('preserveAspectRatio', 'xMinYMin meet');
  svg.setAttribute('class', score.scopeClass);
  svg.setAttribute('overflow', 'hidden');
  svg.setAttribute('color', 'currentColor');
  svg.setAttribute('font-family', 'Times, serif');
  const page = document.createElementNS(SVG_NS, 'g');
  page.setAttribute('transform', `translate(${score.marginX}, ${score.marginY})`);
  svg.appendChild(page);
  const opening = score.measures[0];
  const firstMeasure = score.measures[first];
  if (prefix && opening && firstMeasure) {
    // The score's opening (barline, brace, clefs, key signatures) moved from its place to this system's start.
    const dx = from + START_MARGIN - score.systemStart;
    const moved = document.createElementNS(SVG_NS, 'g');
    moved.setAttribute('transform', `translate(${dx}, 0)`);
    for (const child of Array.from(score.system?.children ?? [])) {
      if (child.nodeName === 'path' || (child.getAttribute('class') ?? '').includes('grpSym'))
        moved.appendChild(document.importNode(child, true));
    }
    for (const sign of Array.from(opening.element.querySelectorAll(':scope > g.staff > g.clef, :scope > g.staff > g.keySig'))) {
      moved.appendChild(document.importNode(sign, true));
    }
    page.appendChild(moved);
    // Staff lines under the prefix, at the heights of this system's first measure.
    for (const path of Array.from(firstMeasure.element.querySelectorAll(':scope > g.staff > path'))) {
      const match = /M\s*[-\d.]+[\s,]+([-\d.]+)\s*L\s*[-\d.]+[\s,]+([-\d.]+)/.exec(path.getAttribute('d') ?? '');
      if (!match || match[1] !== match[2]) continue;
      const line = document.createElementNS(SVG_NS, 'path');
      line.setAttribute('d', `M${opening.x1 + dx - score.marginX} ${match[1]} L${firstMeasure.x1 - score.marginX} ${match[1]}`);
      line.setAttribute('stroke-width', path.getAttribute('stroke-width') ?? '13');
      page.appendChild(line);
    }
  }
  for (let index = first; index <= last; index += 1) {
    const measure = score.measures[index];
    if (measure) page.appendChild(document.importNode(measure.element, true));
  }
  return svg;
}
