import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, errorsOf, type TestClient, type TestContext } from '../../../test/helpers.ts';
import { insertMembership } from '../courses/repository.ts';
import { ensureAcademicTerm, ensureSchool } from '../reference/repository.ts';

type ThreadJson = {
  id: number;
  title: string;
  body: string;
  pinned: boolean;
  locked: boolean;
  unread: boolean;
  reply_count: number;
  author: { id: number; role: string | null };
  can: { edit: boolean; delete: boolean; reply: boolean; moderate: boolean };
};
type PostJson = { id: number; body: string | null; deleted: boolean; edited_at: number | null; can: { edit: boolean; delete: boolean } };

describe.each(dialects)('discussion board (%s)', (dialect) => {
  let t: TestContext;
  let instructor: TestClient;
  let ta: TestClient;
  let student: TestClient;
  let studentId: number;
  let classmate: TestClient;
  let outsider: TestClient;
  let anonymous: TestClient;
  let courseId: number;
  let otherCourseId: number;
  let endDate: number;

  const newCourse = async (client: TestClient) => {
    const schoolId = await ensureSchool(t.app.deps.db, 'Northfield University', t.clock.now());
    const termId = await ensureAcademicTerm(t.app.deps.db, 'Fall', 2);
    const course = (await client.post('/api/courses', { title: 'Harmony', school_id: schoolId, academic_term_id: termId })).json().data;
    if (course.start_date > t.clock.now()) t.clock.advance(course.start_date - t.clock.now());
    expect((await client.post(`/api/courses/${course.id}/activations`)).statusCode).toBe(200);
    return course as { id: number; end_date: number };
  };

  const join = (userId: number, role: 'ta' | 'student', course = courseId) =>
    insertMembership(t.app.deps.db, { courseId: course, userId, role, now: t.clock.now() });

  const startThread = async (client: TestClient, title = 'Parallel fifths in bar 3?', body = 'Are these allowed here?') => {
    const res = await client.post(`/api/courses/${courseId}/threads`, { title, body });
    expect(res.statusCode).toBe(201);
    return res.json().data as ThreadJson;
  };

  const reply = async (client: TestClient, threadId: number, body = 'Not in strict style.') => {
    const res = await client.post(`/api/threads/${threadId}/posts`, { body });
    expect(res.statusCode).toBe(201);
    return res.json().data as PostJson;
  };

  const unread = async (client: TestClient) => (await client.get(`/api/courses/${courseId}/discussion/unread-count`)).json().data.unread;

  beforeEach(async () => {
    t = await createTestApp(dialect, { SESSION_IDLE_SECONDS: '315360000', SESSION_MAX_SECONDS: '315360000' });
    ({ client: instructor } = await t.signedIn({ user_type: 2 }));
    const { id: taId, client: taClient } = await t.signedIn();
    ta = taClient;
    ({ client: student, id: studentId } = await t.signedIn());
    const { client: mate, id: mateId } = await t.signedIn();
    classmate = mate;
    const { client: other } = await t.signedIn({ user_type: 2 });
    outsider = other;
    anonymous = t.client();
    const course = await newCourse(instructor);
    courseId = course.id;
    endDate = course.end_date;
    otherCourseId = (await newCourse(outsider)).id;
    await join(taId, 'ta');
    await join(studentId, 'student');
    await join(mateId, 'student');
  });
  afterEach(async () => {
    await t.close();
  });

  describe('access', () => {
    it('asks for a session on every endpoint', async () => {
      const thread = await startThread(student);
      const post = await reply(ta, thread.id);
      const calls = [
        anonymous.get(`/api/courses/${courseId}/threads`),
        anonymous.post(`/api/courses/${courseId}/threads`, { title: 'x', body: 'y' }),
        anonymous.get(`/api/courses/${courseId}/discussion/unread-count`),
        anonymous.get('/api/discussion/unread-counts'),
        anonymous.get(`/api/threads/${thread.id}`),
        anonymous.put(`/api/threads/${thread.id}`, { pinned: true }),
        anonymous.delete(`/api/threads/${thread.id}`),
        anonymous.get(`/api/threads/${thread.id}/posts`),
        anonymous.post(`/api/threads/${thread.id}/posts`, { body: 'y' }),
        anonymous.put(`/api/posts/${post.id}`, { body: 'y' }),
        anonymous.delete(`/api/posts/${post.id}`),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
    });

    it('shows a course’s board to its members only: everyone else gets 404', async () => {
      const thread = await startThread(student);
      const post = await reply(ta, thread.id);
      const notFound = [
        outsider.get(`/api/courses/${courseId}/threads`),
        outsider.post(`/api/courses/${courseId}/threads`, { title: 'x', body: 'y' }),
        outsider.get(`/api/courses/${courseId}/discussion/unread-count`),
        outsider.get(`/api/threads/${thread.id}`),
        outsider.put(`/api/threads/${thread.id}`, { pinned: true }),
        outsider.delete(`/api/threads/${thread.id}`),
        outsider.get(`/api/threads/${thread.id}/posts`),
        outsider.post(`/api/threads/${thread.id}/posts`, { body: 'y' }),
        outsider.put(`/api/posts/${post.id}`, { body: 'y' }),
        outsider.delete(`/api/posts/${post.id}`),
        student.get(`/api/courses/${otherCourseId}/threads`),
        student.get('/api/threads/999999'),
        student.delete('/api/posts/999999'),
      ];
      for (const res of await Promise.all(notFound)) expect(res.statusCode).toBe(404);
      expect(errorsOf(await outsider.get(`/api/threads/${thread.id}`))[0]?.message).toBe(
        'This thread does not exist or you are not a member of its course.',
      );
      expect(errorsOf(await outsider.put(`/api/posts/${post.id}`, { body: 'y' }))[0]?.message).toBe(
        'This post does not exist or you are not a member of its course.',
      );
      expect(errorsOf(await student.get('/api/threads/abc'))[0]).toMatchObject({ field: 'id' });
      // Nothing changed behind the 404s.
      const fresh = (await instructor.get(`/api/threads/${thread.id}`)).json().data;
      expect(fresh.thread).toMatchObject({ pinned: false, reply_count: 1 });
      expect(fresh.posts.posts[0].body).toBe('Not in strict style.');
    });
  });

  describe('threads and posts', () => {
    it('a student starts a thread, the instructor answers; both see it in order with authors and roles', async () => {
      const thread = await startThread(student);
      expect(thread).toMatchObject({
        title: 'Parallel fifths in bar 3?',
        body: 'Are these allowed here?',
        pinned: false,
        locked: false,
        unread: false,
        reply_count: 0,
        author: { id: studentId, role: 'student' },
        can: { edit: true, delete: true, reply: true, moderate: false },
      });
      t.clock.advance(60);
      await reply(instructor, thread.id, 'Good question.\nNot here: see the voice-leading rules.');
      const opened = (await student.get(`/api/threads/${thread.id}`)).json().data;
      expect(opened.thread).toMatchObject({ reply_count: 1, can: { delete: false } });
      expect(opened.thread.last_activity_at).toBe(opened.thread.created_at + 60);
      expect(opened.posts.posts).toHaveLength(1);
      expect(opened.posts.posts[0]).toMatchObject({
        body: 'Good question.\nNot here: see the voice-leading rules.',
        deleted: false,
        author: { role: 'instructor' },
        can: { edit: false, delete: false },
      });
      expect(opened.posts.next_cursor).toBeNull();
      const board = (await classmate.get(`/api/courses/${courseId}/threads`)).json().data;
      expect(board.threads.map((th: ThreadJson) => th.id)).toEqual([thread.id]);
      expect(board.can).toEqual({ create: true, moderate: false });
      expect((await ta.get(`/api/courses/${courseId}/threads`)).json().data.can).toEqual({ create: true, moderate: true });
    });

    it('stores a <script> body verbatim and returns it as text', async () => {
      const attack = '<script>alert(1)</script>';
      const thread = await startThread(student, `<img src=x onerror=alert(1)> ${attack}`, attack);
      const post = await reply(classmate, thread.id, `${attack}\n<b>bold?</b>`);
      const row = await t.app.deps.db.selectFrom('threads').select(['title', 'body']).where('id', '=', thread.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ title: `<img src=x onerror=alert(1)> ${attack}`, body: attack });
      const res = await instructor.get(`/api/threads/${thread.id}`);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().data.thread.body).toBe(attack);
      expect(res.json().data.posts.posts[0].body).toBe(`${attack}\n<b>bold?</b>`);
      expect(post.body).toBe(`${attack}\n<b>bold?</b>`);
    });

    it('limits titles to 200 and bodies to 10,000 characters, with clear messages', async () => {
      const url = `/api/courses/${courseId}/threads`;
      expect(errorsOf(await student.post(url, { title: 'x'.repeat(201), body: 'ok' }))).toEqual([
        { field: 'title', messages: ['Title must be at most 200 characters.'] },
      ]);
      expect(errorsOf(await student.post(url, { title: 'ok', body: 'x'.repeat(10_001) }))).toEqual([
        { field: 'body', messages: ['Message must be at most 10,000 characters.'] },
      ]);
      expect(errorsOf(await student.post(url, { title: '   ', body: '\n\n' }))).toEqual([
        { field: 'title', messages: ['Title is required.'] },
        { field: 'body', messages: ['Message is required.'] },
      ]);
      expect(errorsOf(await student.post(url, { title: 'ok' }))).toEqual([{ field: 'body', messages: ['This field is required.'] }]);
      const longest = await startThread(student, `  ${'t'.repeat(200)}  `, 'b'.repeat(10_000));
      expect(longest.title).toHaveLength(200);
      expect(longest.body).toHaveLength(10_000);
      expect(errorsOf(await student.post(`/api/threads/${longest.id}/posts`, { body: 'x'.repeat(10_001) }))).toEqual([
        { field: 'body', messages: ['Message must be at most 10,000 characters.'] },
      ]);
      const post = await reply(student, longest.id);
      expect(errorsOf(await student.put(`/api/posts/${post.id}`, { body: ' ' }))).toEqual([
        { field: 'body', messages: ['Message is required.'] },
      ]);
      expect(errorsOf(await student.put(`/api/threads/${longest.id}`, { title: 'y'.repeat(201) }))).toEqual([
        { field: 'title', messages: ['Title must be at most 200 characters.'] },
      ]);
      // A title is one line.
      expect((await startThread(student, 'Two\r\nlines', 'body')).title).toBe('Two lines');
    });

    it('lets authors edit and delete their own posts; others cannot; deleted posts stay as placeholders', async () => {
      const thread = await startThread(student);
      const mine = await reply(classmate, thread.id, 'First try.');
      t.clock.advance(30);
      const edited = await classmate.put(`/api/posts/${mine.id}`, { body: 'Second try.' });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().data).toMatchObject({ body: 'Second try.', edited_at: t.clock.now(), can: { edit: true, delete: true } });
      const foreign = await student.put(`/api/posts/${mine.id}`, { body: 'Hijack.' });
      expect(foreign.statusCode).toBe(403);
      expect(errorsOf(foreign)[0]?.message).toBe('You can only edit your own posts.');
      expect((await instructor.put(`/api/posts/${mine.id}`, { body: 'Moderated.' })).statusCode).toBe(403);
      const del = await student.delete(`/api/posts/${mine.id}`);
      expect(del.statusCode).toBe(403);
      expect(errorsOf(del)[0]?.message).toBe('You can only delete your own posts.');

      const gone = await classmate.delete(`/api/posts/${mine.id}`);
      expect(gone.statusCode).toBe(200);
      expect(gone.json().data).toMatchObject({ id: mine.id, body: null, deleted: true, can: { edit: false, delete: false } });
      const again = await classmate.delete(`/api/posts/${mine.id}`);
      expect(again.statusCode).toBe(409);
      expect(errorsOf(again)[0]?.message).toBe('This post was deleted.');
      expect(errorsOf(await classmate.put(`/api/posts/${mine.id}`, { body: 'Back.' }))[0]?.message).toBe('This post was deleted.');
      const stored = await t.app.deps.db
        .selectFrom('posts')
        .select(['body', 'deleted_at'])
        .where('id', '=', mine.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ body: '', deleted_at: t.clock.now() });

      const posts = (await student.get(`/api/threads/${thread.id}/posts`)).json().data.posts;
      expect(posts).toMatchObject([{ id: mine.id, deleted: true, body: null }]);
      expect((await student.get(`/api/threads/${thread.id}`)).json().data.thread.reply_count).toBe(1);
    });

    it('lets authors edit their thread; an author deletes it only until someone answers', async () => {
      const thread = await startThread(student);
      t.clock.advance(10);
      const edited = await student.put(`/api/threads/${thread.id}`, { title: 'Parallel octaves?', body: 'Bar 4 now.' });
      expect(edited.json().data).toMatchObject({ title: 'Parallel octaves?', body: 'Bar 4 now.', edited_at: t.clock.now() });
      const foreign = await classmate.put(`/api/threads/${thread.id}`, { title: 'Mine now' });
      expect(foreign.statusCode).toBe(403);
      expect(errorsOf(foreign)[0]?.message).toBe('You can only edit your own threads.');
      expect((await instructor.put(`/api/threads/${thread.id}`, { body: 'Moderated.' })).statusCode).toBe(403);
      expect(errorsOf(await classmate.delete(`/api/threads/${thread.id}`))[0]?.message).toBe('You can only delete your own threads.');

      await reply(classmate, thread.id);
      const withReplies = await student.delete(`/api/threads/${thread.id}`);
      expect(withReplies.statusCode).toBe(409);
      expect(errorsOf(withReplies)[0]?.message).toBe(
        'This thread has replies. Only instructors and teaching assistants can delete it now.',
      );
      expect((await ta.delete(`/api/threads/${thread.id}`)).statusCode).toBe(200);
      expect((await student.get(`/api/threads/${thread.id}`)).statusCode).toBe(404);
      expect(await t.app.deps.db.selectFrom('posts').selectAll().execute()).toEqual([]);

      const lonely = await startThread(classmate);
      expect((await classmate.delete(`/api/threads/${lonely.id}`)).statusCode).toBe(200);
      expect((await classmate.get(`/api/courses/${courseId}/threads`)).json().data.threads).toEqual([]);
    });
  });

  describe('moderation', () => {
    it('instructors and TAs pin, lock and delete any post; students cannot', async () => {
      const first = await startThread(student, 'First');
      t.clock.advance(10);
      const second = await startThread(classmate, 'Second');
      const denied = await student.put(`/api/threads/${first.id}`, { pinned: true });
      expect(denied.statusCode).toBe(403);
      expect(errorsOf(denied)[0]?.message).toBe('Only instructors and teaching assistants can pin or lock threads.');
      expect((await student.put(`/api/threads/${first.id}`, { locked: true })).statusCode).toBe(403);

      const order = async () => (await student.get(`/api/courses/${courseId}/threads`)).json().data.threads.map((x: ThreadJson) => x.title);
      expect(await order()).toEqual(['Second', 'First']);
      const pinned = await ta.put(`/api/threads/${first.id}`, { pinned: true });
      expect(pinned.json().data).toMatchObject({ pinned: true, edited_at: null, can: { moderate: true } });
      expect(await order()).toEqual(['First', 'Second']);
      t.clock.advance(10);
      await reply(student, second.id);
      expect(await order()).toEqual(['First', 'Second']);

      const post = await reply(student, first.id, 'Off topic.');
      const removed = await ta.delete(`/api/posts/${post.id}`);
      expect(removed.json().data).toMatchObject({ deleted: true, body: null });
      expect((await instructor.put(`/api/threads/${first.id}`, { pinned: false })).json().data.pinned).toBe(false);
      expect(await order()).toEqual(['Second', 'First']);
    });

    it('a locked thread takes no posts and no changes until it is unlocked', async () => {
      const thread = await startThread(student);
      const post = await reply(student, thread.id, 'Also bar 5.');
      const locked = await instructor.put(`/api/threads/${thread.id}`, { locked: true });
      expect(locked.json().data).toMatchObject({ locked: true, can: { reply: false } });

      for (const client of [student, instructor, ta]) {
        const res = await client.post(`/api/threads/${thread.id}/posts`, { body: 'More?' });
        expect(res.statusCode).toBe(409);
        expect(errorsOf(res)[0]?.message).toBe('This thread is locked. It takes no new posts.');
      }
      const seenByStudent = (await student.get(`/api/threads/${thread.id}`)).json().data;
      expect(seenByStudent.thread.can).toEqual({ edit: false, delete: false, reply: false, moderate: false });
      expect(seenByStudent.posts.posts[0].can).toEqual({ edit: false, delete: false });
      const edit = await student.put(`/api/posts/${post.id}`, { body: 'Changed.' });
      expect(edit.statusCode).toBe(409);
      expect(errorsOf(edit)[0]?.message).toBe('This thread is locked. Its posts can no longer be changed.');
      expect((await student.put(`/api/threads/${thread.id}`, { title: 'New' })).statusCode).toBe(409);
      expect((await student.delete(`/api/posts/${post.id}`)).statusCode).toBe(409);
      expect((await ta.delete(`/api/posts/${post.id}`)).statusCode).toBe(200);

      expect((await ta.put(`/api/threads/${thread.id}`, { locked: false })).json().data.locked).toBe(false);
      await reply(student, thread.id, 'Thanks.');
    });
  });

  describe('an ENDED course', () => {
    it('is read only for students; instructors and TAs still answer and moderate', async () => {
      const thread = await startThread(student);
      const post = await reply(student, thread.id);
      t.clock.advance(endDate - t.clock.now() + 1);

      const board = await student.get(`/api/courses/${courseId}/threads`);
      expect(board.statusCode).toBe(200);
      expect(board.json().data.can).toEqual({ create: false, moderate: false });
      expect((await student.get(`/api/threads/${thread.id}`)).json().data.thread.can).toMatchObject({ edit: false, reply: false });
      const refusals = [
        student.post(`/api/courses/${courseId}/threads`, { title: 'Late', body: 'Question' }),
        student.post(`/api/threads/${thread.id}/posts`, { body: 'Late' }),
        student.put(`/api/threads/${thread.id}`, { title: 'Late' }),
        student.delete(`/api/threads/${thread.id}`),
        student.put(`/api/posts/${post.id}`, { body: 'Late' }),
        student.delete(`/api/posts/${post.id}`),
      ];
      for (const res of await Promise.all(refusals)) {
        expect(res.statusCode).toBe(403);
        expect(errorsOf(res)[0]?.message).toBe('This course has ended. Its discussion is read only.');
      }
      await reply(instructor, thread.id, 'Final answer.');
      expect((await ta.put(`/api/threads/${thread.id}`, { locked: true })).statusCode).toBe(200);
    });
  });

  describe('pagination', () => {
    it('pages the board 20 at a time with a cursor that stays put while new threads arrive', async () => {
      // Many threads in the same second: the id breaks the tie, so no page repeats or skips one.
      const ids: number[] = [];
      for (let i = 0; i < 45; i++) ids.push((await startThread(classmate, `Thread ${i}`)).id);
      await ta.put(`/api/threads/${ids[10]}`, { pinned: true });
      const expected = [ids[10], ...ids.filter((id) => id !== ids[10]).reverse()];

      const first = (await student.get(`/api/courses/${courseId}/threads`)).json().data;
      expect(first.threads).toHaveLength(20);
      expect(first.next_cursor).toEqual(expect.any(String));
      await startThread(classmate, 'Arrived meanwhile');
      const second = (await student.get(`/api/courses/${courseId}/threads?cursor=${encodeURIComponent(first.next_cursor)}`)).json().data;
      expect(second.threads).toHaveLength(20);
      const third = (await student.get(`/api/courses/${courseId}/threads?cursor=${encodeURIComponent(second.next_cursor)}`)).json().data;
      expect(third.threads).toHaveLength(5);
      expect(third.next_cursor).toBeNull();
      const seen = [...first.threads, ...second.threads, ...third.threads].map((x: ThreadJson) => x.id);
      expect(seen).toEqual(expected);

      const bad = await student.get(`/api/courses/${courseId}/threads?cursor=bm90LWEtY3Vyc29y`);
      expect(bad.statusCode).toBe(400);
      expect(errorsOf(bad)).toEqual([
        { field: 'cursor', messages: ['This page cursor is not valid. Load the list again from the start.'] },
      ]);
    });

    it('pages posts 50 at a time, oldest first', async () => {
      const thread = await startThread(student);
      const ids: number[] = [];
      for (let i = 0; i < 55; i++) {
        if (i % 20 === 0) t.clock.advance(1);
        ids.push((await reply(i % 2 ? classmate : ta, thread.id, `Reply ${i}`)).id);
      }
      const opened = (await student.get(`/api/threads/${thread.id}`)).json().data;
      expect(opened.posts.posts.map((p: PostJson) => p.id)).toEqual(ids.slice(0, 50));
      const rest = (await student.get(`/api/threads/${thread.id}/posts?cursor=${encodeURIComponent(opened.posts.next_cursor)}`)).json()
        .data;
      expect(rest.posts.map((p: PostJson) => p.id)).toEqual(ids.slice(50));
      expect(rest.next_cursor).toBeNull();
      expect((await student.get(`/api/threads/${thread.id}/posts?cursor=!!`)).statusCode).toBe(400);
    });

    it('reads a page in a fixed number of queries, however many threads and authors it holds', async () => {
      const countFor = async (path: string) => {
        t.queries.length = 0;
        expect((await instructor.get(path)).statusCode).toBe(200);
        return t.queries.length;
      };
      const thread = await startThread(student);
      const few = await countFor(`/api/courses/${courseId}/threads`);
      const fewThread = await countFor(`/api/threads/${thread.id}`);
      const fewUnread = await countFor('/api/discussion/unread-counts');
      for (let i = 0; i < 8; i++) {
        await startThread(i % 2 ? student : classmate, `More ${i}`);
        await reply(i % 2 ? ta : classmate, thread.id);
      }
      expect(await countFor(`/api/courses/${courseId}/threads`)).toBe(few);
      expect(await countFor(`/api/threads/${thread.id}`)).toBe(fewThread);
      expect(await countFor('/api/discussion/unread-counts')).toBe(fewUnread);
    });
  });

  describe('unread counts', () => {
    it('counts threads with activity the reader has not seen; opening one marks it read', async () => {
      expect(await unread(instructor)).toBe(0);
      const thread = await startThread(student);
      expect(await unread(student)).toBe(0);
      expect(await unread(instructor)).toBe(1);
      expect(await unread(ta)).toBe(1);
      const listed = (await instructor.get(`/api/courses/${courseId}/threads`)).json().data.threads[0];
      expect(listed.unread).toBe(true);

      await instructor.get(`/api/threads/${thread.id}`);
      expect(await unread(instructor)).toBe(0);
      // A reply in the very same second as the student's own read still counts as new for them.
      await reply(instructor, thread.id);
      expect(await unread(instructor)).toBe(0);
      expect(await unread(student)).toBe(1);
      expect(await unread(ta)).toBe(1);
      await student.get(`/api/threads/${thread.id}`);
      expect(await unread(student)).toBe(0);
      // Pinning and locking are not activity.
      await instructor.put(`/api/threads/${thread.id}`, { pinned: true, locked: true });
      expect(await unread(student)).toBe(0);

      const all = (await ta.get('/api/discussion/unread-counts')).json().data;
      expect(all).toEqual({ [String(courseId)]: 1 });
      await join((await t.createUser()).id, 'student', otherCourseId);
      await outsider.post(`/api/courses/${otherCourseId}/threads`, { title: 'Welcome', body: 'Hello' });
      expect((await outsider.get('/api/discussion/unread-counts')).json().data).toEqual({ [String(otherCourseId)]: 0 });
      expect((await outsider.get(`/api/courses/${courseId}/discussion/unread-count`)).statusCode).toBe(404);
    });
  });

  describe('reply e-mail', () => {
    it('tells the thread’s author about answers by others, in their language, if they chose notification e-mails', async () => {
      await t.app.deps.db
        .updateTable('users')
        .set({ will_receive_notification_emails: 1, language: 'ko' })
        .where('id', '=', studentId)
        .execute();
      const thread = await startThread(student, 'Cadence <question>');
      await reply(student, thread.id, 'Adding more detail.');
      await t.deliverMail();
      expect(t.mailer.sent).toEqual([]);

      await reply(instructor, thread.id, 'An authentic cadence.\n<b>V–I</b>');
      await t.deliverMail();
      expect(t.mailer.sent).toHaveLength(1);
      const mail = t.mailer.sent[0];
      const { email } = await t.app.deps.db.selectFrom('users').select('email').where('id', '=', studentId).executeTakeFirstOrThrow();
      expect(mail?.to).toBe(email);
      expect(mail?.subject).toBe('"Cadence <question>"에 새 답글이 있습니다');
      expect(mail?.text).toContain('An authentic cadence.\n<b>V–I</b>');
      expect(mail?.html).toContain('&#60;b&#62;V–I&#60;/b&#62;');
      expect(mail?.html).not.toContain('<b>');
      expect(mail?.link).toBe(`${t.config.publicUrl}/student/course/${courseId}/discussion/${thread.id}`);

      const quiet = await startThread(classmate);
      await reply(instructor, quiet.id);
      await t.deliverMail();
      expect(t.mailer.sent).toHaveLength(1);
    });
  });
});
