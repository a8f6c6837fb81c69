import { isTranscoding, type MediaFile, type TranscodeStatus } from '@app/contract/media';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { CommitTextField } from '../../../components/ui/commit-text-field.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { BackIcon, TrashIcon } from '../../../components/ui/icons.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { SortableList } from '../../../components/ui/sortable-list.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyApiError } from '../../../lib/api-errors.ts';
import { notify } from '../../../lib/notifications.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useDeleteMediaFile } from '../api/delete-media-file.ts';
import { useMediaCollections } from '../api/get-media-collections.ts';
import { useMediaFiles } from '../api/get-media-files.ts';
import { useReorderMediaFiles } from '../api/reorder-media-files.ts';
import { useUpdateMediaFile } from '../api/update-media-file.ts';
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
  const [deleting, setDeleting] = useState<MediaFile | null>(null);
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

  const onDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notify({ severity: 'success', message: t('media.fileDeleted') }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <section className={styles.page}>
      <Link to="/media-library" className={styles.back}>
        <BackIcon />
        {t('nav.mediaLibrary')}
      </Link>
      <h1>{collection.collection_title}</h1>

      <UploadMediaButton collectionId={collectionId} />

      {files.length === 0 ? (
        <div className={styles.empty}>
          <p>{t('media.filesEmpty')}</p>
        </div>
      ) : (
        <>
          <p className={styles.hint}>{t('media.reorderFilesHint')}</p>
          <SortableList
            items={files}
            label={t('media.filesList')}
            titleOf={(f) => f.title}
            isLocked={(f) => isTranscoding(f.transcode_status)}
            onReorder={(ids) => reorder.mutate(ids)}
            renderItem={(file, handle) => (
              <div className={`${styles.card} ${styles.fileRow}`} data-file-key={file.file_key}>
                <div className={styles.row}>
                  {handle}
                  <CommitTextField
                    className={styles.titleField}
                    label={t('media.fileTitle')}
                    value={file.title}
                    maxLength={200}
                    onCommit={(text) => rename.mutateAsync({ id: file.id, title: text })}
                  />
                  <div className={styles.actions}>
                    <TranscodeStatusBadge status={file.transcode_status} />
                    {file.duration !== null ? <span className={styles.meta}>{formatDuration(file.duration)}</span> : null}
                    <Button
                      variant="ghost"
                      size="sm"
                      className={styles.deleteButton}
                      aria-label={t('media.deleteNamed', { title: file.title })}
                      onClick={() => setDeleting(file)}
                    >
                      <TrashIcon />
                    </Button>
                  </div>
                </div>
                {file.transcode_status === 'COMPLETED' ? (
                  <div className={styles.player}>
                    <MediaPlayer file={file} />
                  </div>
                ) : null}
                {file.transcode_status === 'FAILED' && file.transcode_error ? (
                  <p className={styles.failure}>{t('media.failedReason', { reason: file.transcode_error })}</p>
                ) : null}
              </div>
            )}
          />
        </>
      )}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('media.deleteFileTitle')}
        message={t('media.deleteFileMessage', { title: deleting?.title ?? '' })}
        confirmLabel={t('media.delete')}
        confirmVariant="danger"
        onConfirm={onDelete}
        loading={remove.isPending}
      />
    </section>
  );
}
