import type { PartWritingWorkspace as View } from '@app/contract/part-writing';
import { DEFAULT_RULE_POINTS, RULE_IDS } from '@app/contract/part-writing/rules';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HALF, noteY, STAFF_HEIGHT } from '../../../components/part-writing/staff.ts';
import { renderAt } from '../../../testing/render.tsx';
import { NOW, workspace, workspaceApi } from '../test-workspace.ts';
import type { MidiAccessLike } from './midi-input.ts';
import { PartWritingWorkspace } from './part-writing-workspace.tsx';

const viewer = { id: 7, timeZone: 'UTC', language: 'en' as const };
const view: View = {
  key: 'C major',
  meter: '4/4',
  style: 'free',
  given: ['B'],
  write: ['S', 'A', 'T'],
  chords: ['C3', 'F3', 'G3', 'C3'].map((B, i) => ({ id: `chord-${i + 1}`, figures: '', beats: 1, B })),
  rules: Object.fromEntries(
    RULE_IDS.map((rule) => [rule, { on: rule !== 'seventh-preparation', points: DEFAULT_RULE_POINTS[rule] }]),
  ) as View['rules'],
  points: 20,
};

function show() {
  const data = { ...workspace({ rules: { practice: true } }), score: null, items: [], part_writing: view };
  return renderAt(
    '/',
    <PartWritingWorkspace
      workspace={data}
      receivedAt={NOW * 1000}
      viewer={viewer}
      courseTitle="Music Theory I"
      assignmentsPath="/student/course/3/assignments"
      submissionPath={(id) => `/student/course/3/submission/${id}`}
    />,
  );
}

const cell = (id: string) => document.querySelector<HTMLButtonElement>(`[data-cell="${id}"]`) as HTMLButtonElement;

/** The staff's first system, laid out 1:1 in page pixels from (0, 0) (jsdom has no layout). */
function staff() {
  const svg = document.querySelector<SVGSVGElement>('svg[data-system="0"]') as SVGSVGElement;
  const [from = 0, , width = 1] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number);
  svg.getBoundingClientRect = () => ({
    left: 0,
    top: 0,
    width,
    height: STAFF_HEIGHT,
    right: width,
    bottom: STAFF_HEIGHT,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
  const columnX = (chord: number) => {
    const rect = svg.querySelector(`[data-column="${chord}"]`) as SVGRectElement;
    return Number(rect.getAttribute('x')) + Number(rect.getAttribute('width')) / 2 - from;
  };
  const pointer = (type: string, x: number, y: number) => {
    const event = new MouseEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y, button: 0 });
    Object.defineProperty(event, 'pointerId', { value: 1 });
    act(() => {
      svg.dispatchEvent(event);
    });
  };
  return { svg, columnX, pointer };
}

