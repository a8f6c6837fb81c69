import { type HTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { CommitTextField } from '../../../components/ui/commit-text-field.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { TrashIcon } from '../../../components/ui/icons.tsx';
import { SortableList } from '../../../components/ui/sortable-list.tsx';
import styles from '../routes/media.module.css';

export interface EditableMediaListProps<T extends { id: number }> {
  items: T[];
  /** Shown instead of the list when there are no items. */
  empty: string;
  hint: string;
  listLabel: string;
  titleOf: (item: T) => string;
  /** The (visually hidden) label of each item's title field. */
  titleLabel: string;
  isLocked?: (item: T) => boolean;
  onReorder: (ids: number[]) => void;
  onRename: (item: T, title: string) => Promise<unknown>;
  /** What stands between the title and the delete button (status, counts, links). */
  actions: (item: T) => ReactNode;
  /** What an item shows below its row (a player, a failure). */
  below?: (item: T) => ReactNode;
  cardClassName?: string;
  cardProps?: (item: T) => HTMLAttributes<HTMLDivElement> & Record<`data-${string}`, string>;
  confirmTitle: string;
  confirmMessage: (item: T) => string;
  deleting: boolean;
  /** Deletes the item; `done` closes the confirmation. */
  onDelete: (item: T, done: () => void) => void;
}

/**
 * The media screens' one list: drag to reorder, rename inline, delete after a confirmation. The
 * library lists collections with it, a collection its files.
 */
export function EditableMediaList<T extends { id: number }>(props: EditableMediaListProps<T>) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<T | null>(null);
  const { items, titleOf } = props;
  return (
    <>
      {items.length === 0 ? (
        <div className={styles.empty}>
          <p>{props.empty}</p>
        </div>
      ) : (
        <>
          <p className={styles.hint}>{props.hint}</p>
          <SortableList
            items={items}
            label={props.listLabel}
            titleOf={titleOf}
            isLocked={props.isLocked}
            onReorder={props.onReorder}
            renderItem={(item, handle) => (
              <div className={`${styles.card} ${props.cardClassName ?? ''}`} {...props.cardProps?.(item)}>
                <div className={styles.row}>
                  {handle}
                  <CommitTextField
                    className={styles.titleField}
                    label={props.titleLabel}
                    value={titleOf(item)}
                    maxLength={200}
                    onCommit={(text) => props.onRename(item, text)}
                  />
                  <div className={styles.actions}>
                    {props.actions(item)}
                    <Button
                      variant="ghost"
                      size="sm"
                      className={styles.deleteButton}
                      aria-label={t('media.deleteNamed', { title: titleOf(item) })}
                      onClick={() => setDeleting(item)}
                    >
                      <TrashIcon />
                    </Button>
                  </div>
                </div>
                {props.below?.(item)}
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
        title={props.confirmTitle}
        message={deleting ? props.confirmMessage(deleting) : ''}
        confirmLabel={t('media.delete')}
        confirmVariant="danger"
        onConfirm={() => {
          if (deleting) props.onDelete(deleting, () => setDeleting(null));
        }}
        loading={props.deleting}
      />
    </>
  );
}
