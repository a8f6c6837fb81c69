import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, ok, type Reply } from '../../../testing/fake-api.ts';
import { boardApi, course, post, renderInCourse, thread } from '../test-data.tsx';
import { DiscussionThreadPage } from './thread-page.tsx';

const PATH = '/course/3/discussion/5';

function threadApi(payload: unknown, onWrite: (call: Call) => Reply = () => ok({})) {
  return boardApi((call) => {
    if (call.method === 'GET' && call.url === '/api/threads/5') return ok(payload);
    if (call.method === 'GET' && call.url === '/api/courses/3/discussion/unread-count') return ok({ unread: 0 });
    if (call.method === 'GET' && call.url.startsWith('/api/courses/3/threads')) return ok({ threads: [], next_cursor: null, can: {} });
    return onWrite(call);
  });
}

describe('thread page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows bodies as text, never as markup, and deleted posts as placeholders', async () => {
    const attack = '<script>alert(1)</script>\n<img src=x onerror=alert(2)>';
    threadApi({
      thread: thread({ body: attack, reply_count: 2 }),
      posts: {
        posts: [post({ body: '<b>bold?</b>' }), post({ id: 12, body: null, deleted: true })],
        next_cursor: null,
      },
    });
    renderInCourse(<DiscussionThreadPage />, course('ta'), 'discussion/:threadId', PATH);

    const body = await screen.findByText((_, element) => element?.textContent === attack && element.tagName === 'DIV');
    expect(body.querySelector('script, img')).toBeNull();
    expect(document.querySelector('script, img, b')).toBeNull();
    expect(screen.getByText('<b>bold?</b>')).toBeTruthy();
    expect(screen.getByText('This post was deleted.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '2 Replies' })).toBeTruthy();
    expect(screen.getAllByText('Instructor')).toHaveLength(2);
  });

  it('lets the author reply and edit; moderation stays hidden from students', async () => {
    const writes: Call[] = [];
    threadApi(
      {
        thread: thread(),
        posts: {
          posts: [post({ id: 13, author: { ...post().author, role: 'student', id: 7 }, can: { edit: true, delete: true } })],
          next_cursor: null,
        },
      },
      (call) => {
        writes.push(call);
        return ok(post());
      },
    );
    renderInCourse(<DiscussionThreadPage />, course('student'), 'discussion/:threadId', PATH);
    const user = userEvent.setup();

    await screen.findByRole('heading', { name: 'Parallel fifths in bar 3?' });
    expect(screen.queryByRole('button', { name: 'Pin' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Lock' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Post Reply' }));
    expect(await screen.findByText('Message is required.')).toBeTruthy();
    await user.type(screen.getByLabelText('Your reply'), 'Thanks!{Enter}Second line');
    await user.click(screen.getByRole('button', { name: 'Post Reply' }));
    await waitFor(() =>
      expect(writes).toContainEqual({ method: 'POST', url: '/api/threads/5/posts', body: { body: 'Thanks!\nSecond line' } }),
    );
    expect(await screen.findByText('Reply posted.')).toBeTruthy();

    const mine = screen.getAllByRole('listitem').find((li) => li.getAttribute('data-post-id') === '13');
    if (!mine) throw new Error('post 13 is not shown');
    await user.click(within(mine).getByRole('button', { name: 'Edit' }));
    const box = within(mine).getByLabelText('Edit your reply');
    await user.clear(box);
    await user.type(box, 'Changed.');
    await user.click(within(mine).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toContainEqual({ method: 'PUT', url: '/api/posts/13', body: { body: 'Changed.' } }));
  });

  it('gives instructors and TAs pin, lock and delete with a confirmation', async () => {
    const writes: Call[] = [];
    threadApi(
      {
        thread: thread({ author: { ...thread().author, id: 9 }, can: { edit: false, delete: true, reply: true, moderate: true } }),
        posts: { posts: [post({ id: 14, can: { edit: false, delete: true } })], next_cursor: null },
      },
      (call) => {
        writes.push(call);
        return ok(call.url.startsWith('/api/posts') ? post({ deleted: true, body: null }) : thread());
      },
    );
    const router = renderInCourse(<DiscussionThreadPage />, course('instructor'), 'discussion/:threadId', PATH);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(writes).toContainEqual({ method: 'PUT', url: '/api/threads/5', body: { pinned: true } }));
    await user.click(screen.getByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(writes).toContainEqual({ method: 'PUT', url: '/api/threads/5', body: { locked: true } }));

    const reply = screen.getAllByRole('listitem').find((li) => li.getAttribute('data-post-id') === '14');
    if (!reply) throw new Error('post 14 is not shown');
    await user.click(within(reply).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Reply' });
    expect(writes.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes).toContainEqual({ method: 'DELETE', url: '/api/posts/14', body: undefined }));

    await user.click(screen.getByRole('button', { name: 'Delete Thread' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Thread' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/course/3/discussion'));
    expect(writes).toContainEqual({ method: 'DELETE', url: '/api/threads/5', body: undefined });
  });

  it('says so when the thread is locked or gone', async () => {
    threadApi({
      thread: thread({ locked: true, can: { edit: false, delete: false, reply: false, moderate: false } }),
      posts: { posts: [], next_cursor: null },
    });
    renderInCourse(<DiscussionThreadPage />, course('student'), 'discussion/:threadId', PATH);
    expect(await screen.findByText('This thread is locked. It takes no new replies.')).toBeTruthy();
    expect(screen.getByText('Locked')).toBeTruthy();
    expect(screen.queryByLabelText('Your reply')).toBeNull();
    vi.unstubAllGlobals();
  });

  it('shows the server’s message for a thread that does not exist', async () => {
    boardApi(() => ({
      status: 404,
      body: { errors: [{ code: 'not_found', message: 'This thread does not exist or you are not a member of its course.' }] },
    }));
    renderInCourse(<DiscussionThreadPage />, course('student'), 'discussion/:threadId', PATH);
    expect(await screen.findByText('This thread does not exist or you are not a member of its course.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All threads' }).getAttribute('href')).toBe('/student/course/3/discussion');
  });
});
