import type { MediaFile } from '@app/contract/media';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications.ts';
import { useMediaFileUrl } from '../api/get-media-file-url.ts';
import styles from './media-player.module.css';

/** An <audio> or <video> element playing the transcoded file from its signed URL. */
export function MediaPlayer({ file }: { file: MediaFile }) {
  const { t } = useTranslation();
  const { data, isError } = useMediaFileUrl(file.file_key, { enabled: file.transcode_status === 'COMPLETED' });
  useEffect(() => {
    if (isError) notify({ severity: 'error', message: t('media.urlFailed', { title: file.title }) });
  }, [isError, file.title, t]);
  if (!data) return null;
  const label = t('media.player', { title: file.title });
  return file.media_type === 'video' ? (
    // biome-ignore lint/a11y/useMediaCaption: teaching material uploaded by instructors comes without caption tracks
    <video className={styles.video} src={data.url} controls preload="metadata" aria-label={label} />
  ) : (
    // biome-ignore lint/a11y/useMediaCaption: as above
    <audio className={styles.audio} src={data.url} controls preload="metadata" aria-label={label} />
  );
}
