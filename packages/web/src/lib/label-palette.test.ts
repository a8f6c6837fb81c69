import { afterEach, describe, expect, it, vi } from 'vitest';
import { insertSymbol } from './label-palette.ts';

describe('insertSymbol: a palette symbol into a chord field', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  const field = (value: string, start: number, end = start) => {
    const input = document.createElement('input');
    input.value = value;
    document.body.append(input);
    input.setSelectionRange(start, end);
    return input;
  };
  const frames: FrameRequestCallback[] = [];
  const stubFrames = () => {
    frames.length = 0;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  };

  it('replaces the selection, keeps the new text, and on the next frame puts the focus and caret after the symbol', () => {
    stubFrames();
    const input = field('V7', 1, 2);
    const set = vi.fn((next: string) => {
      input.value = next;
    });
    insertSymbol(input, 'V7', '65', 64, set);
    expect(set).toHaveBeenCalledWith('V65');
    expect(document.activeElement).not.toBe(input);
    for (const frame of frames) frame(0);
    expect(document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([3, 3]);
  });

  it('inserts at the caret, and keeps the text as it was when the symbol would pass the limit', () => {
    stubFrames();
    const input = field('vii7', 3);
    const set = vi.fn();
    insertSymbol(input, 'vii7', '°', 64, set);
    expect(set).toHaveBeenLastCalledWith('vii°7');
    insertSymbol(field('abcd', 4), 'abcd', '64', 5, set);
    expect(set).toHaveBeenLastCalledWith('abcd');
  });
});
