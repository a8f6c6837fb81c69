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
import {
  arrayMove,
  SortableContext,
  type SortingStrategy,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowsIcon } from './icons.tsx';
import styles from './sortable-list.module.css';

interface Place {
  title: string;
  position: number;
  total: number;
}

/** The handle's name and the screen-reader texts; a list whose items are not generic "items" supplies its own. */
export interface SortableListMessages {
  handle: (title: string) => string;
  /** The handle's name while the item cannot be dragged. */
  locked: (title: string) => string;
  instructions: string;
  pickedUp: (place: Place) => string;
  movedTo: (place: Place) => string;
  droppedAt: (place: Place) => string;
  cancelled: (title: string) => string;
}

export interface SortableListProps<T extends { id: number }> {
  items: readonly T[];
  /** What screen readers and the handle's label call an item. */
  titleOf: (item: T) => string;
  /** The ids in their new order after a drop that moved something; without it the list is static (no handles). */
  onReorder?: (ids: number[]) => void;
  /** The row; `handle` is the drag handle to place in it (null when the list is static). */
  renderItem: (item: T, handle: ReactNode, index: number) => ReactNode;
  /** Items that cannot be dragged for now (media files still processing). */
  isLocked?: (item: T) => boolean;
  /** The accessible name of the list. */
  label: string;
  className?: string;
  handleClassName?: string;
  /** How items move aside while dragging; `rectSortingStrategy` for a grid. */
  strategy?: SortingStrategy;
  messages?: Partial<SortableListMessages>;
}

interface SortableRowProps {
  id: number;
  title: string;
  locked: boolean;
  messages: SortableListMessages;
  handleClassName: string | undefined;
  children: (handle: ReactNode) => ReactNode;
}

function SortableRow({ id, title, locked, messages, handleClassName, children }: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: locked,
  });
  const handle = (
    <button
      ref={setActivatorNodeRef}
      type="button"
      className={`${styles.handle} ${handleClassName ?? ''}`}
      {...attributes}
      {...listeners}
      disabled={locked}
      aria-label={locked ? messages.locked(title) : messages.handle(title)}
      title={locked ? messages.locked(title) : undefined}
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
export function SortableList<T extends { id: number }>({
  items,
  titleOf,
  onReorder,
  renderItem,
  isLocked,
  label,
  className,
  handleClassName,
  strategy = verticalListSortingStrategy,
  messages,
}: SortableListProps<T>) {
  const { t } = useTranslation();
  const text: SortableListMessages = {
    handle: (title) => t('dnd.handle', { title }),
    locked: (title) => t('dnd.locked', { title }),
    instructions: t('dnd.instructions'),
    pickedUp: (place) => t('dnd.pickedUp', { ...place }),
    movedTo: (place) => t('dnd.movedTo', { ...place }),
    droppedAt: (place) => t('dnd.droppedAt', { ...place }),
    cancelled: (title) => t('dnd.cancelled', { title }),
    ...messages,
  };
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
  const place = (id: UniqueIdentifier, at: UniqueIdentifier | undefined): Place => ({
    title: title(id),
    position: position(at),
    total: ids.length,
  });
  const announcements: Announcements = {
    onDragStart: ({ active }) => text.pickedUp(place(active.id, active.id)),
    onDragOver: ({ active, over }) => (over ? text.movedTo(place(active.id, over.id)) : undefined),
    onDragEnd: ({ active, over }) => (over ? text.droppedAt(place(active.id, over.id)) : text.cancelled(title(active.id))),
    onDragCancel: ({ active }) => text.cancelled(title(active.id)),
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
      accessibility={{ announcements, screenReaderInstructions: { draggable: text.instructions } }}
    >
      <SortableContext items={ids} strategy={strategy}>
        <ol className={listClass} aria-label={label}>
          {items.map((item, index) => (
            <SortableRow
              key={item.id}
              id={item.id}
              title={titleOf(item)}
              locked={isLocked?.(item) ?? false}
              messages={text}
              handleClassName={handleClassName}
            >
              {(handle) => renderItem(item, handle, index)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
