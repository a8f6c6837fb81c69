import { ActiveCoursesPage, ArchivedCoursesPage } from '../../features/courses/routes/dashboard.tsx';
import { DashboardPeoplePanel } from '../../features/people/components/dashboard-people-panel.tsx';

/*
 * The dashboard screens (spec §2) are made of two features that do not import each other: the
 * course lists and tabs (courses), and above the tabs the enrollment requests with 'Join A Course'
 * and the invitations (people). The same panel shows on both tabs, so the tabs stay in place.
 */

/** `/` */
export function DashboardPage() {
  return <ActiveCoursesPage aboveTabs={<DashboardPeoplePanel />} />;
}

/** `/archived-courses` */
export function ArchivedDashboardPage() {
  return <ArchivedCoursesPage aboveTabs={<DashboardPeoplePanel />} />;
}
