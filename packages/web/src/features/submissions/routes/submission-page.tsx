import type { Course } from '@app/contract/courses';
import type { Submission } from '@app/contract/submissions';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useOutletContext, useParams } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { BackIcon, DocumentIcon, DownloadIcon, TrashIcon } from '../../../components/ui/icons.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { PointsOffSummary } from '../../../components/ui/points-off-summary.tsx';
import { PreviewImage } from '../../../components/ui/preview-image.tsx';
import { currentLanguage } from '../../../i18n/index.ts';
import { apiErrorMessages } from '../../../lib/api-errors.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { displayTimeZone } from '../../../lib/date-time-input.ts';
import { DateFormat, formatDate } from '../../../lib/format-date.ts';
import { formatLetter, formatPercent, formatScore } from '../../../lib/format-grade.ts';
import { notify } from '../../../lib/notifications.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { withheldGradeText } from '../../../lib/withheld-grade-text.ts';
import { useDeleteSubmission } from '../api/delete-submission.ts';
import { useSubmission } from '../api/get-submission.ts';
import { useSubmissionFileUrls } from '../api/get-submission-file-urls.ts';
import { GradeReportModal } from '../components/grade-report-modal.tsx';
import styles from './submission-page.module.css';

/** Where a course's submissions and grade book live for this viewer (spec §2). */
function pathsFor(course: Course) {
  const student = course.user_course_role === 'student';
  return {
    gradeBook: student ? `/student/course/${course.id}` : `/course/${course.id}/grade-book`,
    submission: (id: number) => (student ? `/student/course/${course.id}/submission/${id}` : `/course/${course.id}/submission/${id}`),
  };
}

/**
 * The submission view (spec §2): /course/{id}/submission/{submissionId} for instructors and TAs,
 * /student/course/{id}/submission/{submissionId} for the student who handed it in. 'Submission #n'
 * moves between the student's submissions of the document; instructors may remove one.
 */
export function SubmissionPage() {
  const { t } = useTranslation();
  const course = useOutletContext<Course>();
  const submissionId = Number(useParams().submissionId);
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const query = useSubmission(course.id, submissionId);
  const submission = query.data?.submission;
  usePageTitle(
    submission
      ? t('submissions.view.title', {
          document: submission.document_title,
          student: `${submission.student_first_name} ${submission.student_last_name}`,
        })
      : t('submissions.view.pageTitle'),
  );
  const paths = pathsFor(course);
  const back = (
    <Link to={paths.gradeBook} className={styles.back}>
      <BackIcon width="16" height="16" />
      {t('submissions.view.back')}
    </Link>
  );

  if (query.error || !Number.isInteger(submissionId) || submissionId <= 0) {
    const notFound = !query.error || query.error.status === 404;
    return (
      <section className={styles.page}>
        {back}
        <Notice severity="error">
          {notFound ? (
            <p>{t('submissions.view.notFound')}</p>
          ) : (
            apiErrorMessages(query.error).map((message) => <p key={message}>{message}</p>)
          )}
        </Notice>
      </section>
    );
  }
  if (!query.data || !submission || !user) return <LoadingScreen />;

  return (
    <SubmissionDetails
      key={submission.id}
      course={course}
      submission={submission}
      siblings={query.data.siblings}
      timeZone={displayTimeZone(user.timezone_name)}
      back={back}
      onNavigate={(id) => void navigate(paths.submission(id))}
      onRemoved={(next) => void navigate(next ? paths.submission(next) : paths.gradeBook, { replace: true })}
    />
  );
}

interface SubmissionDetailsProps {
  course: Course;
  submission: Submission;
  siblings: Submission[];
  timeZone: string;
  back: ReactNode;
  onNavigate: (submissionId: number) => void;
  /** After removal: the submission to show next, or null for the grade book. */
  onRemoved: (next: number | null) => void;
}