describe('the part-writing staff', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('writes a tapped note into the grid, moves it by dragging, and marks a finding’s notes on the staff', async () => {
    workspaceApi(() => ({ status: 200, data: { answers: [], updated_at: NOW } }));
    show();
    const user = userEvent.setup();
    // The inner voices by keyboard (E4 C4 | F4 A3), the soprano on the staff.
    cell('1A').focus();
    await user.keyboard('e{Tab}c{Tab}{Tab}f{Tab}a');
    expect(cell('2T').textContent).toBe('A3');
    // The soprano chosen on the staff; a tap at G4's height in chord 1, then near D5 in chord 2.
    await user.click(screen.getByRole('button', { name: 'Soprano' }));
    let { columnX, pointer } = staff();
    pointer('pointerdown', columnX(1), noteY('S', 'G4') as number);
    pointer('pointerup', columnX(1), noteY('S', 'G4') as number);
    expect(cell('1S').textContent).toBe('G4');
    expect(cell('1S').getAttribute('aria-pressed')).toBe('true');
    pointer('pointerdown', columnX(2), (noteY('S', 'D5') as number) + HALF * 0.4);
    pointer('pointerup', columnX(2), noteY('S', 'D5') as number);
    expect(cell('2S').textContent).toBe('D5');
    // Dragged down a step: C5 over F3 after G4 over C3, parallel fifths with the bass.
    ({ columnX, pointer } = staff());
    const start = noteY('S', 'D5') as number;
    pointer('pointerdown', columnX(2), start);
    pointer('pointermove', columnX(2), start + HALF);
    expect(cell('2S').textContent).toBe('C5');
    pointer('pointermove', columnX(2), start + HALF * 1.3);
    expect(cell('2S').textContent).toBe('C5');
    // The held note's name is shown above it while it is dragged, and goes when it is let go.
    expect(document.querySelector('[data-held]')?.getAttribute('data-held')).toBe('C5');
    pointer('pointerup', columnX(2), start + HALF);
    expect(document.querySelector('[data-held]')).toBeNull();
    expect(screen.getByTestId('part-writing-findings').textContent).toContain(
      'Chords 1–2 (m. 1, beats 1–2): parallel fifths between the soprano and the bass.',
    );
    const marked = document.querySelectorAll(
      'svg [data-note="1S"][class*="marked"], svg [data-note="2S"][class*="marked"], svg [data-note="1B"][class*="marked"]',
    );
    expect(marked).toHaveLength(3);
    expect(document.querySelector('svg [data-chord="1"] [data-finding]')?.textContent).toBe('1');
    // A tap on the bass staff with the soprano chosen writes the tenor; a tap on a note picks it up without changing it.
    ({ columnX, pointer } = staff());
    pointer('pointerdown', columnX(1), noteY('T', 'E3') as number);
    pointer('pointerup', columnX(1), noteY('T', 'E3') as number);
    expect(cell('1T').textContent).toBe('E3');
    pointer('pointerdown', columnX(1), (noteY('S', 'G4') as number) - HALF);
    pointer('pointerup', columnX(1), (noteY('S', 'G4') as number) - HALF);
    expect(cell('1S').textContent).toBe('G4');
    expect(cell('1S').getAttribute('aria-pressed')).toBe('true');
    // The grid's keyboard works on the same state: A on chord 2's soprano clears the fifths.
    cell('2S').focus();
    await user.keyboard('a');
    expect(cell('2S').textContent).toBe('A4');
    expect(screen.getByTestId('part-writing-findings').textContent).not.toContain('parallel fifths');
    expect(document.querySelector('svg [data-note="2S"]')?.getAttribute('data-pitch')).toBe('A4');
  }, 20_000);

  it('a finger on empty staff writes only when it lifts in place (moved, it scrolls the page); on a note, or held still, it drags', async () => {
    workspaceApi(() => ({ status: 200, data: { answers: [], updated_at: NOW } }));
    show();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Soprano' }));
    const { svg, columnX } = staff();
    const finger = (type: string, x: number, y: number) => {
      const event = new MouseEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y, button: 0 });
      Object.defineProperties(event, { pointerId: { value: 5 }, pointerType: { value: 'touch' } });
      act(() => {
        svg.dispatchEvent(event);
      });
    };
    const g4 = noteY('S', 'G4') as number;
    // Pressed on empty staff: nothing yet; lifted in place, G4 is written.
    finger('pointerdown', columnX(1), g4);
    expect(cell('1S').textContent).toBe('—');
    finger('pointerup', columnX(1), g4 + 2);
    expect(cell('1S').textContent).toBe('G4');
    // A finger that presses on empty staff and moves is scrolling the page: no note, even when it lifts.
    finger('pointerdown', columnX(2), g4);
    finger('pointermove', columnX(2), g4 + 30);
    finger('pointerup', columnX(2), g4 + 30);
    expect(cell('2S').textContent).toBe('—');
    finger('pointerdown', columnX(2), g4);
    finger('pointercancel', columnX(2), g4);
    expect(cell('2S').textContent).toBe('—');
    // A finger on the written note picks it up and drags it: two steps up, B4.
    finger('pointerdown', columnX(1), g4);
    finger('pointermove', columnX(1), g4 - HALF * 2);
    expect(cell('1S').textContent).toBe('B4');
    finger('pointerup', columnX(1), g4 - HALF * 2);
    // Held still on empty staff, a finger picks up a note there and drags it.
    vi.useFakeTimers();
    try {
      finger('pointerdown', columnX(3), g4);
      act(() => {
        vi.advanceTimersByTime(500);
      });
      expect(cell('3S').textContent).toBe('G4');
      finger('pointermove', columnX(3), g4 + HALF);
      expect(cell('3S').textContent).toBe('F4');
      finger('pointerup', columnX(3), g4 + HALF);
    } finally {
      vi.useRealTimers();
    }
    expect(document.querySelector('[data-held]')).toBeNull();
  }, 20_000);

  it('connects a MIDI keyboard: each note-on writes the selected voice and moves on', async () => {
    workspaceApi(() => ({ status: 200, data: { answers: [], updated_at: NOW } }));
    const listeners: ((event: { data: Uint8Array | null }) => void)[] = [];
    const access: MidiAccessLike = {
      inputs: {
        forEach: (callback) =>
          callback({
            id: 'keys',
            addEventListener: (_type, listener) => listeners.push(listener),
            removeEventListener: () => {},
          }),
      },
      addEventListener: () => {},
      removeEventListener: () => {},
    };
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { requestMIDIAccess: () => Promise.resolve(access) }));
    show();
    const user = userEvent.setup();
    await user.click(cell('1S'));
    await user.click(screen.getByRole('button', { name: 'Connect MIDI keyboard' }));
    expect(await screen.findByText('MIDI keyboard connected (1 inputs)')).toBeTruthy();
    const play = (key: number) =>
      act(() => {
        for (const listener of listeners) listener({ data: new Uint8Array([0x90, key, 80]) });
      });
    play(72);
    play(64);
    act(() => {
      for (const listener of listeners) listener({ data: new Uint8Array([0x80, 64, 0]) });
    });
    play(55);
    play(72);
    expect([cell('1S').textContent, cell('1A').textContent, cell('1T').textContent, cell('2S').textContent]).toEqual([
      'C5',
      'E4',
      'G3',
      'C5',
    ]);
    expect(cell('2A').getAttribute('aria-pressed')).toBe('true');
    // A chromatic key is spelled in the key (F#, the raised fourth), into the alto.
    play(66);
    expect(cell('2A').textContent).toBe('F#4');
    // With an eighth picked, keys follow one another in the voice as letters do: two eighths in chord 3's alto, then chord 4.
    await user.click(cell('3A'));
    await user.click(screen.getByRole('button', { name: 'Eighth note (4)' }));
    play(64);
    play(62);
    play(60);
    expect([cell('3A').textContent, cell('4A').textContent]).toEqual(['E4 D4', 'C4']);
    expect(document.querySelector('[data-beam="A"]')).toBeTruthy();
  }, 20_000);
});
