import type { Course } from '@app/contract/courses';
import type { StartedWorkspace, Workspace } from '@app/contract/workspace';
import { useTranslation } from 'react-i18next';
import { Link, useOutletContext, useParams } from 'react-router';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { apiErrorMessages } from '../../../lib/api-errors.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useWorkspace } from '../api/get-workspace.ts';
import { ExerciseWorkspace, type Viewer } from '../components/exercise-workspace.tsx';
import { TimedStart } from '../components/timed-start.tsx';
import { PartWritingWorkspace } from '../part-writing/part-writing-workspace.tsx';

/** Every workspace shows its score, except a timed document's before its Start. */
const isStarted = (workspace: Workspace): workspace is StartedWorkspace => workspace.score !== null;

/** /student/course/{courseId}/document/{documentId}: a student does one exercise in the browser. */
export function WorkspacePage({ viewer }: { viewer: Viewer | undefined }) {
  const { t } = useTranslation();
  const course = useOutletContext<Course>();
  const documentId = Number(useParams().documentId);
  const query = useWorkspace(documentId);
  usePageTitle(query.data?.document.title ?? t('workspace.list.title'));
  const assignmentsPath = `/student/course/${course.id}/assignments`;

  if (query.error || !Number.isInteger(documentId)) {
    const gone = !query.error || query.error.status === 404 || query.error.status === 403;
    return (
      <section>
        <Notice severity="error">
          {gone ? <p>{t('workspace.page.notFound')}</p> : apiErrorMessages(query.error).map((message) => <p key={message}>{message}</p>)}
        </Notice>
        <Link to={assignmentsPath}>{t('workspace.page.back')}</Link>
      </section>
    );
  }
  if (!query.data || !viewer) return <LoadingScreen />;
  const { part_writing } = query.data;
  // A part-writing document (issue 27): chords and voices to write, no score to label.
  if (part_writing && part_writing.chords.length > 0) {
    return (
      <PartWritingWorkspace
        key={query.data.document.id}
        workspace={{ ...query.data, part_writing }}
        receivedAt={query.dataUpdatedAt}
        viewer={viewer}
        courseTitle={course.title}
        assignmentsPath={assignmentsPath}
        submissionPath={(id) => `/student/course/${course.id}/submission/${id}`}
      />
    );
  }
  if (!isStarted(query.data)) {
    return <TimedStart workspace={query.data} viewer={viewer} courseTitle={course.title} assignmentsPath={assignmentsPath} />;
  }
  return (
    <ExerciseWorkspace
      key={query.data.document.id}
      workspace={query.data}
      receivedAt={query.dataUpdatedAt}
      viewer={viewer}
      courseTitle={course.title}
      assignmentsPath={assignmentsPath}
      submissionPath={(id) => `/student/course/${course.id}/submission/${id}`}
    />
  );
}
