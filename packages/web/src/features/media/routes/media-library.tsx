import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { notify } from '../../../lib/notifications.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCreateMediaCollection } from '../api/create-media-collection.ts';
import { useDeleteMediaCollection } from '../api/delete-media-collection.ts';
import { useMediaCollections } from '../api/get-media-collections.ts';
import { useReorderMediaCollections } from '../api/reorder-media-collections.ts';
import { useUpdateMediaCollection } from '../api/update-media-collection.ts';
import { EditableMediaList } from '../components/editable-media-list.tsx';
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

      <EditableMediaList
        items={collections}
        empty={t('media.empty')}
        hint={t('media.reorderCollectionsHint')}
        listLabel={t('media.collectionsList')}
        titleOf={(c) => c.collection_title}
        titleLabel={t('media.collectionTitle')}
        onReorder={(ids) => reorder.mutate(ids)}
        onRename={(collection, text) => rename.mutateAsync({ id: collection.id, collection_title: text })}
        actions={(collection) => (
          <>
            <span className={styles.meta}>{t('media.fileCount', { count: collection.mediaFiles.length })}</span>
            <ButtonLink
              to={`/media-library/${collection.id}`}
              variant="outline"
              size="sm"
              aria-label={t('media.openCollection', { title: collection.collection_title })}
            >
              {t('media.open')}
            </ButtonLink>
          </>
        )}
        confirmTitle={t('media.deleteCollectionTitle')}
        confirmMessage={(collection) => t('media.deleteCollectionMessage', { title: collection.collection_title })}
        deleting={remove.isPending}
        onDelete={(collection, done) =>
          remove.mutate(collection.id, {
            onSuccess: () => notify({ severity: 'success', message: t('media.collectionDeleted') }),
            onSettled: done,
          })
        }
      />
    </section>
  );
}
