import { type CSSProperties, type MouseEvent, type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { layOutScore, type ScoreLayout } from '../../lib/field-layout.ts';
import { buildSystem, parseScore } from '../../lib/score-systems.ts';
import styles from './score-systems.module.css';

/** A chord with a field: where it is across the one-line score (0–1) and its notes' ids in the SVG. */
export interface SystemsItem {
  id: string;
  x: number | null;
  note_ids: readonly string[];
}

/** Notes to colour (a class on their <g class="note">) and a band behind the chord. */
export interface ChordMark {
  id: string | null | undefined;
  noteClass?: string;
  bandClass?: string;
}

const UNMEASURED_WIDTH = 1024;

export interface ScoreSystemsProps {
  /** The server's Verovio SVG of the score on one line and its viewBox size. */
  svg: string;
  width: number;
  height: number;
  /** Pixels per unit of that viewBox at the chosen zoom. */
  scale: number;
  items: readonly SystemsItem[];
  fieldWidth: number;
  /** Height of a row of fields, and room kept under each system's fields (a note on the focused chord). */
  rowHeight: number;
  below?: number;
  renderField: (index: number, style: CSSProperties) => ReactNode;
  /** What goes in the room under system `system`'s fields. */
  renderBelow?: (system: number) => ReactNode;
  marks?: readonly ChordMark[];
  onChordClick?: (index: number) => void;
  label: string;
  /** Told the laid-out systems (the item → system map) whenever they change. */
  onLayout?: (layout: ScoreLayout) => void;
}

/**
 * The score as a page (decision 032): the one-line engraving cut into systems that fit this box at
 * the chosen scale, laid out again when the box's width or the scale changes, each chord's field
 * under its chord in its system (crowded chords get further rows: lib/field-layout). The
 * workspace, Create Exercise and Edit Key all use it.
 */
export function ScoreSystems(props: ScoreSystemsProps) {
  const { svg, width, scale, items, fieldWidth, rowHeight, below = 0, renderField, renderBelow, marks = [], onChordClick, label } = props;
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  const parsed = useMemo(() => (typeof DOMParser === 'undefined' ? null : parseScore(svg)), [svg]);
  const units = parsed?.unitsPerOuter ?? 1;
  const pxPerUnit = scale / units;

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    // A box not laid out (no layout engine, as in unit tests) gets a laptop's width.
    const measure = () => setBoxWidth(Math.floor(element.clientWidth) || UNMEASURED_WIDTH);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const xs = useMemo(
    () => items.map((item) => (item.x === null ? null : item.x * (parsed?.width ?? width * units))),
    [items, parsed, width, units],
  );
  const layout = useMemo<ScoreLayout | null>(() => {
    if (!parsed || boxWidth <= 0) return null;
    return layOutScore({
      measures: parsed.measures,
      start: parsed.start,
      prefixWidth: parsed.prefixWidth,
      height: parsed.height,
      xs,
      scale: pxPerUnit,
      boxWidth,
      fieldWidth,
    });
  }, [parsed, xs, pxPerUnit, boxWidth, fieldWidth]);

  const { onLayout } = props;
  useLayoutEffect(() => {
    if (layout) onLayout?.(layout);
  }, [layout, onLayout]);

  // The systems' SVGs are built outside React (clones of the server's drawing) and put in their hosts.
  const hosts = useRef<(HTMLDivElement | null)[]>([]);
  useLayoutEffect(() => {
    if (!parsed || !layout) return;
    layout.systems.forEach((system, index) => {
      hosts.current[index]?.replaceChildren(buildSystem(parsed, system.first, system.last, system.from, system.to, system.prefix));
    });
  }, [parsed, layout]);

  // Colour the marked chords' notes; the class goes on the built SVG, so it is put again after each layout.
  useLayoutEffect(() => {
    const root = box.current;
    if (!root || !layout) return;
    const marked: [Element, string][] = [];
    for (const mark of marks) {
      if (!mark.noteClass || !mark.id) continue;
      const item = items.find((i) => i.id === mark.id);
      for (const id of item?.note_ids ?? []) {
        const element = root.querySelector(`[id="${id.replace(/"/g, '')}"]`);
        if (element) {
          element.classList.add(mark.noteClass);
          marked.push([element, mark.noteClass]);
        }
      }
    }
    return () => {
      for (const [element, className] of marked) element.classList.remove(className);
    };
  }, [marks, items, layout]);

  const byNote = useMemo(() => {
    const map = new Map<string, number>();
    items.forEach((item, index) => {
      for (const id of item.note_ids) map.set(id, index);
    });
    return map;
  }, [items]);

  // A note plays its chord; so does a click in a chord's column of its system (noteheads are small targets).
  const onClick = (system: number) => (event: MouseEvent<HTMLDivElement>) => {
    if (!onChordClick || !layout) return;
    const note = (event.target as Element).closest('g.note');
    let index = note ? byNote.get(note.id) : undefined;
    if (index === undefined) {
      const rect = event.currentTarget.getBoundingClientRect();
      const placed = layout.systems[system];
      if (!placed) return;
      const at = placed.from + (event.clientX - rect.left) / placed.scale;
      let best = Number.POSITIVE_INFINITY;
      xs.forEach((x, i) => {
        if (x === null || layout.fields[i]?.system !== system) return;
        const distance = Math.abs(x - at) * placed.scale;
        if (distance < best && distance <= 18) {
          best = distance;
          index = i;
        }
      });
    }
    if (index !== undefined) onChordClick(index);
  };

  return (
    <div ref={box} className={styles.systems}>
      {parsed ? <DefsHost defs={parsed.defs} /> : null}
      {layout?.systems.map((system, s) => {
        const members = items.map((_, i) => i).filter((i) => layout.fields[i]?.system === s);
        const fieldsHeight = system.rows * rowHeight;
        const first = parsed?.measures[system.first];
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: systems are positions on the page
            key={s}
            className={styles.system}
            style={{ height: system.height + fieldsHeight + below }}
            data-system={s}
          >
            {s > 0 && first?.label ? (
              <span className={styles.measureNumber} aria-hidden="true">
                {first.label}
              </span>
            ) : null}
            {marks.map((mark) => {
              if (!mark.bandClass || !mark.id) return null;
              const index = items.findIndex((item) => item.id === mark.id);
              const x = xs[index];
              if (index < 0 || x === null || x === undefined || layout.fields[index]?.system !== s) return null;
              const bandWidth = Math.max(24, 420 * system.scale);
              return (
                <div
                  key={`${mark.bandClass}-${mark.id}`}
                  className={`${styles.band} ${mark.bandClass}`}
                  style={{ left: (x - system.from) * system.scale - bandWidth / 2, width: bandWidth, height: system.height }}
                  aria-hidden="true"
                />
              );
            })}
            <div
              ref={(element) => {
                hosts.current[s] = element;
              }}
              role="img"
              aria-label={s === 0 ? label : undefined}
              aria-hidden={s === 0 ? undefined : true}
              className={styles.svg}
              style={{ width: system.width, height: system.height }}
              onClick={onClick(s)}
            />
            <div className={styles.fields} style={{ top: system.height, height: fieldsHeight }}>
              {members.map((i) => {
                const placed = layout.fields[i];
                return renderField(i, { left: placed?.left ?? 0, top: (placed?.row ?? 0) * rowHeight, width: fieldWidth });
              })}
            </div>
            {renderBelow && below > 0 ? (
              <div className={styles.below} style={{ top: system.height + fieldsHeight, height: below }}>
                {renderBelow(s)}
              </div>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

/** The score's glyphs and style, once in the page, for every system's SVG to use. */
function DefsHost({ defs }: { defs: SVGSVGElement }) {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    host.current?.replaceChildren(defs);
  }, [defs]);
  return <div ref={host} className={styles.defs} aria-hidden="true" />;
}
