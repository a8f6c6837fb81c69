import type { AssignmentSet } from '@app/contract/assignments';
import type { Course } from '@app/contract/courses';
import type { Submission } from '@app/contract/submissions';
import type { DraftSummary } from '@app/contract/workspace';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useOutletContext, useSearchParams } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { apiErrorMessages } from '../../../lib/api-errors.ts';
import { useCourseSets } from '../../../lib/course-sets.ts';
import { DateFormat, formatDate } from '../../../lib/format-date.ts';
import { formatLetter, formatPercent, formatScore } from '../../../lib/format-grade.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCourseDrafts } from '../api/get-course-drafts.ts';
import { useOwnBestSubmissions } from '../api/get-own-submissions.ts';
import type { Viewer } from '../components/exercise-workspace.tsx';
import { type DocumentState, documentState, dueDateOf } from '../document-state.ts';
import styles from './student-assignments.module.css';

const STATE_TONE: Record<DocumentState['kind'], BadgeTone> = {
  notStarted: 'neutral',
  inProgress: 'info',
  timeUp: 'danger',
  submitted: 'success',
  pastDue: 'danger',
  notGraded: 'neutral',
};

/**
 * /student/course/{id}/assignments: the released sets in order, each document with where the
 * student stands and an Open link. `?set={id}` (where an LMS link to one set lands, issue 28)
 * shows that set alone, with a link to all of them.
 */
export function StudentAssignmentsPage({ viewer }: { viewer: Viewer | undefined }) {
  const { t } = useTranslation();
  usePageTitle(t('workspace.list.title'));
  const course = useOutletContext<Course>();
  const sets = useCourseSets(course.id);
  const best = useOwnBestSubmissions(course.id);
  const drafts = useCourseDrafts(course.id);
  const bestByDocument = useMemo(() => {
    const map = new Map<number, Submission>();
    for (const submission of best.data ?? []) if (!map.has(submission.document)) map.set(submission.document, submission);
    return map;
  }, [best.data]);
  const draftByDocument = useMemo(() => new Map<number, DraftSummary>((drafts.data ?? []).map((d) => [d.document_id, d])), [drafts.data]);
  const error = sets.error ?? best.error ?? drafts.error;
  const now = useNow(drafts.data?.some((d) => d.deadline_at !== null) ?? false);
  const onlySet = useSearchParams()[0].get('set');
  const focused = sets.data?.filter((set) => String(set.id) === onlySet);
  const shown = focused && focused.length > 0 ? focused : sets.data;

  let body: React.ReactNode;
  if (error) {
    body = (
      <Notice severity="error">
        {apiErrorMessages(error).map((message) => (
          <p key={message}>{message}</p>
        ))}
      </Notice>
    );
  } else if (!sets.data || !best.data || !drafts.data || !viewer) {
    body = <LoadingScreen />;
  } else if (!shown || shown.length === 0) {
    body = <p className={styles.empty}>{t('workspace.list.empty')}</p>;
  } else {
    body = shown.map((set) => (
      <SetSection key={set.id} set={set} course={course} viewer={viewer} best={bestByDocument} drafts={draftByDocument} now={now} />
    ));
  }

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>{course.title}</p>
        <h1 className={styles.title}>{t('workspace.list.title')}</h1>
        <p className={styles.lead}>{t('workspace.list.lead')}</p>
        {shown !== sets.data ? <Link to={`/student/course/${course.id}/assignments`}>{t('workspace.list.allSets')}</Link> : null}
      </header>
      {body}
    </section>
  );
}

interface SetSectionProps {
  set: AssignmentSet;
  course: Course;
  viewer: Viewer;
  best: ReadonlyMap<number, Submission>;
  drafts: ReadonlyMap<number, DraftSummary>;
  now: number;
}

