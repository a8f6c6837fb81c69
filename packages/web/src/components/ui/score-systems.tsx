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
  /**
   * Draw only the systems near the window, with their fields: a system further away is an empty box
   * of its height (so the page keeps its length and scroll position) until it comes near.
   */
  windowed?: boolean;
  /** Items whose systems, and the systems either side of them (Tab and Enter reach those), are drawn wherever the page is. */
  keep?: readonly number[];
}

/** A system is drawn while it is within this many window heights of the window. */
const NEAR_WINDOWS = 1;
const NO_ITEMS: readonly number[] = [];

/**
 * The score as a page (decision 032): the one-line engraving cut into systems that fit this box at
 * the chosen scale, laid out again when the box's width or the scale changes, each chord's field
 * under its chord in its system (crowded chords get further rows: lib/field-layout). The
 * workspace, Create Exercise and Edit Key all use it.
 */
export function ScoreSystems(props: ScoreSystemsProps) {
  const {
    svg,
    width,
    scale,
    items,
    fieldWidth,
    rowHeight,
    below = 0,
    renderField,
    renderBelow,
    marks = [],
    onChordClick,
    label,
    windowed = false,
    keep = NO_ITEMS,
  } = props;
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

  // Which systems are near the window (first and last), measured again on any scroll or resize.
  const systemBoxes = useRef<(HTMLDivElement | null)[]>([]);
  const [near, setNear] = useState<readonly [number, number] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the systems' heights follow rowHeight and below
  useLayoutEffect(() => {
    const element = box.current;
    if (!windowed || !layout || !element) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const top = element.getBoundingClientRect().top;
      const view = window.innerHeight || UNMEASURED_WIDTH;
      const margin = view * NEAR_WINDOWS;
      let from = -1;
      let to = -1;
      layout.systems.forEach((_, s) => {
        const system = systemBoxes.current[s];
        if (!system) return;
        const y = top + system.offsetTop;
        if (y + system.offsetHeight >= -margin && y <= view + margin) {
          if (from < 0) from = s;
          to = s;
        }
      });
      setNear((current) => (current && current[0] === from && current[1] === to ? current : [from, to]));
    };
    measure();
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    // Captured: a scroll of the page or of any box holding the score.
    document.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
    };
  }, [windowed, layout, rowHeight, below]);
  const kept = useMemo(() => {
    const systems = new Set<number>();
    for (const index of keep) {
      const system = layout?.fields[index]?.system;
      if (system !== undefined) for (const s of [system - 1, system, system + 1]) systems.add(s);
    }
    return systems;
  }, [keep, layout]);
  const drawn = (s: number) => !windowed || (near !== null && s >= near[0] && s <= near[1]) || kept.has(s);

  // The systems' SVGs are built outside React (clones of the server's drawing) and put in their
  // hosts; a host exists only while its system is drawn, and is built once per layout.
  const hosts = useRef<(HTMLDivElement | null)[]>([]);
  const built = useRef(new WeakMap<HTMLDivElement, ScoreLayout>());
  // biome-ignore lint/correctness/useExhaustiveDependencies: near and kept change which hosts exist
  useLayoutEffect(() => {
    if (!parsed || !layout) return;
    layout.systems.forEach((system, index) => {
      const host = hosts.current[index];
      if (!host || built.current.get(host) === layout) return;
      host.replaceChildren(buildSystem(parsed, system.first, system.last, system.from, system.to, system.prefix));
      built.current.set(host, layout);
    });
  }, [parsed, layout, near, kept]);

  // Colour the marked chords' notes; the class goes on the built SVG, so it is put again after each layout.
  // biome-ignore lint/correctness/useExhaustiveDependencies: near and kept change which systems are built
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
  }, [marks, items, layout, near, kept]);

  const members = useMemo(() => {
    const bySystem: number[][] = (layout?.systems ?? []).map(() => []);
    layout?.fields.forEach((field, index) => {
      bySystem[field.system]?.push(index);
    });
    return bySystem;
  }, [layout]);

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
        const fieldsHeight = system.rows * rowHeight;
        const first = parsed?.measures[system.first];
        const box = (element: HTMLDivElement | null) => {
          systemBoxes.current[s] = element;
        };
        if (!drawn(s))
          return (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: systems are positions on the page
              key={s}
              ref={box}
              className={styles.system}
              style={{ height: system.height + fieldsHeight + below }}
              data-system={s}
            />
          );
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: systems are positions on the page
            key={s}
            ref={box}
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
              {members[s]?.map((i) => {
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
