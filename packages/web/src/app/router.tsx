import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/ui/loading-screen.tsx';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { AuthLayout } from './layout/auth-layout.tsx';
import { prefetchSignedIn } from './prefetch.ts';
import { Root } from './root.tsx';
import { ErrorPage } from './routes/error-page.tsx';

/** Code split per route: each screen is its own chunk, loaded on first visit. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject['lazy'] {
  return async () => ({ Component: pick(await load()) });
}

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

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Root,
    ErrorBoundary: ErrorPage,
    HydrateFallback: LoadingScreen,
    children: [
      {
        Component: AuthLayout,
        children: [
          {
            path: 'sign-in',
            lazy: page(
              () => import('../features/auth/routes/sign-in.tsx'),
              (m) => m.SignInPage,
            ),
          },
          {
            path: 'sign-up',
            lazy: page(
              () => import('../features/auth/routes/sign-up.tsx'),
              (m) => m.SignUpPage,
            ),
          },
          {
            path: 'sign-up/confirmation',
            lazy: page(
              () => import('../features/auth/routes/sign-up-confirmation.tsx'),
              (m) => m.SignUpConfirmationPage,
            ),
          },
          {
            path: 'reset-password',
            lazy: page(
              () => import('../features/auth/routes/reset-password.tsx'),
              (m) => m.ResetPasswordPage,
            ),
          },
          {
            path: 'create-password',
            lazy: page(
              () => import('../features/auth/routes/password.tsx'),
              (m) => m.CreatePasswordPage,
            ),
          },
          {
            path: 'sign-out',
            lazy: page(
              () => import('../features/auth/routes/sign-out.tsx'),
              (m) => m.SignOutPage,
            ),
          },
          {
            path: 'confirm-email',
            lazy: page(
              () => import('../features/users/routes/confirm-email.tsx'),
              (m) => m.ConfirmEmailPage,
            ),
          },
        ],
      },
      {
        // Lazy too: a signed-out page does not download the sidebar and its course menu.
        lazy: page(
          () => import('./layout/app-layout.tsx'),
          (m) => m.AppLayout,
        ),
        loader: prefetchSignedIn,
        children: [
          {
            index: true,
            lazy: page(
              () => import('./routes/dashboard.tsx'),
              (m) => m.DashboardPage,
            ),
          },
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
          {
            path: '*',
            lazy: page(
              () => import('./routes/not-found.tsx'),
              (m) => m.NotFoundPage,
            ),
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

// A 401 from any call lands on sign-in through the router, keeping the page state machine intact.
setUnauthorizedHandler((url) => {
  void router.navigate(url, { replace: true });
});
