import { useTranslation } from 'react-i18next';
import styles from './workspace-toolbar.module.css';

export function ZoomControls({
  percent,
  onZoom,
  canIn,
  canOut,
}: {
  percent: number;
  onZoom: (step: 1 | -1) => void;
  canIn: boolean;
  canOut: boolean;
}) {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a pair of buttons with their value, not a form group
    <div role="group" aria-label={t('workspace.score.zoom')} className={styles.zoom}>
      <button
        type="button"
        className={styles.zoomButton}
        onClick={() => onZoom(-1)}
        disabled={!canOut}
        aria-label={t('workspace.score.zoomOut')}
      >
        −
      </button>
      <output className={styles.zoomValue} aria-live="polite">
        {percent}%
      </output>
      <button
        type="button"
        className={styles.zoomButton}
        onClick={() => onZoom(1)}
        disabled={!canIn}
        aria-label={t('workspace.score.zoomIn')}
      >
        +
      </button>
    </div>
  );
}
