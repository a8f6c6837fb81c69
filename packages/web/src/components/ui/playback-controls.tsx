import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_TEMPO, MIN_TEMPO, type PlayableChord, type usePlayback } from '../../lib/use-playback.ts';
import { Button } from './button.tsx';
import styles from './playback-controls.module.css';

export interface PlaybackControlsProps<T extends PlayableChord> {
  /** What `usePlayback` gives for the score. */
  playback: ReturnType<typeof usePlayback<T>>;
  /** The chord of the field last used, to hear it from the keyboard. */
  lastChord: (T & { number: number }) | undefined;
}

/** Play or Stop, the tempo, and 'Play chord N' for the field last used (the exercise and the answer-key editor). */
export function PlaybackControls<T extends PlayableChord>({ playback, lastChord }: PlaybackControlsProps<T>) {
  const { available, playing, tempo } = playback;
  const { t } = useTranslation();
  const tempoId = useId();
  if (!available) return <p className={styles.muted}>{t('workspace.playback.unavailable')}</p>;
  return (
    <div className={styles.playback}>
      {playing ? (
        <Button variant="secondary" size="sm" onClick={playback.stop}>
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <rect x="3" y="3" width="10" height="10" rx="1" fill="currentColor" />
          </svg>
          {t('workspace.playback.stop')}
        </Button>
      ) : (
        <Button variant="secondary" size="sm" onClick={() => void playback.play()}>
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
            if (Number.isFinite(value) && value > 0) playback.setTempo(value);
          }}
        />
        <span className={styles.unit}>{t('workspace.playback.tempoUnit')}</span>
      </label>
      {lastChord ? (
        <Button variant="ghost" size="sm" onClick={() => void playback.playChord(lastChord)}>
          {t('workspace.field.play', { number: lastChord.number })}
        </Button>
      ) : null}
    </div>
  );
}
