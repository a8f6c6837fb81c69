import type { Course } from '@app/contract/courses';
import type { LtiContext } from '@app/contract/lti';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUser } from '../../../testing/factories.ts';
import { fail, fakeApi, ok } from '../../../testing/fake-api.ts';
import { renderRoutes } from '../../../testing/render.tsx';
import { openDeepLinkPicker } from '../deep-link-address.ts';
import { LinkCoursePage } from './link-course-page.tsx';

vi.mock('../deep-link-address.ts', async (original) => ({
  ...(await original<typeof import('../deep-link-address.ts')>()),
  openDeepLinkPicker: vi.fn(),
}));

const context: LtiContext = { id: 4, title: 'Music Theory I', course_id: null, role: 'instructor' };
// The page reads only the id and title of the caller's courses.
const course = (id: number, title: string) => ({ id, title }) as Course;

function renderPage(
  answers: { context?: ReturnType<typeof ok>; link?: ReturnType<typeof ok>; create?: ReturnType<typeof ok> },
  courses: Course[],
  address = '/lti/link-course/4',
) {
  const calls = fakeApi((call) => {
    if (call.url === '/api/users') return ok(currentUser({ course_instructors: courses }));
    if (call.method === 'GET' && call.url === '/api/lti/contexts/4') return answers.context ?? ok(context);
    if (call.method === 'POST' && call.url === '/api/lti/contexts/4/link') return answers.link;
    if (call.method === 'POST' && call.url === '/api/lti/contexts/4/course') return answers.create;
    return undefined;
  });
  const view = renderRoutes(
    [
      { path: '/lti/link-course/:contextId', element: <LinkCoursePage /> },
      { path: '/course/:courseId', element: <p>course page</p> },
    ],
    address,
  );
  return { calls, router: view.router };
}

describe('/lti/link-course/{id}', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('links the LMS course to the chosen course and opens it', async () => {
    const { calls, router } = renderPage({ link: ok({ ...context, course_id: 8 }) }, [course(7, 'Harmony I'), course(8, 'Harmony II')]);
    expect(await screen.findByText(/"Music Theory I" in your LMS is not linked/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your course'), { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link course' }));
    expect(await screen.findByText('course page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/course/8');
    expect(calls.to('POST', '/api/lti/contexts/4/link').map((c) => c.body)).toEqual([{ course_id: 8 }]);
  });

  it('creates a course named after the LMS course when the instructor has none', async () => {
    const { calls, router } = renderPage({ create: ok({ ...context, course_id: 9 }, 201) }, []);
    expect(await screen.findByText('You have no courses here yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create a new course "Music Theory I"' }));
    expect(await screen.findByText('course page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/course/9');
    expect(calls.to('POST', '/api/lti/contexts/4/course')).toHaveLength(1);
  });

  it('says so when another instructor linked it first, and when the LMS course is unknown', async () => {
    renderPage({ link: fail(409, 'This LMS course is linked already.', 'conflict') }, [course(7, 'Harmony I')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Link course' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This LMS course is linked already. Open the tool from your LMS again.');
    vi.unstubAllGlobals();
    cleanup();
    renderPage({ context: fail(404, 'This LMS course does not exist.', 'not_found') }, []);
    expect((await screen.findByRole('alert')).textContent).toBe('This LMS course was not found. Open the tool from your LMS again.');
  });

  it('tells a learner only instructors link it, and shows a linked course', async () => {
    renderPage({ context: ok({ ...context, role: 'student' }) }, []);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only an instructor of "Music Theory I" in the LMS can link it to a course here.',
    );
    vi.unstubAllGlobals();
    cleanup();
    renderPage({ context: ok({ ...context, course_id: 7 }) }, []);
    expect((await screen.findByRole('link', { name: 'Go to the course' })).getAttribute('href')).toBe('/course/7');
  });

  it('opens the content selection it was launched for once the course is linked (a deep-linking first launch, issue 37)', async () => {
    const { calls, router } = renderPage(
      { create: ok({ ...context, course_id: 9 }, 201) },
      [],
      '/lti/link-course/4?deep_link=key-1&multiple=1',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Create a new course "Music Theory I"' }));
    await vi.waitFor(() => expect(openDeepLinkPicker).toHaveBeenCalledWith('/lti/deep-link/key-1?course=9&multiple=1'));
    expect(calls.to('POST', '/api/lti/contexts/4/course')).toHaveLength(1);
    // The picker opens as a page of its own; the course page is not shown meanwhile.
    expect(router.state.location.pathname).toBe('/lti/link-course/4');
    vi.unstubAllGlobals();
    cleanup();
    // Linked already (the page opened again): the way on is the picker, as a link that loads its page.
    renderPage({ context: ok({ ...context, course_id: 7 }) }, [], '/lti/link-course/4?deep_link=key-2');
    const link = await screen.findByRole('link', { name: 'Choose what to add to the LMS' });
    expect(link.getAttribute('href')).toBe('/lti/deep-link/key-2?course=7');
  });
});
