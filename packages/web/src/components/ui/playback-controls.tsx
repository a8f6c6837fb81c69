import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_TEMPO, MIN_TEMPO } from '../../lib/use-playback.ts';
import { Button } from './button.tsx';
import styles from './playback-controls.module.css';

export interface PlaybackControlsProps {
  available: boolean;
  playing: boolean;
  tempo: number;
  onTempo: (tempo: number) => void;
  onPlay: () => void;
  onStop: () => void;
  /** The chord of the field last used, to hear it from the keyboard. */
  chordNumber: number | null;
  onPlayChord: () => void;
}

export function PlaybackControls(props: PlaybackControlsProps) {
  const { available, playing, tempo, onTempo, onPlay, onStop, chordNumber, onPlayChord } = props;
  const { t } = useTranslation();
  const tempoId = useId();
  if (!available) return <p className={styles.muted}>{t('workspace.playback.unavailable')}</p>;
  return (
    <div className={styles.playback}>
      {playing ? (
        <Button variant="secondary" size="sm" onClick={onStop}>
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <rect x="3" y="3" width="10" height="10" rx="1" fill="currentColor" />
          </svg>
          {t('workspace.playback.stop')}
        </Button>
      ) : (
        <Button variant="secondary" size="sm" onClick={onPlay}>
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
          </svg>
          {t('workspace.playback.play')}
        </Button>
      )}
      <label className={styles.tempo} htmlFor={tempoId}>
        <span>{t('workspace.playback.tempo')}</span>
        <input
          id={tempoId}
          type="number"
          inputMode="numeric"
          min={MIN_TEMPO}
          max={MAX_TEMPO}
          step={4}
          value={tempo}
          onChange={(event) => {
            const value = Number(event.target.value);
            if (Number.isFinite(value) && value > 0) onTempo(value);
          }}
        />
        <span className={styles.unit}>{t('workspace.playback.tempoUnit')}</span>
      </label>
      {chordNumber !== null ? (
        <Button variant="ghost" size="sm" onClick={onPlayChord}>
          {t('workspace.field.play', { number: chordNumber })}
        </Button>
      ) : null}
    </div>
  );
}
