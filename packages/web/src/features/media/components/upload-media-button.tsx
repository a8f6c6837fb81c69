import { MEDIA_MAX_BYTES, MediaMessages } from '@app/contract/media';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadButton, UploadProgress } from '../../../components/ui/upload-button.tsx';
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
  const { t } = useTranslation();
  const upload = useUploadMediaFile();
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);

  const onFile = (file: File | undefined) => {
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

  return (
    <div className={styles.upload}>
      <div className={styles.row}>
        <UploadButton
          label={t('media.upload')}
          accept="audio/*,video/*"
          disabled={upload.isPending}
          onFiles={(files) => onFile(files[0])}
        />
        <span className={styles.rules}>{t('media.uploadRules')}</span>
      </div>
      {progress ? (
        <UploadProgress className={styles.progress} text={t('media.uploading', { name: progress.name })} fraction={progress.fraction} />
      ) : null}
    </div>
  );
}
