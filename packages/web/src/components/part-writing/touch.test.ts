import { describe, expect, it } from 'vitest';
import { pressStart, stillTap, TAP_SLOP } from './touch.ts';

const press = { pointerType: 'touch', button: 0, inColumn: true, onNote: false, readOnly: false };

describe('which presses on the staff start a drag (issue 27)', () => {
  it('a finger on empty staff waits (a tap writes, a move scrolls the page)', () => {
    expect(pressStart(press)).toBe('tap');
  });

  it('a finger on a written note picks it up and drags it', () => {
    expect(pressStart({ ...press, onNote: true })).toBe('drag');
  });

  it('a mouse or pen drags at once, on a note or not, as at 1280 px before', () => {
    for (const pointerType of ['mouse', 'pen', undefined])
      for (const onNote of [true, false]) expect(pressStart({ ...press, pointerType, onNote })).toBe('drag');
  });

  it('read only selects and never drags; other buttons and presses outside a column do nothing', () => {
    expect(pressStart({ ...press, readOnly: true, onNote: true })).toBe('select');
    expect(pressStart({ ...press, pointerType: 'mouse', readOnly: true })).toBe('select');
    expect(pressStart({ ...press, pointerType: 'mouse', button: 2 })).toBe('none');
    expect(pressStart({ ...press, inColumn: false, onNote: true })).toBe('none');
  });

  it('a finger that moves more than the slop is no longer a tap', () => {
    expect(stillTap(0, 0)).toBe(true);
    expect(stillTap(3, -TAP_SLOP + 4)).toBe(true);
    expect(stillTap(0, TAP_SLOP + 1)).toBe(false);
    expect(stillTap(-8, 8)).toBe(false);
  });
});
