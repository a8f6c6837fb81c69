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
import { ArrowsIcon } from './icons.tsx';
import styles from './sortable-list.module.css';

export interface SortableListProps<T extends { id: number }> {
  items: readonly T[];
  /** What screen readers and the handle's label call an item. */
  titleOf: (item: T) => string;
  /** The ids in their new order after a drop that moved something; without it the list is static (no handles). */
  onReorder?: (ids: number[]) => void;
  /** The row; `handle` is the drag handle to place in it (null when the list is static). */
  renderItem: (item: T, handle: ReactNode, index: number) => ReactNode;
  /** The accessible name of the list. */
  label: string;
  className?: string;
}

function SortableRow({ id, title, children }: { id: number; title: string; children: (handle: ReactNode) => ReactNode }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <button
      ref={setActivatorNodeRef}
      type="button"
      className={styles.handle}
      {...attributes}
      {...listeners}
      aria-label={t('dnd.handle', { title })}
    >
      <ArrowsIcon />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      className={`${styles.item} ${isDragging ? styles.dragging : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-item-id={id}
    >
      {children(handle)}
    </li>
  );
}

/**
 * A vertical list that reorders by dragging the arrows, with the pointer or the keyboard
 * (Space, arrows, Space), announcing each step to screen readers.
 */
export function SortableList<T extends { id: number }>({ items, titleOf, onReorder, renderItem, label, className }: SortableListProps<T>) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const listClass = `${styles.list} ${className ?? ''}`;
  if (!onReorder) {
    return (
      <ol className={listClass} aria-label={label}>
        {items.map((item, index) => (
          <li key={item.id} className={styles.item} data-item-id={item.id}>
            {renderItem(item, null, index)}
          </li>
        ))}
      </ol>
    );
  }

  const ids = items.map((item) => item.id);
  const title = (id: UniqueIdentifier) => {
    const item = items.find((i) => i.id === id);
    return item ? titleOf(item) : '';
  };
  const position = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(Number(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dnd.pickedUp', { title: title(active.id), position: position(active.id), total: ids.length }),
    onDragOver: ({ active, over }) =>
      over ? t('dnd.movedTo', { title: title(active.id), position: position(over.id), total: ids.length }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('dnd.droppedAt', { title: title(active.id), position: position(over.id), total: ids.length })
        : t('dnd.cancelled', { title: title(active.id) }),
    onDragCancel: ({ active }) => t('dnd.cancelled', { title: title(active.id) }),
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
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className={listClass} aria-label={label}>
          {items.map((item, index) => (
            <SortableRow key={item.id} id={item.id} title={titleOf(item)}>
              {(handle) => renderItem(item, handle, index)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
