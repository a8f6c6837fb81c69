import { useTranslation } from 'react-i18next';
import { ClockIcon } from '../../../components/ui/icons.tsx';
import { formatSecondsLeft } from '../use-countdown.ts';
import styles from './workspace-header.module.css';

/** 'Time left 4:59' for a timed document; amber in the last minute. Not live: the warning is announced once instead. */
export function TimeLeft({ seconds, warning }: { seconds: number; warning: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={`${styles.timer} ${warning ? styles.timerWarning : ''}`} data-testid="time-left">
      <ClockIcon width="18" height="18" aria-hidden="true" />
      <span className={styles.timerLabel}>{t('workspace.timer.label')}</span>
      <span className={styles.timerValue} role="timer">
        {formatSecondsLeft(seconds)}
      </span>
    </div>
  );
}
