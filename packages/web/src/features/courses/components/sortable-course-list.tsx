import type { Course, CourseRole } from '@app/contract/courses';
import type { LanguageCode } from '@app/contract/users';
import { useTranslation } from 'react-i18next';
import { LazySortableList } from '../../../components/ui/lazy-sortable-list.tsx';
import type { SortableListMessages } from '../../../components/ui/sortable-list.tsx';
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

/**
 * One role's courses as cards in a grid that reorder by dragging the arrows, with the pointer or the
 * keyboard. dnd-kit loads on a handle's first hover, focus or press (issue 15, decision 029).
 */
export function SortableCourseList({ role, courses, timeZone, language, onReorder }: SortableCourseListProps) {
  const { t } = useTranslation();
  // Courses have their own wording ("Reorder …", "pick up a course") in every language.
  const messages: Partial<SortableListMessages> = {
    handle: (title) => t('courses.dnd.handle', { title }),
    instructions: t('courses.dnd.instructions'),
    pickedUp: (place) => t('courses.dnd.pickedUp', { ...place }),
    movedTo: (place) => t('courses.dnd.movedTo', { ...place }),
    droppedAt: (place) => t('courses.dnd.droppedAt', { ...place }),
    cancelled: (title) => t('courses.dnd.cancelled', { title }),
  };
  return (
    <LazySortableList
      items={courses}
      label={t(`courses.groups.${role}`)}
      titleOf={(course) => course.title}
      onReorder={onReorder}
      layout="grid"
      className={styles.grid}
      handleClassName={styles.handle}
      messages={messages}
      renderItem={(course, handle) => <CourseCard course={course} timeZone={timeZone} language={language} dragHandle={handle} />}
    />
  );
}
