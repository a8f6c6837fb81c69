import { MEDIA_MAX_BYTES, MediaMessages } from '@app/contract/media';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadIcon } from '../../../components/ui/icons.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyApiError } from '../../../lib/api-errors.ts';
import { notify } from '../../../lib/notifications.ts';
import { useUploadMediaFile } from '../api/upload-media-file.ts';
import styles from './upload-media-button.module.css';

type Refusal = 'notMedia' | 'tooLarge';

/** True for what the server will accept, as far as the browser can tell (spec §5). */
function clientCheck(file: File): Refusal | undefined {
  if (!(file.type.startsWith('audio/') || file.type.startsWith('video/'))) return 'notMedia';
  if (file.size > MEDIA_MAX_BYTES) return 'tooLarge';
  return undefined;
}

/** The same refusals when the server makes them (it reads the file's real type and counts its bytes). */
function serverRefusal(error: unknown): Refusal | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 413) return 'tooLarge';
  const sentences = error.errors.flatMap((item) => ('message' in item ? [item.message] : item.messages));
  return sentences.includes(MediaMessages.notMedia) ? 'notMedia' : undefined;
}

/**
 * Spec §5 has one sentence for every file it does not support, the 20 MB one; a file of the wrong
 * type gets it too, with the reason below it, so nobody shrinks a PDF to make it pass.
 */
function notifyRefusal(refusal: Refusal, t: TFunction) {
  notify({
    severity: 'error',
    message: t('messages.media.tooLarge'),
    ...(refusal === 'notMedia' ? { details: [t('messages.media.notMedia')] } : {}),
  });
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
      notifyRefusal(problem, t);
      return;
    }
    setProgress({ name: file.name, fraction: 0 });
    upload.mutate(
      { collectionId, file, onProgress: (fraction) => setProgress({ name: file.name, fraction }) },
      {
        onSuccess: () => notify({ severity: 'success', message: t('media.fileUploaded') }),
        onError: (error) => {
          const refusal = serverRefusal(error);
          if (refusal) notifyRefusal(refusal, t);
          else notifyApiError(error);
        },
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
