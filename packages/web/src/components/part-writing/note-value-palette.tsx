import { useTranslation } from 'react-i18next';
import styles from './note-value-palette.module.css';
import { GLYPH } from './part-writing-staff.tsx';
import type { Palette, PaletteValue } from './rhythm-entry.ts';

const VALUES: readonly PaletteValue[] = [1, 2, 4, 8, 16];
/** The key that picks each value (MuseScore's numbering: note-entry.ts `noteValueForKey`). */
const KEY: Record<PaletteValue, string> = { 1: '7', 2: '6', 4: '5', 8: '4', 16: '3' };

/** A note value drawn small with the staff's own glyphs: head, stem and flags. */
function ValueIcon({ value }: { value: PaletteValue }) {
  const scale = 0.05;
  const head = value === 1 ? GLYPH.whole : value === 2 ? GLYPH.half : GLYPH.black;
  const flag = value === 8 ? GLYPH.flag8Up : value === 16 ? GLYPH.flag16Up : null;
  return (
    <svg viewBox="0 0 24 28" width="18" height="21" aria-hidden="true" className={styles.icon}>
      <path d={head} transform={`translate(3 22) scale(${scale} ${-scale})`} />
      {value === 1 ? null : (
        <line x1={3 + 314 * scale - 0.6} x2={3 + 314 * scale - 0.6} y1={21.5} y2={3} stroke="currentColor" strokeWidth={1.3} />
      )}
      {flag ? <path d={flag} transform={`translate(${3 + 314 * scale - 1.2} 3) scale(${scale} ${-scale})`} /> : null}
    </svg>
  );
}

export interface NoteValuePaletteProps {
  className?: string;
  palette: Palette;
  onValue: (value: PaletteValue | null) => void;
  onDot: () => void;
  onTie: () => void;
  onUndo: () => void;
  canTie: boolean;
  canUndo: boolean;
}

/**
 * The note values a student writes with (issue 35): none (a note fills what it replaces), whole to
 * sixteenth, the dot, the tie and undo, each with its key in its name. Picking a value with a note
 * selected changes that note's length; the letters, taps and MIDI keys after it write notes of it.
 */
export function NoteValuePalette({ className, palette, onValue, onDot, onTie, onUndo, canTie, canUndo }: NoteValuePaletteProps) {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons
    <div
      className={[styles.palette, className].filter(Boolean).join(' ')}
      role="group"
      aria-label={t('partWriting.palette.label')}
      data-testid="note-values"
    >
      <button
        type="button"
        className={styles.button}
        aria-pressed={palette.value === null}
        title={t('partWriting.palette.fillTitle')}
        onClick={() => onValue(null)}
      >
        {t('partWriting.palette.fill')}
      </button>
      {VALUES.map((value) => {
        const name = t(`partWriting.palette.value.${value}`, { key: KEY[value] });
        return (
          <button
            key={value}
            type="button"
            className={styles.button}
            aria-pressed={palette.value === value}
            aria-label={name}
            title={name}
            data-value={value}
            onClick={() => onValue(value)}
          >
            <ValueIcon value={value} />
          </button>
        );
      })}
      <button
        type="button"
        className={styles.button}
        aria-pressed={palette.dots > 0}
        aria-label={t('partWriting.palette.dot')}
        title={t('partWriting.palette.dot')}
        onClick={onDot}
      >
        <span aria-hidden="true" className={styles.symbol}>
          •
        </span>
      </button>
      <button
        type="button"
        className={styles.button}
        disabled={!canTie}
        aria-label={t('partWriting.palette.tie')}
        title={t('partWriting.palette.tie')}
        onClick={onTie}
      >
        <svg viewBox="0 0 24 12" width="22" height="11" aria-hidden="true" className={styles.icon}>
          <path d="M2 3 Q12 12 22 3 Q12 9 2 3Z" />
        </svg>
      </button>
      <button
        type="button"
        className={styles.button}
        disabled={!canUndo}
        aria-label={t('partWriting.palette.undo')}
        title={t('partWriting.palette.undo')}
        onClick={onUndo}
      >
        <span aria-hidden="true">↶</span>
      </button>
    </div>
  );
}
