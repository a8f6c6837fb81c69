import { describe, expect, it } from 'vitest';
import { buildSystem, parseScore } from './score-systems.ts';

/** A Verovio-shaped one-line SVG: two staves, a pickup measure 0, then 1, 2, 2a (as Verovio draws them). */
function verovioSvg() {
  const staff = (x1: number, x2: number, y: number, first: boolean, notes: string) => `
    <g class="staff">
      ${[0, 180, 360, 540, 720].map((d) => `<path d="M${x1} ${y + d} L${x2} ${y + d}" stroke-width="13" />`).join('')}
      ${first ? `<g class="clef"><use xlink:href="#E050-s1" transform="translate(${x1 + 100}, ${y + 540}) scale(0.72, 0.72)" /></g><g class="keySig"><use xlink:href="#E262-s1" transform="translate(${x1 + 600}, ${y}) scale(0.72, 0.72)" /></g><g class="meterSig"><use xlink:href="#E08A-s1" transform="translate(${x1 + 900}, ${y + 180}) scale(0.72, 0.72)" /></g>` : ''}
      <g class="layer">${notes}</g>
    </g>`;
  const note = (id: string, x: number) =>
    `<g id="${id}" class="note"><g class="notehead"><use xlink:href="#E0A4-s1" transform="translate(${x}, 630) scale(0.72, 0.72)" /></g></g>`;
  const measure = (n: string, x1: number, x2: number, first: boolean, id: string) =>
    `<g id="m${n}" class="measure" data-n="${n}">${staff(x1, x2, 540, first, note(`${id}a`, x1 + (first ? 1200 : 200)))}${staff(x1, x2, 2700, first, note(`${id}b`, x1 + (first ? 1200 : 200)))}</g>`;
  return `<svg viewBox="0 0 400 100" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" id="s1">
    <defs><g id="E050-s1"><path d="M0 0h1z" /></g></defs>
    <style type="text/css">#s1 path {stroke:currentColor}</style>
    <svg class="definition-scale" viewBox="0 0 10000 2500">
      <g class="page-margin" transform="translate(500, 500)">
        <g class="system">
          <path d="M1726 540 L1726 3420" stroke-width="27" />
          <g class="grpSym"><rect x="1533" y="483" height="3000" width="90" /></g>
          ${measure('0', 1713, 3500, true, 'n1')}${measure('1', 3500, 5500, false, 'n2')}${measure('2', 5500, 7000, false, 'n3')}${measure('2a', 7000, 8000, false, 'n4')}
        </g>
      </g>
    </svg>
  </svg>`;
}

describe('cutting the one-line score into systems', () => {
  it('reads each measure with its own number, its extent and the clef-and-key prefix', () => {
    const score = parseScore(verovioSvg());
    expect(score?.measures.map((m) => [m.label, m.x1, m.x2])).toEqual([
      ['0', 2213, 4000],
      ['1', 4000, 6000],
      ['2', 6000, 7500],
      ['2a', 7500, 8500],
    ]);
    expect(score?.unitsPerOuter).toBe(25);
    // From the brace (1533 + 500) to the time signature (1713 + 900 + 500), plus room on both sides.
    expect(score?.prefixWidth).toBe(3113 - 2033 + 150 + 60);
    expect(score?.start).toBe(2033 - 60);
  });

  it('draws a later system with only its measures, behind a copy of the brace, clefs and key signatures', () => {
    const score = parseScore(verovioSvg());
    if (!score) throw new Error('not read');
    const from = 6000 - score.prefixWidth;
    const svg = buildSystem(score, 2, 3, from, 8500, true);
    expect(svg.getAttribute('viewBox')).toBe(`${from} 0 ${8500 - from} 2500`);
    expect(Array.from(svg.querySelectorAll('g.measure')).map((m) => m.getAttribute('data-n'))).toEqual(['2', '2a']);
    expect(svg.querySelectorAll('g.clef')).toHaveLength(2);
    expect(svg.querySelectorAll('g.keySig')).toHaveLength(2);
    expect(svg.querySelectorAll('g.meterSig')).toHaveLength(0);
    expect(svg.querySelector('g.grpSym')).not.toBeNull();
    expect(svg.querySelector('#n3a')).not.toBeNull();
    expect(svg.querySelector('#n1a')).toBeNull();
    // Staff lines under the prefix: five a staff, ending where the system's first measure starts.
    const prefixLines = Array.from(svg.querySelectorAll(':scope > g > path')).filter((p) => (p.getAttribute('d') ?? '').includes('L5500'));
    expect(prefixLines).toHaveLength(10);
    expect(svg.getAttribute('class')).toBe(score.scopeClass);
    expect(score.defs.querySelector('style')?.textContent).toContain(`.${score.scopeClass} path`);
  });

  it('shows the first system from its brace, with no copied prefix', () => {
    const score = parseScore(verovioSvg());
    if (!score) throw new Error('not read');
    const svg = buildSystem(score, 0, 1, score.start, 6000, false);
    expect(Array.from(svg.querySelectorAll('g.measure')).map((m) => m.getAttribute('data-n'))).toEqual(['0', '1']);
    expect(svg.querySelectorAll('g.clef')).toHaveLength(2);
  });

  it('takes a drawing that is not a Verovio page as one measure', () => {
    const score = parseScore('<svg viewBox="0 0 100 20"><g class="note" id="n1"></g></svg>');
    expect(score?.whole).toBe(true);
    expect(score?.measures).toHaveLength(1);
  });
});
