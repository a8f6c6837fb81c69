import { ActiveCoursesPage, ArchivedCoursesPage } from '../../features/courses/routes/dashboard.tsx';
import { DueSoonPanel } from '../../features/due-soon/components/due-soon-panel.tsx';
import { DashboardPeoplePanel } from '../../features/people/components/dashboard-people-panel.tsx';

/*
 * The dashboard screens (spec §2) are made of two features that do not import each other: the
 * course lists and tabs (courses), and above the tabs the enrollment requests with 'Join A Course'
 * and the invitations (people). The same panel shows on both tabs, so the tabs stay in place.
 * The active tab starts with a student's "Due soon" list (due-soon, issue 30): what is due comes first.
 */

/** `/` */
export function DashboardPage() {
  return (
    <ActiveCoursesPage
      aboveTabs={
        <>
          <DueSoonPanel />
          <DashboardPeoplePanel />
        </>
      }
    />
  );
}

/** `/archived-courses` */
export function ArchivedDashboardPage() {
  return <ArchivedCoursesPage aboveTabs={<DashboardPeoplePanel />} />;
}