function SetSection({ set, course, viewer, best, drafts, now }: SetSectionProps) {
  const { t } = useTranslation();
  const date = (epoch: number) => formatDate(epoch, DateFormat.localized, viewer.language, viewer.timeZone);
  const headingId = `set-${set.id}`;
  return (
    <section className={styles.set} aria-labelledby={headingId}>
      <header className={styles.setHeader}>
        <h2 id={headingId} className={styles.setTitle}>
          {set.title}
        </h2>
        <p className={styles.due}>
          {t('workspace.list.due', { date: date(dueDateOf(set)) })}
          {set.extension_due_at !== null ? <Badge tone="info">{t('workspace.list.extended')}</Badge> : null}
        </p>
      </header>
      {set.documents.length === 0 ? (
        <p className={styles.noDocuments}>{t('workspace.list.noDocuments')}</p>
      ) : (
        <ul className={styles.documents} aria-label={t('workspace.list.documents', { title: set.title })}>
          {set.documents.map((doc) => {
            const state = documentState(doc, set, best, drafts, now);
            return (
              <li key={doc.id} className={styles.document} data-document={doc.id} data-state={state.kind}>
                <div className={styles.documentTitle}>
                  <span className={styles.name}>{doc.title}</span>
                  <span className={styles.badges}>
                    {doc.practice ? <Badge tone="warning">{t('workspace.list.practice')}</Badge> : null}
                    {doc.timed && !doc.practice && doc.timed_time_seconds ? (
                      <Badge tone="neutral">{t('workspace.list.timed', { minutes: Math.round(doc.timed_time_seconds / 60) })}</Badge>
                    ) : null}
                  </span>
                </div>
                <div className={styles.state}>
                  <Badge tone={STATE_TONE[state.kind]}>
                    {state.kind === 'inProgress' && state.deadlineAt !== null
                      ? t('workspace.list.minutesLeft', { minutes: Math.max(1, Math.ceil((state.deadlineAt - now) / 60)) })
                      : t(`workspace.list.state.${state.kind}`)}
                  </Badge>
                  <StateDetail
                    state={state}
                    showGradeOn={doc.delay_showing_grade ? doc.show_grade_on_date : null}
                    viewer={viewer}
                    date={date}
                  />
                </div>
                <ButtonLink
                  to={`/student/course/${course.id}/document/${doc.id}`}
                  variant={state.kind === 'submitted' || state.kind === 'pastDue' ? 'outline' : 'primary'}
                  size="sm"
                  className={styles.open}
                  aria-label={t('workspace.list.openLabel', { title: doc.title })}
                >
                  {t('workspace.list.open')}
                </ButtonLink>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function StateDetail({
  state,
  showGradeOn,
  viewer,
  date,
}: {
  state: DocumentState;
  showGradeOn: number | null;
  viewer: Viewer;
  date: (epoch: number) => string;
}) {
  const { t } = useTranslation();
  if (state.kind === 'inProgress' && state.savedAt !== null)
    return <span className={styles.detail}>{t('workspace.list.savedAt', { date: date(state.savedAt) })}</span>;
  if (state.kind !== 'submitted') return null;
  const { submission } = state;
  if (submission.grade_hidden) {
    return (
      <span className={styles.detail}>
        {showGradeOn !== null ? t('workspace.list.gradeOn', { date: date(showGradeOn) }) : t('workspace.list.gradeLater')}
      </span>
    );
  }
  return (
    <span className={styles.grade}>
      <strong>{formatScore(submission, viewer.language)}</strong>
      <span>{formatPercent(submission, viewer.language)}</span>
      <span>{formatLetter(submission)}</span>
    </span>
  );
}

/** Now in epoch seconds; every 15 s while a timed document's clock runs, so its minutes left count down. */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now() / 1000);
  useEffect(() => {
    if (!ticking) return;
    const timer = window.setInterval(() => setNow(Date.now() / 1000), 15_000);
    return () => window.clearInterval(timer);
  }, [ticking]);
  return now;
}
