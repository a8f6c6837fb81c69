import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScoreSystems, type ScoreSystemsProps } from './score-systems.tsx';

/** A Verovio-shaped one-line SVG of `count` measures, each 2,000 units wide: wider than the test's box, so one per system. */
function score(count: number) {
  const width = 1000 + count * 2000;
  const measure = (n: number) => {
    const x1 = 1000 + n * 2000;
    const lines = [0, 180, 360, 540, 720].map((d) => `<path d="M${x1} ${540 + d} L${x1 + 2000} ${540 + d}" />`).join('');
    return `<g class="measure" data-n="${n + 1}"><g class="staff">${lines}<g id="note${n}" class="note"></g></g></g>`;
  };
  return {
    width,
    svg: `<svg viewBox="0 0 ${width} 2000" xmlns="http://www.w3.org/2000/svg" id="s1">
      <svg class="definition-scale" viewBox="0 0 ${width} 2000"><g class="page-margin" transform="translate(0, 0)"><g class="system">
        ${Array.from({ length: count }, (_, n) => measure(n)).join('')}
      </g></g></svg></svg>`,
    items: Array.from({ length: count }, (_, n) => ({ id: `c${n + 1}`, x: (2000 + n * 2000) / width, note_ids: [`note${n}`] })),
  };
}

/** Each system's box as the browser would lay it out: 1,000 px tall, one under another; the window 800 px tall. */
function layOutBoxes(scrolled: () => number) {
  vi.spyOn(HTMLElement.prototype, 'offsetTop', 'get').mockImplementation(function (this: HTMLElement) {
    return Number(this.dataset.system ?? 0) * 1000;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(() => 1000);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ top: -scrolled() }) as DOMRect);
  vi.stubGlobal('innerHeight', 800);
  // The measure waits for the next frame: here it comes at once.
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    callback(0);
    return 1;
  });
}

function show(props: Partial<ScoreSystemsProps>) {
  const { svg, width, items } = score(20);
  return render(
    <ScoreSystems
      svg={svg}
      width={width}
      height={2000}
      scale={0.5}
      items={items}
      fieldWidth={40}
      rowHeight={30}
      renderField={(index, style) => <input key={index} aria-label={`Chord ${index + 1}`} style={style} />}
      label="Chorale"
      {...props}
    />,
  );
}

const drawn = () => screen.queryAllByRole('textbox').map((field) => field.getAttribute('aria-label'));

describe('ScoreSystems, windowed', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('draws only the systems within a window of the window, and the kept ones with their neighbours', () => {
    let scroll = 0;
    layOutBoxes(() => scroll);
    const { container, rerender } = show({ windowed: true, keep: [9] });
    // At the top: systems 0 and 1 are within one window height (800 px) of the window; 8–10 are kept.
    expect(drawn()).toEqual(['Chord 1', 'Chord 2', 'Chord 9', 'Chord 10', 'Chord 11']);
    expect(container.querySelectorAll('[data-system]')).toHaveLength(20);
    expect(container.querySelectorAll('[data-system] svg')).toHaveLength(5);

    // Scrolled to system 15: systems 14–16 are within a window height; the kept ones stay.
    scroll = 15_000;
    act(() => {
      document.dispatchEvent(new Event('scroll'));
    });
    expect(drawn()).toEqual(['Chord 9', 'Chord 10', 'Chord 11', 'Chord 15', 'Chord 16', 'Chord 17']);
    rerender(
      <ScoreSystems
        {...score(20)}
        height={2000}
        scale={0.5}
        fieldWidth={40}
        rowHeight={30}
        renderField={(index, style) => <input key={index} aria-label={`Chord ${index + 1}`} style={style} />}
        label="Chorale"
        windowed
        keep={[]}
      />,
    );
    expect(drawn()).toEqual(['Chord 15', 'Chord 16', 'Chord 17']);
  });

  it('draws every system when not windowed (Create Exercise, Edit Answers)', () => {
    layOutBoxes(() => 0);
    show({});
    expect(drawn()).toHaveLength(20);
  });
});
