import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import styles from './preview-image.module.css';

/** The answer of a `…/preview-url` call (documents and library documents alike). */
export interface PreviewState {
  status: 'PENDING' | 'READY' | 'FAILED';
  url: string | null;
}

export interface PreviewImageProps {
  /** Undefined while the first call runs. */
  preview: PreviewState | undefined;
  /** The call itself failed (network, server). */
  failed?: boolean;
  /** Says what the image shows, e.g. 'First page of Cadence in C major'. */
  alt: string;
  /** Asks again: the caller refetches the preview URL. */
  onReload: () => void;
  /** 'thumbnail' for lists: a small frame, the failure as a compact Reload button. */
  size?: 'full' | 'thumbnail';
}

/**
 * A score preview made by a background job: a spinner while it is being made (PENDING) or loading,
 * then the image; a failure says 'Failed to load the preview. Please try again.' with Reload (spec §8).
 */
export function PreviewImage({ preview, failed = false, alt, onReload, size = 'full' }: PreviewImageProps) {
  const { t } = useTranslation();
  const url = preview?.status === 'READY' ? preview.url : null;
  const [broken, setBroken] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<string | null>(null);
  const thumbnail = size === 'thumbnail';
  const frame = `${styles.frame} ${thumbnail ? styles.thumbnail : styles.full}`;

  const reload = () => {
    setBroken(null);
    onReload();
  };

  if (failed || preview?.status === 'FAILED' || (url !== null && broken === url)) {
    return (
      <div className={frame} data-preview="failed">
        {thumbnail ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={reload}
            title={t('preview.failed')}
            aria-label={`${t('preview.failed')} ${t('preview.reload')}`}
          >
            {t('preview.reload')}
          </Button>
        ) : (
          <div className={styles.failure} role="alert">
            <p>{t('preview.failed')}</p>
            <Button variant="outline" size="sm" onClick={reload}>
              {t('preview.reload')}
            </Button>
          </div>
        )}
      </div>
    );
  }

  const waiting = url === null || loaded !== url;
  return (
    <div className={frame} data-preview={waiting ? 'loading' : 'ready'} aria-busy={waiting || undefined}>
      {waiting ? (
        <div className={styles.waiting}>
          <span className={styles.spinner} aria-hidden="true" />
          <span className={thumbnail ? 'visually-hidden' : styles.waitingText}>{t('preview.loading')}</span>
        </div>
      ) : null}
      {url !== null ? (
        <img
          key={url}
          src={url}
          alt={alt}
          className={`${styles.image} ${waiting ? styles.hidden : ''}`}
          onLoad={() => setLoaded(url)}
          onError={() => setBroken(url)}
        />
      ) : null}
    </div>
  );
}
