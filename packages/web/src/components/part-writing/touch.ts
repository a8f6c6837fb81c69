/**
 * What a press on the part-writing staff starts (issue 27, decision 041). A mouse
 * or pen writes the note where it presses and drags it at once, as before. A finger must leave the
 * page scrollable: the staff is `touch-action: pan-y`, so a finger that presses on empty staff and
 * moves scrolls the page, and only lifting it where it pressed (a tap) writes a note there. A
 * finger that presses on a written note picks it up and drags it (the page does not scroll), and a
 * finger held still on empty staff for `LONG_PRESS_MS` is a deliberate pick-up: the note is
 * written there and follows the finger.
 */
export type PressStart =
  /** Nothing: another button, or outside every chord's column. */
  | 'none'
  /** Read only: the chord and voice are selected, nothing is written. */
  | 'select'
  /** Write (or pick up) the note now and follow the pointer. */
  | 'drag'
  /** Wait: a release in place writes the note, a move scrolls the page, a long hold becomes a drag. */
  | 'tap';

export interface Press {
  /** `PointerEvent.pointerType`: 'mouse', 'pen', 'touch' (absent on synthetic events: treated as a mouse). */
  pointerType: string | undefined;
  button: number;
  /** A chord's column is under the pointer. */
  inColumn: boolean;
  /** The pointer is on a written note head of a voice the student writes. */
  onNote: boolean;
  readOnly: boolean;
}

export function pressStart({ pointerType, button, inColumn, onNote, readOnly }: Press): PressStart {
  if (button > 0 || !inColumn) return 'none';
  if (readOnly) return 'select';
  if (pointerType !== 'touch') return 'drag';
  return onNote ? 'drag' : 'tap';
}

/** How far (CSS px) a waiting finger may move and still be a tap; further, the page is scrolling. */
export const TAP_SLOP = 10;
/** How long a finger held still on empty staff waits before it picks up a note there. */
export const LONG_PRESS_MS = 450;

/** Whether a waiting finger that has moved by (dx, dy) since it pressed is still a tap. */
export function stillTap(dx: number, dy: number): boolean {
  return Math.hypot(dx, dy) <= TAP_SLOP;
}
