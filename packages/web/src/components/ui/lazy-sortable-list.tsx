import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowsIcon } from './icons.tsx';
import styles from './sortable-list.module.css';
import type { SortableListProps } from './sortable-list.tsx';
import type { SortableLayout } from './sortable-list-loaded.tsx';

type Loaded = typeof import('./sortable-list-loaded.tsx');

let loaded: Loaded | undefined;
let loading: Promise<Loaded> | undefined;
function load(): Promise<Loaded> {
  loading ??= import('./sortable-list-loaded.tsx').then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

/** What happened on a stand-in handle that the real handle gets once dnd-kit is there. */
type Pending =
  | {
      id: number;
      label: string;
      kind: 'pointer';
      init: PointerEventInit;
      /** Where the pointer is now, and whether it was released. */
      at: { clientX: number; clientY: number };
      released: boolean;
      stop?: () => void;
    }
  | { id: number; label: string; kind: 'key'; init: KeyboardEventInit }
  | { id: number; label: string; kind: 'focus' };

const nextFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

/**
 * Gives dnd-kit a pointer press that reached the stand-in: the press, a move to where the pointer is
 * now (dnd-kit starts a drag after 4 px), and when the pointer was released meanwhile, the release
 * there, a few frames later so that dnd-kit has measured the drop targets.
 */
async function replayPress(handle: HTMLElement, press: PointerPress) {
  const event = (type: string, at: { clientX: number; clientY: number }) =>
    new PointerEvent(type, { ...press.init, ...at, buttons: type === 'pointerup' ? 0 : 1, bubbles: true, cancelable: true });
  handle.dispatchEvent(new PointerEvent('pointerdown', { ...press.init, bubbles: true, cancelable: true }));
  if (!press.released) {
    if (press.at.clientX !== press.init.clientX || press.at.clientY !== press.init.clientY)
      document.dispatchEvent(event('pointermove', press.at));
    return;
  }
  await nextFrames();
  document.dispatchEvent(event('pointermove', press.at));
  await nextFrames();
  document.dispatchEvent(event('pointermove', press.at));
  await nextFrames();
  document.dispatchEvent(event('pointerup', press.at));
}

/** A menu or dialog is open: swapping the rows now would close it (they remount). */
const somethingOpen = () => document.querySelector('[role="menu"], [role="dialog"]') !== null;

type PointerPress = Extract<Pending, { kind: 'pointer' }>;
const FOLLOWED = ['pointermove', 'pointerup', 'pointercancel'] as const;

/** dnd-kit's keys that pick an item up (KeyboardSensor's default start codes). */
const PICK_UP_CODES = new Set(['Space', 'Enter']);

export type LazySortableListProps<T extends { id: number }> = Omit<SortableListProps<T>, 'strategy'> & { layout?: SortableLayout };

/**
 * SortableList for a screen's first load (the dashboard, issue 15, decision 029): dnd-kit (about
 * 15 KB gzip) loads when a handle is first hovered, focused or pressed, and then replaces this
 * stand-in, which draws the list with the same elements and classes, so nothing moves. A press that
 * came before dnd-kit (a pointer press, or Space/Enter) is given again to the real handle, so the drag
 * (pointer or keyboard) starts as if dnd-kit had been there; a focused handle stays focused. The swap
 * remounts the rows, so it waits while a menu or dialog is open (see swap).
 */
export function LazySortableList<T extends { id: number }>(props: LazySortableListProps<T>) {
  const { t } = useTranslation();
  const [module, setModule] = useState<Loaded | undefined>(loaded);
  const pending = useRef<Pending | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const parent = useRef<HTMLElement | null>(null);

  const replay = useRef<{ handle: HTMLElement; what: Pending } | null>(null);
  useLayoutEffect(() => {
    const what = pending.current;
    if (!module || !what) return;
    pending.current = null;
    const row = parent.current?.querySelector(`:scope > ol > li[data-item-id="${what.id}"]`);
    const handle = [...(row?.querySelectorAll<HTMLElement>('[aria-label]') ?? [])].find(
      (element) => element.getAttribute('aria-label') === what.label,
    );
    if (!handle) return;
    // The focus left with the stand-in: the real handle takes it in the same commit, so no key is lost
    // (unless a pointer pressed, or the user has moved on meanwhile).
    if (what.kind === 'key' || (what.kind === 'focus' && document.activeElement === document.body)) handle.focus();
    replay.current = { handle, what };
  }, [module]);
  useEffect(() => {
    // The press, once dnd-kit's own effects have run.
    const press = replay.current;
    replay.current = null;
    if (!module || !press) return;
    const { handle, what } = press;
    if (what.kind === 'pointer') {
      what.stop?.();
      void replayPress(handle, what);
    } else if (what.kind === 'key') {
      handle.dispatchEvent(new KeyboardEvent('keydown', { ...what.init, bubbles: true, cancelable: true }));
    }
  }, [module]);

  const { items, titleOf, onReorder, renderItem, isLocked, label, className, handleClassName, messages } = props;
  if (module) {
    const { LoadedSortableList } = module;
    return <LoadedSortableList {...props} />;
  }

  /**
   * Swaps in dnd-kit's list: at once for a press; for a focus on a handle, or a hover, only while no
   * menu or dialog is open (the rows remount), and for a hover only while the focus is not in the list.
   * Otherwise the next press does it (a press outside a menu closes it anyway).
   */
  const swap = (intent: Pending | { kind: 'hover' }) => {
    parent.current = list.current?.parentElement ?? null;
    if (intent.kind !== 'hover' && (intent.kind !== 'focus' || !pending.current)) pending.current = intent;
    void load().then((module) => {
      const press = pending.current?.kind === 'pointer' || pending.current?.kind === 'key';
      if (!press && somethingOpen()) return;
      if (!press && intent.kind === 'hover' && list.current?.contains(document.activeElement)) return;
      setModule(() => module);
    });
  };
  const handleLabel = (title: string) => messages?.handle?.(title) ?? t('dnd.handle', { title });
  const lockedLabel = (title: string) => messages?.locked?.(title) ?? t('dnd.locked', { title });

  return (
    <ol ref={list} className={`${styles.list} ${className ?? ''}`} aria-label={label}>
      {items.map((item, index) => {
        let handle = null;
        if (onReorder) {
          const title = titleOf(item);
          const locked = isLocked?.(item) ?? false;
          const name = locked ? lockedLabel(title) : handleLabel(title);
          handle = (
            <button
              type="button"
              className={`${styles.handle} ${handleClassName ?? ''}`}
              disabled={locked}
              aria-label={name}
              title={locked ? name : undefined}
              onPointerEnter={() => swap({ kind: 'hover' })}
              onFocus={() => swap({ id: item.id, label: name, kind: 'focus' })}
              onPointerDown={(event) => {
                if (!event.isPrimary || event.button !== 0) return;
                const next: PointerPress = {
                  id: item.id,
                  label: name,
                  kind: 'pointer',
                  released: false,
                  at: { clientX: event.clientX, clientY: event.clientY },
                  init: {
                    clientX: event.clientX,
                    clientY: event.clientY,
                    screenX: event.screenX,
                    screenY: event.screenY,
                    pointerId: event.pointerId,
                    pointerType: event.pointerType,
                    isPrimary: true,
                    button: 0,
                    buttons: 1,
                  },
                };
                // Where the pointer goes, and whether it is released, before dnd-kit arrives.
                const follow = (move: PointerEvent) => {
                  if (move.pointerId !== next.init.pointerId) return;
                  next.at = { clientX: move.clientX, clientY: move.clientY };
                  if (move.type === 'pointermove') return;
                  next.released = true;
                  stop();
                };
                const stop = () => {
                  for (const type of FOLLOWED) document.removeEventListener(type, follow, true);
                };
                for (const type of FOLLOWED) document.addEventListener(type, follow, true);
                next.stop = stop;
                swap(next);
              }}
              onKeyDown={(event) => {
                if (!PICK_UP_CODES.has(event.code)) return;
                event.preventDefault();
                swap({ id: item.id, label: name, kind: 'key', init: { key: event.key, code: event.code } });
              }}
            >
              <ArrowsIcon />
            </button>
          );
        }
        return (
          <li key={item.id} className={styles.item} data-item-id={item.id}>
            {renderItem(item, handle, index)}
          </li>
        );
      })}
    </ol>
  );
}
