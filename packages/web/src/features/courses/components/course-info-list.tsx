import type { Course } from '@app/contract/courses';
import type { LanguageCode } from '@app/contract/users';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { DateFormat, formatDate } from '../../../lib/format-date.ts';
import { isStudentOf } from '../course-paths.ts';
import { cadential64Label, feeLine, instructorNames, neapolitan6Label, termAndYear } from '../course-text.ts';
import styles from './course-info-list.module.css';
import { CourseStatusBadge } from './course-status-badge.tsx';

export interface CourseInfoListProps {
  course: Course;
  timeZone: string;
  language: LanguageCode;
}

/** Every line of spec §2 "Course information", in its order. */
export function CourseInfoList({ course, timeZone, language }: CourseInfoListProps) {
  const { t } = useTranslation();
  const day = (epoch: number) => formatDate(epoch, DateFormat.date, language, timeZone);
  const notSet = <span className={styles.missing}>{t('courses.info.notSet')}</span>;
  const fee = feeLine(course, t);
  // A student who paid this course's fee sees it on the fee line (spec §2: the payment id exists).
  const paid = isStudentOf(course) && course.payment_type === 2 && course.payment_id !== null;
  const rows: { key: string; label: string; value: ReactNode }[] = [
    { key: 'title', label: t('courses.info.courseTitle'), value: course.title },
    { key: 'instructors', label: t('courses.info.instructors'), value: instructorNames(course.instructors) || notSet },
    { key: 'institute', label: t('courses.info.institute'), value: course.school ?? notSet },
    { key: 'term', label: t('courses.info.academicTerm'), value: termAndYear(course, t) },
    { key: 'period', label: t('courses.info.coursePeriod'), value: `${day(course.start_date)} – ${day(course.end_date)}` },
    {
      key: 'enrollment-end',
      label: t('courses.info.enrollmentEnd'),
      value: formatDate(course.enrollment_end_date, DateFormat.dateTime, language, timeZone),
    },
    {
      key: 'code',
      label: t('courses.info.invitationCode'),
      value: (
        <div className={styles.code}>
          <code className={styles.codeValue}>{course.invitation_code}</code>
          <details className={styles.help}>
            <summary>{t('courses.info.codeHelp')}</summary>
            <p>{t('courses.info.codeHelpText')}</p>
          </details>
        </div>
      ),
    },
    {
      key: 'fee',
      label: fee.label,
      value: paid ? (
        <span className={styles.fee}>
          {fee.value ?? notSet}
          <Badge tone="success">{t('courses.info.feePaid')}</Badge>
        </span>
      ) : (
        (fee.value ?? notSet)
      ),
    },
    { key: 'cadential', label: t('courses.info.cadential64'), value: cadential64Label(course.cadential_64) },
    { key: 'neapolitan', label: t('courses.info.neapolitan6'), value: neapolitan6Label(course.neapolitan_6) },
    { key: 'status', label: t('courses.info.status'), value: <CourseStatusBadge status={course.status} /> },
  ];
  return (
    <dl className={styles.list}>
      {rows.map((row) => (
        <div key={row.key} className={styles.row} data-row={row.key}>
          <dt className={styles.term}>{row.label}</dt>
          <dd className={styles.value}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
