import type { WorkspaceItem } from '@app/contract/workspace';
import { type CSSProperties, type ReactNode, useMemo } from 'react';
import { ScoreSystems } from '../../../components/ui/score-systems.tsx';
import type { ScoreLayout } from '../../../lib/field-layout.ts';
import styles from './score-view.module.css';

export interface ScoreViewProps {
  svg: string;
  /** The SVG's viewBox size, and pixels per unit of it at the chosen zoom. */
  width: number;
  height: number;
  scale: number;
  items: readonly WorkspaceItem[];
  /** The chord whose field has focus, and the one sounding in playback. */
  activeId: string | null;
  soundingId: string | null;
  onChordClick: (item: WorkspaceItem) => void;
  label: string;
  /** Each chord's answer field, placed under its chord. */
  renderField: (index: number, style: CSSProperties) => ReactNode;
  fieldWidth: number;
  rowHeight: number;
  /** Room under each system's fields, and what goes there. */
  below: number;
  renderBelow: (system: number) => ReactNode;
  onLayout?: (layout: ScoreLayout) => void;
  /** Items whose systems are drawn wherever the page is scrolled (only systems near the window are, with their fields). */
  keep: readonly number[];
}

/**
 * The server's SVG of the score laid out as a page at the chosen zoom (components/ui/score-systems),
 * with each answer field under its chord. The focused chord and the sounding chord get a band
 * behind them and coloured notes; clicking a note plays its chord.
 */
export function ScoreView(props: ScoreViewProps) {
  const {
    svg,
    width,
    height,
    scale,
    items,
    activeId,
    soundingId,
    onChordClick,
    label,
    renderField,
    fieldWidth,
    rowHeight,
    below,
    renderBelow,
    onLayout,
    keep,
  } = props;
  const marks = useMemo(
    () => [
      { id: activeId, noteClass: styles.activeNote, bandClass: styles.activeBand },
      { id: soundingId, noteClass: styles.soundingNote, bandClass: soundingId === activeId ? undefined : styles.soundingBand },
    ],
    [activeId, soundingId],
  );
  return (
    <div className={styles.frame}>
      <ScoreSystems
        svg={svg}
        width={width}
        height={height}
        scale={scale}
        items={items}
        fieldWidth={fieldWidth}
        rowHeight={rowHeight}
        below={below}
        renderField={renderField}
        renderBelow={renderBelow}
        marks={marks}
        onChordClick={(index) => {
          const item = items[index];
          if (item) onChordClick(item);
        }}
        label={label}
        onLayout={onLayout}
        windowed
        keep={keep}
      />
    </div>
  );
}
