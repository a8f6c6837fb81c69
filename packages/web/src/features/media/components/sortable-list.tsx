import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowsIcon } from '../../../components/ui/icons.tsx';
import styles from './sortable-list.module.css';

export interface SortableListProps<T extends { id: number }> {
  items: readonly T[];
  /** What screen readers and the handle's label call an item. */
  titleOf: (item: T) => string;
  /** Items that cannot be dragged (files still processing). */
  isLocked?: (item: T) => boolean;
  /** The ids in their new order, after a drop that moved something. */
  onReorder: (ids: number[]) => void;
  /** The row; `handle` is the drag handle to place in it. */
  renderItem: (item: T, handle: ReactNode) => ReactNode;
  label: string;
}

function SortableRow<T extends { id: number }>({
  item,
  title,
  locked,
  children,
}: {
  item: T;
  title: string;
  locked: boolean;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    disabled: locked,
  });
  const handle = (
    <button
      ref={setActivatorNodeRef}
      type="button"
      className={styles.handle}
      {...attributes}
      {...listeners}
      disabled={locked}
      aria-label={locked ? t('media.dnd.locked', { title }) : t('media.dnd.handle', { title })}
      title={locked ? t('media.dnd.locked', { title }) : undefined}
    >
      <ArrowsIcon />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      className={`${styles.item} ${isDragging ? styles.dragging : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-item-id={item.id}
    >
      {children(handle)}
    </li>
  );
}

/** A vertical list that reorders by dragging the arrows, with the pointer or the keyboard (Space, arrows, Space). */
export function SortableList<T extends { id: number }>({ items, titleOf, isLocked, onReorder, renderItem, label }: SortableListProps<T>) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item) => item.id);
  const title = (id: UniqueIdentifier) => {
    const item = items.find((i) => i.id === id);
    return item ? titleOf(item) : '';
  };
  const position = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(Number(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('media.dnd.pickedUp', { title: title(active.id), position: position(active.id), total: ids.length }),
    onDragOver: ({ active, over }) =>
      over ? t('media.dnd.movedTo', { title: title(active.id), position: position(over.id), total: ids.length }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('media.dnd.droppedAt', { title: title(active.id), position: position(over.id), total: ids.length })
        : t('media.dnd.cancelled', { title: title(active.id) }),
    onDragCancel: ({ active }) => t('media.dnd.cancelled', { title: title(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(ids, from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('media.dnd.instructions') } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className={styles.list} aria-label={label}>
          {items.map((item) => (
            <SortableRow key={item.id} item={item} title={titleOf(item)} locked={isLocked?.(item) ?? false}>
              {(handle) => renderItem(item, handle)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
