import type { WorkspaceItem } from '@app/contract/workspace';
import { type MouseEvent, type ReactNode, type RefObject, useEffect, useMemo, useRef } from 'react';
import { nearestItem } from '../../../lib/use-playback.ts';
import styles from './score-view.module.css';

export interface ScoreViewProps {
  svg: string;
  /** Rendered size in pixels (the SVG scales to it by its viewBox). */
  width: number;
  height: number;
  items: readonly WorkspaceItem[];
  /** The chord whose field has focus, and the one sounding in playback. */
  activeId: string | null;
  soundingId: string | null;
  onChordClick: (item: WorkspaceItem) => void;
  label: string;
  /** The horizontally scrolling frame (to bring a chord into view). */
  scrollerRef: RefObject<HTMLDivElement | null>;
  /** The answer fields under the chords (wide screens), in a layer of this height. */
  fields?: ReactNode;
  fieldsHeight?: number;
  sticky?: boolean;
}

/**
 * The server's SVG of the score, scaled by its viewBox to the chosen zoom, in a frame that scrolls
 * sideways. The focused chord and the sounding chord get a band behind them and coloured notes
 * (a class on their <g class="note"> elements); clicking a note plays its chord.
 */
export function ScoreView(props: ScoreViewProps) {
  const { svg, width, height, items, activeId, soundingId, onChordClick, label, scrollerRef, fields, fieldsHeight = 0, sticky } = props;
  const host = useRef<HTMLDivElement>(null);
  const markup = useMemo(() => ({ __html: svg }), [svg]);
  const itemByNote = useMemo(() => {
    const map = new Map<string, WorkspaceItem>();
    for (const item of items) for (const id of item.note_ids) map.set(id, item);
    return map;
  }, [items]);

  // Colour the notes of the focused and the sounding chord; React never re-renders the SVG's inside.
  useEffect(() => {
    const root = host.current;
    if (!root) return;
    const mark = (itemId: string | null, className: string) => {
      const item = items.find((i) => i.id === itemId);
      const elements: Element[] = [];
      for (const id of item?.note_ids ?? []) {
        const element = root.querySelector(`[id="${id.replace(/"/g, '')}"]`);
        if (element) {
          element.classList.add(className);
          elements.push(element);
        }
      }
      return () => {
        for (const element of elements) element.classList.remove(className);
      };
    };
    const clearActive = mark(activeId, styles.activeNote as string);
    const clearSounding = mark(soundingId, styles.soundingNote as string);
    return () => {
      clearActive();
      clearSounding();
    };
  }, [activeId, soundingId, items]);

  const band = (itemId: string | null, className: string | undefined) => {
    const item = items.find((i) => i.id === itemId);
    if (!item || item.x === null) return null;
    const bandWidth = Math.max(28, width * 0.05);
    return (
      <div
        className={`${styles.band} ${className ?? ''}`}
        style={{ left: item.x * width - bandWidth / 2, width: bandWidth }}
        aria-hidden="true"
      />
    );
  };

  // A note plays its chord; so does a click in a chord's column (noteheads are small targets).
  const onClick = (event: MouseEvent) => {
    const note = (event.target as Element).closest('g.note');
    let item = note ? itemByNote.get(note.id) : undefined;
    if (!item) {
      const rect = event.currentTarget.getBoundingClientRect();
      const at = (event.clientX - rect.left) / rect.width;
      const nearest = nearestItem(items, at);
      if (nearest && Math.abs((nearest.x ?? 0) - at) * rect.width <= 18) item = nearest;
    }
    if (item) onChordClick(item);
  };

  return (
    <div className={`${styles.frame} ${sticky ? styles.sticky : ''}`}>
      {/* Without fields inside (narrow screens) the frame itself takes focus, so the keyboard can scroll it. */}
      <div ref={scrollerRef} className={styles.scroller} {...(fields ? {} : { tabIndex: 0, role: 'region', 'aria-label': label })}>
        <div className={styles.canvas} style={{ width, height: height + fieldsHeight }}>
          {band(activeId, styles.activeBand)}
          {soundingId !== activeId ? band(soundingId, styles.soundingBand) : null}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: a mouse shortcut; from the keyboard each field's chord plays from the toolbar */}
          <div
            ref={host}
            role="img"
            aria-label={label}
            className={styles.svg}
            style={{ width, height }}
            onClick={onClick}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's Verovio SVG of the student copy (no scripts; CSP forbids inline script)
            dangerouslySetInnerHTML={markup}
          />
          {fields ? (
            <div className={styles.fields} style={{ top: height, height: fieldsHeight }}>
              {fields}
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
