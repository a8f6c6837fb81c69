import type { Course, CourseRole } from '@app/contract/courses';
import type { LanguageCode } from '@app/contract/users';
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
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import { ArrowsIcon } from '../../../components/ui/icons.tsx';
import { CourseCard } from './course-card.tsx';
import styles from './sortable-course-list.module.css';

export interface SortableCourseListProps {
  role: CourseRole;
  courses: readonly Course[];
  timeZone: string;
  language: LanguageCode;
  /** The ids in their new order, after a drop that moved something. */
  onReorder: (ids: number[]) => void;
}

function SortableCourse({ course, timeZone, language }: { course: Course; timeZone: string; language: LanguageCode }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: course.id });
  const handle = (
    <button
      ref={setActivatorNodeRef}
      type="button"
      className={styles.handle}
      {...attributes}
      {...listeners}
      aria-label={t('courses.dnd.handle', { title: course.title })}
    >
      <ArrowsIcon />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      className={`${styles.item} ${isDragging ? styles.dragging : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-course-id={course.id}
    >
      <CourseCard course={course} timeZone={timeZone} language={language} dragHandle={handle} />
    </li>
  );
}

/** One role's courses as cards that reorder by dragging the arrows, with the pointer or the keyboard. */
export function SortableCourseList({ role, courses, timeZone, language, onReorder }: SortableCourseListProps) {
  const { t } = useTranslation();
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = courses.map((course) => course.id);
  const titleOf = (id: UniqueIdentifier) => courses.find((course) => course.id === id)?.title ?? '';
  const positionOf = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(Number(id)) + 1);

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('courses.dnd.pickedUp', { title: titleOf(active.id), position: positionOf(active.id), total: ids.length }),
    onDragOver: ({ active, over }) =>
      over ? t('courses.dnd.movedTo', { title: titleOf(active.id), position: positionOf(over.id), total: ids.length }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('courses.dnd.droppedAt', { title: titleOf(active.id), position: positionOf(over.id), total: ids.length })
        : t('courses.dnd.cancelled', { title: titleOf(active.id) }),
    onDragCancel: ({ active }) => t('courses.dnd.cancelled', { title: titleOf(active.id) }),
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
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('courses.dnd.instructions') } }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <ol className={styles.list} data-role={role}>
          {courses.map((course) => (
            <SortableCourse key={course.id} course={course} timeZone={timeZone} language={language} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
