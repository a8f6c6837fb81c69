import { isTranscoding, type MediaFile, type TranscodeStatus } from '@app/contract/media';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { BackIcon } from '../../../components/ui/icons.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyApiError } from '../../../lib/api-errors.ts';
import { notify } from '../../../lib/notifications.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useDeleteMediaFile } from '../api/delete-media-file.ts';
import { useMediaCollections } from '../api/get-media-collections.ts';
import { useMediaFiles } from '../api/get-media-files.ts';
import { useReorderMediaFiles } from '../api/reorder-media-files.ts';
import { useUpdateMediaFile } from '../api/update-media-file.ts';
import { EditableMediaList } from '../components/editable-media-list.tsx';
import { MediaPlayer } from '../components/media-player.tsx';
import { TranscodeStatusBadge } from '../components/status-badge.tsx';
import { UploadMediaButton } from '../components/upload-media-button.tsx';
import { useInstructorOnly } from '../components/use-instructor-only.ts';
import styles from './media.module.css';

function formatDuration(seconds: number) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Says 'File transcoding complete.' when a file this screen saw processing reaches COMPLETED. */
function useCompletionNotice(files: readonly MediaFile[] | undefined) {
  const { t } = useTranslation();
  const seen = useRef(new Map<number, TranscodeStatus>());
  useEffect(() => {
    if (!files) return;
    for (const file of files) {
      const before = seen.current.get(file.id);
      if (before && isTranscoding(before) && file.transcode_status === 'COMPLETED') {
        notify({ severity: 'success', message: t('media.transcodeComplete') });
      }
      seen.current.set(file.id, file.transcode_status);
    }
  }, [files, t]);
}

/** /media-library/{id}: one collection's files; upload with progress, status badges while transcoding, players, rename, reorder, delete. */
export function MediaCollectionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const collectionId = Number(useParams().id);
  const allowed = useInstructorOnly();
  const valid = Number.isInteger(collectionId) && collectionId > 0;
  const { data: collections } = useMediaCollections({ enabled: allowed });
  const { data: files, error } = useMediaFiles(collectionId, { enabled: allowed && valid });
  const rename = useUpdateMediaFile(collectionId);
  const reorder = useReorderMediaFiles(collectionId);
  const remove = useDeleteMediaFile(collectionId);
  const collection = collections?.find((c) => c.id === collectionId);
  usePageTitle(collection?.collection_title ?? t('media.title'));
  useCompletionNotice(files);

  const missing = allowed && (!valid || (error instanceof ApiError && error.status === 404) || (collections && !collection));
  // Two effects: the files' 404 can arrive after the collection list already showed it missing,
  // and that change of `error` must not raise the not-found toast a second time.
  useEffect(() => {
    if (!missing) return;
    notify({ severity: 'error', message: t('messages.media.collectionNotFound') });
    void navigate('/media-library', { replace: true });
  }, [missing, navigate, t]);
  useEffect(() => {
    if (!missing && error && !(error instanceof ApiError && error.status === 404)) notifyApiError(error);
  }, [missing, error]);

  if (!allowed || !files || !collection) return <LoadingScreen />;

  return (
    <section className={styles.page}>
      <Link to="/media-library" className={styles.back}>
        <BackIcon />
        {t('nav.mediaLibrary')}
      </Link>
      <h1>{collection.collection_title}</h1>

      <UploadMediaButton collectionId={collectionId} />

      <EditableMediaList
        items={files}
        empty={t('media.filesEmpty')}
        hint={t('media.reorderFilesHint')}
        listLabel={t('media.filesList')}
        titleOf={(f) => f.title}
        titleLabel={t('media.fileTitle')}
        isLocked={(f) => isTranscoding(f.transcode_status)}
        onReorder={(ids) => reorder.mutate(ids)}
        onRename={(file, text) => rename.mutateAsync({ id: file.id, title: text })}
        cardClassName={styles.fileRow}
        cardProps={(file) => ({ 'data-file-key': file.file_key })}
        actions={(file) => (
          <>
            <TranscodeStatusBadge status={file.transcode_status} />
            {file.duration !== null ? <span className={styles.meta}>{formatDuration(file.duration)}</span> : null}
          </>
        )}
        below={(file) => (
          <>
            {file.transcode_status === 'COMPLETED' ? (
              <div className={styles.player}>
                <MediaPlayer file={file} />
              </div>
            ) : null}
            {file.transcode_status === 'FAILED' && file.transcode_error ? (
              <p className={styles.failure}>{t('media.failedReason', { reason: file.transcode_error })}</p>
            ) : null}
          </>
        )}
        confirmTitle={t('media.deleteFileTitle')}
        confirmMessage={(file) => t('media.deleteFileMessage', { title: file.title })}
        deleting={remove.isPending}
        onDelete={(file, done) =>
          remove.mutate(file.id, {
            onSuccess: () => notify({ severity: 'success', message: t('media.fileDeleted') }),
            onSettled: done,
          })
        }
      />
    </section>
  );
}
