import type { Voice } from '@app/contract/part-writing/rules';
import { useTranslation } from 'react-i18next';
import styles from './voice-picker.module.css';

export interface VoicePickerProps {
  /** The voices a tap on the staff may write, in S A T B order. */
  voices: readonly Voice[];
  /** The voice chosen now, if any. */
  selected: Voice | undefined;
  onPick: (voice: Voice) => void;
}

/**
 * The S A T B buttons above the part-writing staff (decision 041): which voice a tap on the staff
 * writes, one pressed at a time. The workspace and Create Exercise both show it.
 */
export function VoicePicker({ voices, selected, onPick }: VoicePickerProps) {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons
    <div className={styles.voicePicker} role="group" aria-label={t('partWriting.staff.voice')}>
      {voices.map((voice) => {
        const name = t(`partWriting.voice.${voice}`);
        return (
          <button
            key={voice}
            type="button"
            className={styles.voiceButton}
            aria-pressed={selected === voice}
            aria-label={name}
            title={name}
            onClick={() => onPick(voice)}
          >
            {voice}
          </button>
        );
      })}
    </div>
  );
}
