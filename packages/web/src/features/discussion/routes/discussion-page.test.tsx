import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, ok, type Reply } from '../../../testing/fake-api.ts';
import { boardApi, course, renderInCourse, summary, thread } from '../test-data.tsx';
import { DiscussionPage } from './discussion-page.tsx';

const CAN = { create: true, moderate: false };

describe('discussion board', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists threads as the server orders them, with their marks, and loads more on request', async () => {
    boardApi((call): Reply => {
      if (call.url === '/api/courses/3/threads')
        return ok({
          threads: [
            summary({ id: 1, title: 'Read this first', pinned: true }),
            summary({ id: 2, title: 'Cadences', unread: true, reply_count: 1 }),
          ],
          next_cursor: 'abc',
          can: CAN,
        });
      if (call.url === '/api/courses/3/threads?cursor=abc')
        return ok({ threads: [summary({ id: 3, title: 'Older', locked: true })], next_cursor: null, can: CAN });
      return ok({});
    });
    renderInCourse(<DiscussionPage />, course('instructor'), 'discussion', '/course/3/discussion');
    const user = userEvent.setup();

    await screen.findByRole('link', { name: 'Read this first' });
    const titles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles()).toEqual(['PinnedRead this first', 'CadencesNew']);
    expect(screen.getByText('1 reply')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cadences' }).getAttribute('href')).toBe('/course/3/discussion/2');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Older' })).toBeTruthy();
    expect(screen.getByText('Locked')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('starts a thread after checking title and message, then opens it', async () => {
    const writes: Call[] = [];
    boardApi((call) => {
      if (call.method === 'POST') {
        writes.push(call);
        return { status: 201, body: { data: thread({ id: 8 }) } };
      }
      return ok({ threads: [], next_cursor: null, can: CAN });
    });
    const router = renderInCourse(<DiscussionPage />, course('ta'), 'discussion', '/course/3/discussion');
    const user = userEvent.setup();

    expect(await screen.findByText('No threads yet. Start the first one with New Thread.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New Thread' }));
    await user.click(screen.getByRole('button', { name: 'Post Thread' }));
    expect(await screen.findByText('Title is required.')).toBeTruthy();
    expect(screen.getByText('Message is required.')).toBeTruthy();
    await user.type(screen.getByLabelText('Title'), 'Voice leading');
    await user.type(screen.getByLabelText('Message'), 'Line one{Enter}Line two');
    await user.click(screen.getByRole('button', { name: 'Post Thread' }));
    await waitFor(() =>
      expect(writes).toEqual([
        { method: 'POST', url: '/api/courses/3/threads', body: { title: 'Voice leading', body: 'Line one\nLine two' } },
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/course/3/discussion/8'));
  });

  it('is read only for students of an ended course', async () => {
    boardApi(() => ok({ threads: [], next_cursor: null, can: { create: false, moderate: false } }));
    renderInCourse(<DiscussionPage />, course('student', 'ENDED'), 'discussion', '/course/3/discussion');
    expect(await screen.findByText('This course has ended. Its discussion is read only.')).toBeTruthy();
    expect(screen.getByText('No threads were started in this course.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New Thread' })).toBeNull();
  });
});
