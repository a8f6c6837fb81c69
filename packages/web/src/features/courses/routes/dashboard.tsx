import { UserType } from '@app/contract/constants';
import { COURSE_ROLES } from '@app/contract/course-constants';
import type { Course } from '@app/contract/courses';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ArrowsIcon, PlusIcon } from '../../../components/ui/icons.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { currentLanguage } from '../../../i18n/index.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { displayTimeZone } from '../../../lib/date-time-input.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCreateCourse } from '../api/create-course.ts';
import { COURSE_LIST_BY_ROLE, useReorderCourses } from '../api/reorder-courses.ts';
import { SortableCourseList } from '../components/sortable-course-list.tsx';
import { courseSettingsPath } from '../course-paths.ts';
import styles from './dashboard.module.css';

const ids = (courses: readonly Course[]) => courses.map((course) => course.id);

/**
 * What other features show on the dashboard: `aboveTabs` sits between the header and the tabs
 * (the people feature's enrollment requests and invitations; app/routes/dashboard.tsx composes them).
 */
export interface DashboardSlots {
  aboveTabs?: ReactNode;
}

/** `/`: the courses the user has not archived. */
export function ActiveCoursesPage({ aboveTabs }: DashboardSlots) {
  return <CoursesDashboard archived={false} aboveTabs={aboveTabs} />;
}

/** `/archived-courses`: the courses the user archived (each person archives their own view). */
export function ArchivedCoursesPage({ aboveTabs }: DashboardSlots) {
  return <CoursesDashboard archived aboveTabs={aboveTabs} />;
}

/** The dashboard of spec §2: header, tabs, one reorderable group per role. */
function CoursesDashboard({ archived, aboveTabs }: { archived: boolean } & DashboardSlots) {
  const { t } = useTranslation();
  usePageTitle(archived ? t('courses.tabs.archived') : t('dashboard.title'));
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const createCourse = useCreateCourse();
  const reorder = useReorderCourses();
  if (!user) return <LoadingScreen />;

  const timeZone = displayTimeZone(user.timezone_name);
  const language = currentLanguage();
  const groups = COURSE_ROLES.map((role) => ({ role, all: user[COURSE_LIST_BY_ROLE[role]] }))
    .map((group) => ({ ...group, shown: group.all.filter((course) => course.archived === archived) }))
    .filter((group) => group.shown.length > 0);

  const create = () => {
    void createCourse
      .mutateAsync({ title: t('courses.defaultTitle') })
      .then((course) => navigate(courseSettingsPath(course.id, 'course_created')))
      .catch(() => undefined);
  };

  return (
    <section>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{t('dashboard.title')}</h1>
          <p className={styles.lead}>{t('dashboard.welcome', { name: user.first_name })}</p>
        </div>
        {user.user_type === UserType.instructor ? (
          <Button onClick={create} loading={createCourse.isPending}>
            <PlusIcon />
            {t('courses.createNew')}
          </Button>
        ) : null}
      </header>

      {aboveTabs}

      <nav className={styles.tabs} aria-label={t('courses.tabs.label')}>
        <NavLink to="/" end className={({ isActive }) => `${styles.tab} ${isActive ? styles.activeTab : ''}`}>
          {t('courses.tabs.active')}
        </NavLink>
        <NavLink to="/archived-courses" className={({ isActive }) => `${styles.tab} ${isActive ? styles.activeTab : ''}`}>
          {t('courses.tabs.archived')}
        </NavLink>
      </nav>

      {groups.length === 0 ? (
        <div className={styles.empty}>
          <p>{archived ? t('courses.emptyArchived') : t('dashboard.empty')}</p>
        </div>
      ) : (
        <>
          {groups.some((group) => group.shown.length > 1) ? (
            <p className={styles.hint}>
              <ArrowsIcon width="16" height="16" />
              {t('courses.reorderHint')}
            </p>
          ) : null}
          {groups.map(({ role, all, shown }) => (
            <section key={role} className={styles.group} aria-labelledby={`courses-${role}`}>
              <h2 id={`courses-${role}`} className={styles.groupTitle}>
                {t(`courses.groups.${role}`)}
                <span className={styles.count}>{shown.length}</span>
              </h2>
              <SortableCourseList
                role={role}
                courses={shown}
                timeZone={timeZone}
                language={language}
                onReorder={(order) => {
                  // The weight call takes the role's full lists; the other tab's list keeps its order.
                  const others = ids(all.filter((course) => course.archived !== archived));
                  reorder.mutate({ role, active: archived ? others : order, archived: archived ? order : others });
                }}
              />
            </section>
          ))}
        </>
      )}
    </section>
  );
}
