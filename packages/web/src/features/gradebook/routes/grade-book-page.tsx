import type { Course } from '@app/contract/courses';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useOutletContext } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { DownloadIcon } from '../../../components/ui/icons.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { currentLanguage } from '../../../i18n/index.ts';
import { apiErrorMessages } from '../../../lib/api-errors.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useCourseSets } from '../../../lib/course-sets.ts';
import { useCourseStudents } from '../../../lib/course-students.ts';
import { displayTimeZone } from '../../../lib/date-time-input.ts';
import { downloadTextFile } from '../../../lib/download-file.ts';
import { formatGradeAs, type GradeView } from '../../../lib/format-grade.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useGradeBook } from '../api/get-grade-book.ts';
import { type GradeBookContext, gradeBookPath } from '../grade-book-context.ts';
import { csvFileText, GRADE_BOOK_CSV_NAME, gradeBookCsv } from '../grade-book-csv.ts';
import { gradeBookRows, gradeBookSets } from '../grade-book-model.ts';
import { useGradeBookSettings } from '../grade-book-settings.ts';
import styles from './grade-book.module.css';

/**
 * /course/{id}/grade-book (spec §2, instructors and TAs): the view-by and submissions choices, the
 * CSV export, and three views below — the overview of every document, one student, one set.
 * Loads the students, the sets and each student's highest submissions once (the grade book's
 * columns, issue 15); the sets switched to 'All submissions' load their complete lists in one call.
 */
export function GradeBookPage() {
  const { t } = useTranslation();
  usePageTitle(t('gradebook.title'));
  const course = useOutletContext<Course>();
  const location = useLocation();
  const { data: user } = useCurrentUser();
  const { settings, update, setMode } = useGradeBookSettings();
  const { includePractice } = settings;
  const students = useCourseStudents(course.id);
  const sets = useCourseSets(course.id);
  const highest = useGradeBook(course.id, { submissions: 'best', includePractice });
  const allSetIds = useMemo(
    () => (sets.data ?? []).filter((set) => settings.allSets.has(set.id)).map((set) => set.id),
    [sets.data, settings.allSets],
  );
  const all = useGradeBook(course.id, { submissions: 'all', includePractice, setIds: allSetIds }, { enabled: allSetIds.length > 0 });
  const allPending = allSetIds.length > 0 && all.data === undefined;

  const groups = useMemo(() => gradeBookSets(sets.data ?? [], settings), [sets.data, settings]);
  const allDocumentIds = useMemo(
    () => new Set(groups.filter((group) => group.mode === 'all').flatMap((group) => group.columns.map((column) => column.documentId))),
    [groups],
  );
  const rows = useMemo(
    () =>
      students.data && highest.data
        ? gradeBookRows(
            students.data,
            highest.data,
            all.data && allSetIds.length > 0 ? { cells: all.data, documentIds: allDocumentIds } : undefined,
          )
        : [],
    [students.data, highest.data, all.data, allSetIds.length, allDocumentIds],
  );
  const language = currentLanguage();
  const error = students.error ?? sets.error ?? highest.error;
  const ready = students.data !== undefined && sets.data !== undefined && highest.data !== undefined && user !== undefined;

  const exportCsv = () => {
    const csv = gradeBookCsv(
      groups,
      rows,
      { lastName: t('gradebook.csv.lastName'), firstName: t('gradebook.csv.firstName'), email: t('gradebook.csv.email') },
      (submissions) => submissions.map((submission) => formatGradeAs(settings.view, submission, language) ?? '').join('; '),
    );
    downloadTextFile(GRADE_BOOK_CSV_NAME, csvFileText(csv));
  };

  const base = gradeBookPath(course.id);
  const tabs = [
    { to: base, label: t('gradebook.tabs.overview'), end: true },
    { to: `${base}/student`, label: t('gradebook.tabs.byStudent'), end: false },
    { to: `${base}/assignment`, label: t('gradebook.tabs.byAssignment'), end: false },
  ];
  const byStudent = location.pathname.startsWith(`${base}/student`);
  const viewOptions: { value: GradeView; label: string }[] = [
    { value: 'score', label: t('gradebook.view.score') },
    { value: 'percent', label: t('gradebook.view.percent') },
    { value: 'grade', label: t('gradebook.view.grade') },
  ];

  const context: GradeBookContext | undefined = ready
    ? {
        course,
        sets: groups,
        rows,
        settings,
        setMode,
        language,
        timeZone: displayTimeZone(user.timezone_name),
        submissionPath: (submission) => `/course/${course.id}/submission/${submission.id}`,
      }
    : undefined;

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <p className={styles.eyebrow}>{course.title}</p>
          <h1 className={styles.title}>{t('gradebook.title')}</h1>
        </div>
        <Button variant="secondary" onClick={exportCsv} disabled={!ready || allPending}>
          <DownloadIcon width="18" height="18" />
          {t('gradebook.export')}
        </Button>
      </header>

      <nav className={styles.tabs} aria-label={t('gradebook.tabs.label')}>
        {tabs.map((tab) => (
          <NavLink
            key={tab.to}
            to={{ pathname: tab.to, search: location.search }}
            end={tab.end}
            className={({ isActive }) => `${styles.tab} ${isActive ? styles.activeTab : ''}`}
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>

      <div className={styles.toolbar}>
        {byStudent ? null : (
          <SegmentedControl
            legend={t('gradebook.view.legend')}
            options={viewOptions}
            value={settings.view}
            onChange={(view) => update(() => ({ view }))}
          />
        )}
        <SegmentedControl
          legend={t('gradebook.filter.legend')}
          options={[
            { value: 'formal', label: t('gradebook.filter.nonPractice') },
            { value: 'all', label: t('gradebook.filter.all') },
          ]}
          value={settings.includePractice ? 'all' : 'formal'}
          onChange={(value) => update(() => ({ includePractice: value === 'all' }))}
        />
      </div>

      {error ? (
        <Notice severity="error">
          {apiErrorMessages(error).map((message) => (
            <p key={message}>{message}</p>
          ))}
        </Notice>
      ) : context ? (
        <Outlet context={context} />
      ) : (
        <LoadingScreen />
      )}
    </section>
  );
}
