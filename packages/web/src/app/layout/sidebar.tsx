import { UserType } from '@app/contract/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import {
  AssignmentsIcon,
  CoursesIcon,
  DiscussionIcon,
  GradeBookIcon,
  InfoIcon,
  LibraryIcon,
  MediaIcon,
  PeopleIcon,
  ProfileIcon,
  SignOutIcon,
} from '../../components/ui/icons.tsx';
import { type CourseMenuItem, useCourseMenu } from '../../features/courses/components/course-menu.ts';
import { DiscussionUnreadBadge } from '../../features/discussion/components/unread-badge.tsx';
import { useCurrentUser } from '../../lib/auth.ts';
import { ExternalLinks } from './external-links.tsx';
import styles from './sidebar.module.css';

const COURSE_MENU_ICONS: Record<CourseMenuItem['key'], ReactNode> = {
  assignments: <AssignmentsIcon />,
  info: <InfoIcon />,
  people: <PeopleIcon />,
  gradeBook: <GradeBookIcon />,
  discussion: <DiscussionIcon />,
};

interface MenuItem {
  to: string;
  label: string;
  icon: ReactNode;
  end?: boolean;
}

export interface SidebarProps {
  id: string;
  /** Only matters below 768px, where the sidebar is an overlay drawer. */
  open: boolean;
}

/** The dashboard menu of spec §2; library entries only for instructors. */
export function Sidebar({ id, open }: SidebarProps) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const isInstructor = user?.user_type === UserType.instructor;
  const courseMenu = useCourseMenu();

  const items: MenuItem[] = [
    { to: '/', label: t('nav.courses'), icon: <CoursesIcon />, end: true },
    ...(isInstructor
      ? [
          { to: '/content-library', label: t('nav.contentLibrary'), icon: <LibraryIcon /> },
          { to: '/media-library', label: t('nav.mediaLibrary'), icon: <MediaIcon /> },
        ]
      : []),
    { to: '/my-profile', label: t('nav.myProfile'), icon: <ProfileIcon /> },
    { to: '/sign-out', label: t('nav.signOut'), icon: <SignOutIcon /> },
  ];

  return (
    <aside id={id} className={`${styles.sidebar} ${open ? styles.open : ''}`}>
      {courseMenu ? (
        <nav aria-label={t('courses.nav.label')} className={styles.courseMenu}>
          <p className={styles.courseTitle}>{courseMenu.title ?? t('app.loading')}</p>
          <ul className={styles.menu}>
            {courseMenu.items.map((item) => (
              <li key={item.key}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) => `${styles.item} ${isActive || item.active ? styles.active : ''}`}
                >
                  {COURSE_MENU_ICONS[item.key]}
                  <span>{item.label}</span>
                  {item.key === 'discussion' ? <DiscussionUnreadBadge courseId={courseMenu.courseId} /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <nav aria-label={t('nav.label')}>
        <ul className={styles.menu}>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className={({ isActive }) => `${styles.item} ${isActive ? styles.active : ''}`}>
                {item.icon}
                <span>{item.label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.mobileLinks}>
        <ExternalLinks className={styles.externalList} linkClassName={styles.externalLink} />
      </div>
    </aside>
  );
}
