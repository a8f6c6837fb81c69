import { useTranslation } from 'react-i18next';
import type { Viewer } from '../../features/workspace/components/exercise-workspace.tsx';
import { StudentAssignmentsPage } from '../../features/workspace/routes/student-assignments-page.tsx';
import { WorkspacePage } from '../../features/workspace/routes/workspace-page.tsx';
import { currentLanguage } from '../../i18n/index.ts';
import { useCurrentUser } from '../../lib/auth.ts';
import { displayTimeZone } from '../../lib/date-time-input.ts';

/*
 * The workspace feature needs who is signed in (their id keeps the offline copy of answers apart
 * per account; dates show in their profile's time zone). Features do not import each other, so
 * the users feature's current user is handed in here.
 */
function useViewer(): Viewer | undefined {
  useTranslation(); // re-render on a language change
  const { data: user } = useCurrentUser();
  return user ? { id: user.id, timeZone: displayTimeZone(user.timezone_name), language: currentLanguage() } : undefined;
}

/** `/student/course/{courseId}/assignments` */
export function StudentAssignmentsRoute() {
  return <StudentAssignmentsPage viewer={useViewer()} />;
}

/** `/student/course/{courseId}/document/{documentId}` */
export function StudentWorkspaceRoute() {
  return <WorkspacePage viewer={useViewer()} />;
}