function SubmissionDetails({ course, submission, siblings, timeZone, back, onNavigate, onRemoved }: SubmissionDetailsProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const hidden = submission.grade_hidden;
  const hiddenText = withheldGradeText(submission.grade_shown_at, t, language, timeZone);
  const files = useSubmissionFileUrls(submission.id, !hidden);
  const remove = useDeleteSubmission();
  const [reportOpen, setReportOpen] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const student = course.user_course_role === 'student';
  const instructor = course.user_course_role === 'instructor';
  const studentName = `${submission.student_first_name} ${submission.student_last_name}`;
  const title = t('submissions.view.title', { document: submission.document_title, student: studentName });
  const pending = files.data?.render_status === 'PENDING';
  const reportUrl = files.data?.grade_report_url ?? null;
  const harUrl = student ? null : (files.data?.har_url ?? null);
  // The colours are explained only when the image has them; a student who sees black labels learns when that changes.
  const answersAt = files.data?.answers_shown_at ?? null;
  // A part-writing grade before its findings are shown (issue 35): how many cost how many points, and when the details show.
  const pointsOff = hidden ? undefined : files.data?.points_off;
  // A part writing's image has no labels to colour (issue 38): it shows the voices, the report the findings.
  const partWriting = files.data?.exercise_type === 'part-writing';
  const caption =
    hidden || !files.data || pointsOff
      ? null
      : partWriting
        ? t('submissions.view.imageCaptionPartWriting')
        : files.data.marks_shown
          ? t('submissions.view.imageCaption')
          : answersAt !== null
            ? t('submissions.view.imageCaptionLater', { date: formatDate(answersAt, DateFormat.dateTime, language, timeZone) })
            : t('submissions.view.imageCaptionNever');

  const facts: { key: string; label: string; value: string | null }[] = [
    { key: 'score', label: t('submissions.view.score'), value: formatScore(submission, language) },
    { key: 'percent', label: t('submissions.view.percent'), value: formatPercent(submission, language) },
    { key: 'grade', label: t('submissions.view.grade'), value: formatLetter(submission) },
  ];

  const onConfirmRemove = () => {
    remove.mutate(submission.id, {
      onSuccess: () => {
        notify({ severity: 'success', message: t('submissions.remove.done') });
        const next = siblings.find((sibling) => sibling.id !== submission.id);
        onRemoved(next ? next.id : null);
      },
      onSettled: () => setConfirmRemove(false),
    });
  };

  return (
    <section className={styles.page}>
      {back}
      <header className={styles.header}>
        <p className={styles.eyebrow}>{course.title}</p>
        <h1 className={styles.title}>{title}</h1>
      </header>

      <div className={styles.layout}>
        <div className={styles.side}>
          <div className={styles.card}>
            <div className={styles.pickerRow}>
              <label className={styles.pickerLabel} htmlFor="submission-number">
                {t('submissions.view.pick')}
              </label>
              <select
                id="submission-number"
                className={styles.picker}
                value={submission.id}
                onChange={(event) => onNavigate(Number(event.target.value))}
              >
                {siblings.map((sibling) => (
                  <option key={sibling.id} value={sibling.id}>
                    {t('submissions.view.number', { number: sibling.number })}
                  </option>
                ))}
              </select>
              {submission.practice ? <Badge tone="warning">{t('gradebook.grid.practice')}</Badge> : null}
            </div>

            {hidden ? (
              <Notice severity="info">
                <p>{hiddenText}</p>
              </Notice>
            ) : null}
            {pointsOff ? (
              <Notice severity="info">
                <PointsOffSummary pointsOff={pointsOff} shownAt={answersAt} timeZone={timeZone} />
              </Notice>
            ) : null}
            <dl className={styles.facts}>
              {hidden
                ? null
                : facts.map((fact) => (
                    <div key={fact.key} className={styles.fact} data-fact={fact.key}>
                      <dt>{fact.label}</dt>
                      <dd>{fact.value ?? '—'}</dd>
                    </div>
                  ))}
              <div className={`${styles.fact} ${styles.wide}`} data-fact="time">
                <dt>{t('submissions.view.time')}</dt>
                <dd>{formatDate(submission.submit_time, DateFormat.dateTime, language, timeZone)}</dd>
              </div>
            </dl>

            <div className={styles.actions}>
              <Button onClick={() => setReportOpen(true)} disabled={hidden || reportUrl === null} loading={!hidden && pending}>
                <DocumentIcon width="18" height="18" />
                {t('submissions.view.report')}
              </Button>
              {harUrl ? (
                <a className={styles.download} href={harUrl} download={`submission-${submission.id}.har`}>
                  <DownloadIcon width="18" height="18" />
                  {t('submissions.view.download')}
                </a>
              ) : null}
              {instructor ? (
                <Button variant="outline" className={styles.remove} onClick={() => setConfirmRemove(true)}>
                  <TrashIcon width="18" height="18" />
                  {t('submissions.remove.button')}
                </Button>
              ) : null}
            </div>
          </div>
        </div>

        <figure className={styles.figure}>
          {hidden ? (
            <div className={styles.withheld}>{hiddenText}</div>
          ) : (
            <PreviewImage
              preview={files.data ? { status: files.data.render_status, url: files.data.png_url } : undefined}
              failed={files.isError}
              alt={t(partWriting ? 'submissions.view.imageAltPartWriting' : 'submissions.view.imageAlt', {
                title: submission.document_title,
              })}
              onReload={() => void files.refetch()}
            />
          )}
          {caption ? <figcaption className={styles.caption}>{caption}</figcaption> : null}
        </figure>
      </div>

      <GradeReportModal submissionId={submission.id} url={reportUrl} title={title} open={reportOpen} onOpenChange={setReportOpen} />
      {instructor ? (
        <ConfirmDialog
          open={confirmRemove}
          onOpenChange={setConfirmRemove}
          title={t('submissions.remove.title')}
          message={t('submissions.remove.message', { number: submission.number, title: submission.document_title, name: studentName })}
          confirmLabel={t('submissions.remove.confirm')}
          confirmVariant="danger"
          loading={remove.isPending}
          onConfirm={onConfirmRemove}
        />
      ) : null}
    </section>
  );
}
