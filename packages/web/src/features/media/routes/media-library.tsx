import type { MediaCollection } from '@app/contract/media';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { CommitTextField } from '../../../components/ui/commit-text-field.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { TrashIcon } from '../../../components/ui/icons.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { SortableList } from '../../../components/ui/sortable-list.tsx';
import { notify } from '../../../lib/notifications.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCreateMediaCollection } from '../api/create-media-collection.ts';
import { useDeleteMediaCollection } from '../api/delete-media-collection.ts';
import { useMediaCollections } from '../api/get-media-collections.ts';
import { useReorderMediaCollections } from '../api/reorder-media-collections.ts';
import { useUpdateMediaCollection } from '../api/update-media-collection.ts';
import { useInstructorOnly } from '../components/use-instructor-only.ts';
import styles from './media.module.css';

/** /media-library: the instructor's collections; create, rename inline, reorder by dragging, delete with confirmation. */
export function MediaLibraryPage() {
  const { t } = useTranslation();
  usePageTitle(t('media.title'));
  const allowed = useInstructorOnly();
  const { data: collections } = useMediaCollections({ enabled: allowed });
  const create = useCreateMediaCollection();
  const rename = useUpdateMediaCollection();
  const reorder = useReorderMediaCollections();
  const remove = useDeleteMediaCollection();
  const [title, setTitle] = useState('');
  const [deleting, setDeleting] = useState<MediaCollection | null>(null);

  if (!allowed || !collections) return <LoadingScreen />;

  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) return;
    create.mutate(
      { collection_title: trimmed },
      {
        onSuccess: () => {
          setTitle('');
          notify({ severity: 'success', message: t('media.collectionCreated') });
        },
      },
    );
  };

  const onDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notify({ severity: 'success', message: t('media.collectionDeleted') }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <section className={styles.page}>
      <h1>{t('media.title')}</h1>
      <p className={styles.lead}>{t('media.lead')}</p>

      <form className={styles.createForm} onSubmit={onCreate}>
        <label htmlFor="new-media-collection" className="visually-hidden">
          {t('media.newCollectionLabel')}
        </label>
        <input
          id="new-media-collection"
          className={styles.createInput}
          value={title}
          maxLength={200}
          placeholder={t('media.newCollectionPlaceholder')}
          onChange={(event) => setTitle(event.target.value)}
        />
        <Button type="submit" loading={create.isPending} disabled={!title.trim()}>
          {t('media.createCollection')}
        </Button>
      </form>

      {collections.length === 0 ? (
        <div className={styles.empty}>
          <p>{t('media.empty')}</p>
        </div>
      ) : (
        <>
          <p className={styles.hint}>{t('media.reorderCollectionsHint')}</p>
          <SortableList
            items={collections}
            label={t('media.collectionsList')}
            titleOf={(c) => c.collection_title}
            onReorder={(ids) => reorder.mutate(ids)}
            renderItem={(collection, handle) => (
              <div className={`${styles.card} ${styles.row}`}>
                {handle}
                <CommitTextField
                  className={styles.titleField}
                  label={t('media.collectionTitle')}
                  value={collection.collection_title}
                  maxLength={200}
                  onCommit={(text) => rename.mutateAsync({ id: collection.id, collection_title: text })}
                />
                <div className={styles.actions}>
                  <span className={styles.meta}>{t('media.fileCount', { count: collection.mediaFiles.length })}</span>
                  <ButtonLink
                    to={`/media-library/${collection.id}`}
                    variant="outline"
                    size="sm"
                    aria-label={t('media.openCollection', { title: collection.collection_title })}
                  >
                    {t('media.open')}
                  </ButtonLink>
                  <Button
                    variant="ghost"
                    size="sm"
                    className={styles.deleteButton}
                    aria-label={t('media.deleteNamed', { title: collection.collection_title })}
                    onClick={() => setDeleting(collection)}
                  >
                    <TrashIcon />
                  </Button>
                </div>
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
        title={t('media.deleteCollectionTitle')}
        message={t('media.deleteCollectionMessage', { title: deleting?.collection_title ?? '' })}
        confirmLabel={t('media.delete')}
        confirmVariant="danger"
        onConfirm={onDelete}
        loading={remove.isPending}
      />
    </section>
  );
}
