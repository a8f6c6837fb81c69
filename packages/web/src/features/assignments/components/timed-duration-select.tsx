import { timedMinuteChoices } from '@app/contract/assignments';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { splitTimedSeconds, TIMED_HOUR_CHOICES, timedSecondsFor } from '../document-settings-rules.ts';
import styles from './document-settings.module.css';

export interface TimedDurationSelectProps {
  /** The stored limit in seconds; null shows the default 30 minutes. */
  seconds: number | null;
  onChange: (seconds: number) => void;
  disabled?: boolean;
  /** Names the document, so each row's selects have their own accessible names. */
  title: string;
}

/**
 * The time limit of spec §5 as two selects: hours 0–8, and the minutes that hour allows
 * (at 0 h 1–15 then 20–55 by 5; at 8 h only 0; otherwise by 5). Never both zero.
 */
export function TimedDurationSelect({ seconds, onChange, disabled, title }: TimedDurationSelectProps) {
  const { t } = useTranslation();
  const { hours, minutes } = splitTimedSeconds(seconds);
  return (
    <fieldset className={styles.duration} disabled={disabled}>
      <legend className={styles.durationLegend}>{t('assignments.settings.timeLimit')}</legend>
      <SelectField
        compact
        label={t('assignments.settings.hours')}
        aria-label={t('assignments.settings.hoursOf', { title })}
        value={String(hours)}
        options={TIMED_HOUR_CHOICES.map((h) => ({ value: String(h), label: String(h) }))}
        onChange={(event) => onChange(timedSecondsFor(Number(event.target.value), minutes))}
      />
      <SelectField
        compact
        label={t('assignments.settings.minutes')}
        aria-label={t('assignments.settings.minutesOf', { title })}
        value={String(minutes)}
        options={timedMinuteChoices(hours).map((m) => ({ value: String(m), label: String(m).padStart(2, '0') }))}
        onChange={(event) => onChange(hours * 3600 + Number(event.target.value) * 60)}
      />
    </fieldset>
  );
}
