import type { RouteObject } from 'react-router';
import { page } from './lazy-route.ts';

/*
 * The signed-in screens' routes (children of the signed-in layout in router.tsx). They are not part
 * of the first load: the router adds them on the first navigation into the signed-in layout
 * (patchRoutesOnNavigation), so a signed-out page does not carry some forty routes and the preload
 * lists of their chunks (issue 15, decision 026). Code split per route, as before.
 */

/**
 * The screens the instructor's course tree (/course/:courseId) and the student's
 * (/student/course/:courseId) both show, each in its own layout: the board, a thread, a submission.
 */
function sharedCourseScreens(): RouteObject[] {
  return [
    {
      path: 'discussion',
      lazy: page(
        () => import('../features/discussion/routes/discussion-page.tsx'),
        (m) => m.DiscussionPage,
      ),
    },
    {
      path: 'discussion/:threadId',
      lazy: page(
        () => import('../features/discussion/routes/thread-page.tsx'),
        (m) => m.DiscussionThreadPage,
      ),
    },
    {
      path: 'submission/:submissionId',
      lazy: page(
        () => import('../features/submissions/routes/submission-page.tsx'),
        (m) => m.SubmissionPage,
      ),
    },
  ];
}

/**
 * The signed-in layout's children, except the two router.tsx keeps: the dashboard (the index, so /
 * needs nothing more) and the not-found catch-all (it catches the paths that bring these in).
 */
export const signedInRoutes: RouteObject[] = [
  {
    path: 'archived-courses',
    lazy: page(
      () => import('./routes/dashboard.tsx'),
      (m) => m.ArchivedDashboardPage,
    ),
  },
  {
    path: 'course/:courseId',
    lazy: page(
      () => import('../features/courses/routes/course-layout.tsx'),
      (m) => m.TeacherCourseLayout,
    ),
    children: [
      {
        index: true,
        lazy: page(
          () => import('../features/assignments/routes/assignment-sets-page.tsx'),
          (m) => m.AssignmentSetsPage,
        ),
      },
      {
        path: 'assignment/:assignmentId',
        lazy: page(
          () => import('./routes/assignment-editor.tsx'),
          (m) => m.AssignmentEditorRoute,
        ),
      },
      {
        path: 'info',
        lazy: page(
          () => import('../features/courses/routes/course-info.tsx'),
          (m) => m.CourseInfoPage,
        ),
      },
      {
        path: 'settings',
        lazy: page(
          () => import('../features/courses/routes/course-settings.tsx'),
          (m) => m.CourseSettingsPage,
        ),
      },
      {
        path: 'people',
        lazy: page(
          () => import('../features/people/routes/people-page.tsx'),
          (m) => m.PeoplePage,
        ),
      },
      {
        path: 'grade-book',
        // Its module arrives with the grade book, not with every page (prefetch-grade-book.ts).
        loader: async (args) => (await import('./prefetch-grade-book.ts')).prefetchGradeBook(args),
        lazy: page(
          () => import('../features/gradebook/routes/grade-book-page.tsx'),
          (m) => m.GradeBookPage,
        ),
        children: [
          {
            index: true,
            lazy: page(
              () => import('../features/gradebook/routes/grade-book-overview.tsx'),
              (m) => m.GradeBookOverview,
            ),
          },
          {
            path: 'student',
            lazy: page(
              () => import('../features/gradebook/routes/grade-book-by-student.tsx'),
              (m) => m.GradeBookByStudent,
            ),
          },
          {
            path: 'assignment',
            lazy: page(
              () => import('../features/gradebook/routes/grade-book-by-assignment.tsx'),
              (m) => m.GradeBookByAssignment,
            ),
          },
        ],
      },
      ...sharedCourseScreens(),
    ],
  },
  {
    path: 'student/course/:courseId',
    lazy: page(
      () => import('../features/courses/routes/course-layout.tsx'),
      (m) => m.StudentCourseLayout,
    ),
    children: [
      {
        index: true,
        lazy: page(
          () => import('../features/gradebook/routes/student-grade-book.tsx'),
          (m) => m.StudentGradeBookPage,
        ),
      },
      {
        path: 'info',
        lazy: page(
          () => import('./routes/course-info.tsx'),
          (m) => m.StudentCourseInfoRoute,
        ),
      },
      {
        path: 'assignments',
        lazy: page(
          () => import('./routes/student-workspace.tsx'),
          (m) => m.StudentAssignmentsRoute,
        ),
      },
      {
        path: 'document/:documentId',
        lazy: page(
          () => import('./routes/student-workspace.tsx'),
          (m) => m.StudentWorkspaceRoute,
        ),
      },
      // The spec names only /course/{id}/submission/{id}; students, whom that path turns away, see theirs here.
      ...sharedCourseScreens(),
    ],
  },
  {
    // Signed-out invitees go through sign-in (or sign-up) and come back here (lib/return-after-sign-up.ts).
    path: 'join/:invitationToken',
    lazy: page(
      () => import('../features/people/routes/join-course.tsx'),
      (m) => m.JoinCoursePage,
    ),
  },
  {
    // An LMS instructor's content selection (Deep Linking 2.0, issue 28).
    path: 'lti/deep-link/:key',
    lazy: page(
      () => import('../features/lti/routes/deep-link-page.tsx'),
      (m) => m.DeepLinkPage,
    ),
  },
  {
    // An LMS instructor's first launch of an LMS course not linked yet (issue 28).
    path: 'lti/link-course/:contextId',
    lazy: page(
      () => import('../features/lti/routes/link-course-page.tsx'),
      (m) => m.LinkCoursePage,
    ),
  },
  {
    path: 'my-profile',
    lazy: page(
      () => import('../features/users/routes/my-profile.tsx'),
      (m) => m.MyProfilePage,
    ),
  },
  {
    path: 'my-profile/edit',
    lazy: page(
      () => import('../features/users/routes/edit-profile.tsx'),
      (m) => m.EditProfilePage,
    ),
  },
  {
    path: 'request-teacher-account',
    lazy: page(
      () => import('../features/users/routes/request-teacher-account.tsx'),
      (m) => m.RequestTeacherAccountPage,
    ),
  },
  {
    path: 'change-password',
    lazy: page(
      () => import('../features/auth/routes/password.tsx'),
      (m) => m.ChangePasswordPage,
    ),
  },
  {
    path: 'content-library',
    lazy: page(
      () => import('./routes/content-library.tsx'),
      (m) => m.ContentLibraryRoute,
    ),
  },
  {
    path: 'media-library',
    lazy: page(
      () => import('../features/media/routes/media-library.tsx'),
      (m) => m.MediaLibraryPage,
    ),
  },
  {
    path: 'media-library/:id',
    lazy: page(
      () => import('../features/media/routes/media-collection.tsx'),
      (m) => m.MediaCollectionPage,
    ),
  },
  {
    path: 'dev',
    lazy: page(
      () => import('./routes/dev-playground.tsx'),
      (m) => m.DevPlaygroundPage,
    ),
  },
];
