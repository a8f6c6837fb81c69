import { MEDIA_MAX_BYTES } from '@app/contract/media';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadIcon } from '../../../components/ui/icons.tsx';
import { notify } from '../../../lib/notifications.ts';
import { useUploadMediaFile } from '../api/upload-media-file.ts';
import styles from './upload-media-button.module.css';

/** True for what the server will accept, as far as the browser can tell (spec §5). */
function clientCheck(file: File): 'notMedia' | 'tooLarge' | undefined {
  if (!(file.type.startsWith('audio/') || file.type.startsWith('video/'))) return 'notMedia';
  if (file.size > MEDIA_MAX_BYTES) return 'tooLarge';
  return undefined;
}

/** Picks an audio or video file, checks type and size, and uploads it with a progress bar. */
export function UploadMediaButton({ collectionId }: { collectionId: number }) {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadMediaFile();
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);

  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = clientCheck(file);
    if (problem) {
      notify({ severity: 'error', message: t(problem === 'tooLarge' ? 'errors.mediaTooLarge' : 'errors.mediaNotMedia') });
      return;
    }
    setProgress({ name: file.name, fraction: 0 });
    upload.mutate(
      { collectionId, file, onProgress: (fraction) => setProgress({ name: file.name, fraction }) },
      {
        onSuccess: () => notify({ severity: 'success', message: t('media.fileUploaded') }),
        onSettled: () => setProgress(null),
      },
    );
  };

  const percent = progress ? Math.round(progress.fraction * 100) : 0;
  return (
    <div className={styles.upload}>
      <div className={styles.row}>
        <label className={`${styles.button} ${upload.isPending ? styles.disabled : ''}`}>
          <UploadIcon />
          <span>{t('media.upload')}</span>
          <input
            ref={input}
            type="file"
            accept="audio/*,video/*"
            className="visually-hidden"
            disabled={upload.isPending}
            onChange={(event) => onFile(event.target.files?.[0])}
          />
        </label>
        <span className={styles.rules}>{t('media.uploadRules')}</span>
      </div>
      {progress ? (
        <div className={styles.progress}>
          <div className={styles.progressLabel}>
            <span className={styles.progressName}>{t('media.uploading', { name: progress.name })}</span>
            <span>{new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(percent / 100)}</span>
          </div>
          <div
            className={styles.track}
            role="progressbar"
            aria-label={t('media.uploading', { name: progress.name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className={styles.bar} style={{ width: `${percent}%` }} />
          </div>
        </div>
      ) : null}
    </div>
  );
}
