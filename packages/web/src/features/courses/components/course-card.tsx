import type { Course } from '@app/contract/courses';
import type { LanguageCode } from '@app/contract/users';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CalendarIcon, SchoolIcon, TermIcon } from '../../../components/ui/icons.tsx';
import { DateFormat, formatDate } from '../../../lib/format-date.ts';
import { courseHomePath } from '../course-paths.ts';
import { termAndYear } from '../course-text.ts';
import { ActivateCourseButton } from './activate-course-button.tsx';
import { CourseActionsMenu } from './course-actions-menu.tsx';
import styles from './course-card.module.css';
import { CourseStatusBadge } from './course-status-badge.tsx';

export interface CourseCardProps {
  course: Course;
  /** The profile's IANA zone: the period is the calendar dates there. */
  timeZone: string;
  language: LanguageCode;
  /** The drag handle of a sortable list. */
  dragHandle?: ReactNode;
}

/** The dashboard card of spec §2: title link, YYYY-MM-DD period, term and year, school, status, actions. */
export function CourseCard({ course, timeZone, language, dragHandle }: CourseCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const day = (epoch: number) => formatDate(epoch, DateFormat.date, language, timeZone);
  return (
    <article className={styles.card} aria-labelledby={titleId} data-status={course.status}>
      <div className={styles.top}>
        {dragHandle}
        <div className={styles.heading}>
          <h3 id={titleId} className={styles.title}>
            <Link to={courseHomePath(course)}>{course.title}</Link>
          </h3>
          <CourseStatusBadge status={course.status} />
        </div>
        <CourseActionsMenu course={course} timeZone={timeZone} language={language} />
      </div>
      <ul className={styles.meta}>
        <li>
          <CalendarIcon />
          <span className="visually-hidden">{t('courses.card.period')}: </span>
          <span>
            {day(course.start_date)} – {day(course.end_date)}
          </span>
        </li>
        <li>
          <TermIcon />
          <span className="visually-hidden">{t('courses.card.term')}: </span>
          <span>{termAndYear(course, t)}</span>
        </li>
        <li>
          <SchoolIcon />
          <span className="visually-hidden">{t('courses.card.school')}: </span>
          <span className={course.school ? undefined : styles.missing}>{course.school ?? t('courses.card.noSchool')}</span>
        </li>
      </ul>
      {course.status === 'PLANNING' && course.can.activate ? (
        <div className={styles.footer}>
          <ActivateCourseButton course={course} size="sm" />
        </div>
      ) : null}
    </article>
  );
}
