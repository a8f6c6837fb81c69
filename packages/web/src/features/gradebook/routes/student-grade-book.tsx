import type { AssignmentSet } from '@app/contract/assignments';
import type { Course } from '@app/contract/courses';
import type { Submission } from '@app/contract/submissions';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { currentLanguage } from '../../../i18n/index.ts';
import { apiErrorMessages } from '../../../lib/api-errors.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useCourseSets } from '../../../lib/course-sets.ts';
import { displayTimeZone } from '../../../lib/date-time-input.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useStudentSubmissions } from '../api/get-student-submissions.ts';
import { SetGradeTable, type SetGradeTableDocument } from '../components/set-grade-table.tsx';
import styles from './grade-book.module.css';

interface StudentSet {
  id: number;
  title: string;
  documents: SetGradeTableDocument[];
}

/**
 * The student's sets with their gradable documents. A document the student no longer sees (its set
 * hides documents after the due date) still has a row when they handed it in: grades stay visible.
 * Sets without any such row are left out.
 */
export function studentSets(sets: readonly AssignmentSet[], submissions: readonly Submission[]): StudentSet[] {
  return (
    sets
      .map((set) => {
        const documents: SetGradeTableDocument[] = set.documents
          .filter((doc) => doc.gradable)
          .map((doc) => ({
            documentId: doc.id,
            title: doc.title,
            practice: doc.practice,
            gradeShownAt: doc.delay_showing_grade ? doc.show_grade_on_date : null,
          }));
        for (const submission of submissions) {
          if (submission.assignment_id !== set.id || documents.some((doc) => doc.documentId === submission.document)) continue;
          documents.push({
            documentId: submission.document,
            title: submission.document_title,
            practice: submission.practice,
            gradeShownAt: submission.grade_shown_at ?? null,
          });
        }
        return { id: set.id, title: set.title, documents };
      })
      // A set with nothing gradable and nothing handed in has no row: not an empty table under its title.
      .filter((set) => set.documents.length > 0)
  );
}

/**
 * /student/course/{id} (spec §2 'Student grade book'): per set, the best submission of each
 * document, with a link to the course's Assignments page, where the exercises are done.
 */
export function StudentGradeBookPage() {
  const { t } = useTranslation();
  usePageTitle(t('gradebook.title'));
  const course = useOutletContext<Course>();
  const { data: user } = useCurrentUser();
  const sets = useCourseSets(course.id);
  const submissions = useStudentSubmissions(user?.id, course.id, { best: true, includePractice: true });
  const cells = useMemo(() => {
    const byDocument = new Map<number, Submission[]>();
    for (const submission of submissions.data ?? []) byDocument.set(submission.document, [submission]);
    return byDocument;
  }, [submissions.data]);
  const groups = useMemo(() => studentSets(sets.data ?? [], submissions.data ?? []), [sets.data, submissions.data]);
  const error = sets.error ?? submissions.error;

  let body: ReactNode;
  if (error) {
    body = (
      <Notice severity="error">
        {apiErrorMessages(error).map((message) => (
          <p key={message}>{message}</p>
        ))}
      </Notice>
    );
  } else if (!user || !sets.data || !submissions.data) {
    body = <LoadingScreen />;
  } else if (groups.length === 0) {
    body = (
      <div className={styles.empty}>
        <p>{t('gradebook.student.empty')}</p>
      </div>
    );
  } else {
    const language = currentLanguage();
    const timeZone = displayTimeZone(user.timezone_name);
    body = groups.map((set) => (
      <SetGradeTable
        key={set.id}
        title={set.title}
        documents={set.documents}
        cells={cells}
        mode="highest"
        language={language}
        timeZone={timeZone}
        submissionPath={(submission) => `/student/course/${course.id}/submission/${submission.id}`}
      />
    ));
  }

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <p className={styles.eyebrow}>{course.title}</p>
          <h1 className={styles.title}>{t('gradebook.title')}</h1>
          <p className={styles.summary}>{t('gradebook.student.lead')}</p>
        </div>
        {/* Where the work is done: a student landing here from the course title goes on in one click (issue 30). */}
        <ButtonLink to={`/student/course/${course.id}/assignments`}>{t('gradebook.student.toAssignments')}</ButtonLink>
      </header>
      {body}
    </section>
  );
}
