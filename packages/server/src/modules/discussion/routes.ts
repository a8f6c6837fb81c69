import { CourseIdParams } from '@app/contract/courses';
import {
  CreatePostRequest,
  CreateThreadRequest,
  PageQuery,
  Post,
  PostIdParams,
  PostPage,
  Thread,
  ThreadIdParams,
  ThreadPage,
  ThreadWithPosts,
  UnreadCount,
  UnreadCounts,
  UpdatePostRequest,
  UpdateThreadRequest,
} from '@app/contract/discussion';
import { envelope } from '@app/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../http/auth.ts';
import type { DiscussionService } from './service.ts';

const tags = ['discussion'];
const Empty = envelope(z.object({}));

/** The course discussion board (docs/decisions/007-discussion-board.md). */
export function registerDiscussionRoutes(app: FastifyInstance, discussion: DiscussionService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/courses/:id/threads',
    { schema: { tags, params: CourseIdParams, querystring: PageQuery, response: { 200: envelope(ThreadPage) } } },
    async (request) => ({ data: await discussion.listThreads(requireActor(request), request.params.id, request.query.cursor) }),
  );

  r.post(
    '/api/courses/:id/threads',
    { schema: { tags, params: CourseIdParams, body: CreateThreadRequest, response: { 201: envelope(Thread) } } },
    async (request, reply) =>
      reply.status(201).send({ data: await discussion.createThread(requireActor(request), request.params.id, request.body) }),
  );

  r.get(
    '/api/courses/:id/discussion/unread-count',
    { schema: { tags, params: CourseIdParams, response: { 200: envelope(UnreadCount) } } },
    async (request) => ({ data: { unread: await discussion.unreadCount(requireActor(request), request.params.id) } }),
  );

  r.get('/api/discussion/unread-counts', { schema: { tags, response: { 200: envelope(UnreadCounts) } } }, async (request) => ({
    data: await discussion.unreadCounts(requireActor(request)),
  }));

  r.get(
    '/api/threads/:id',
    { schema: { tags, params: ThreadIdParams, response: { 200: envelope(ThreadWithPosts) } } },
    async (request) => ({ data: await discussion.getThread(requireActor(request), request.params.id) }),
  );

  r.put(
    '/api/threads/:id',
    { schema: { tags, params: ThreadIdParams, body: UpdateThreadRequest, response: { 200: envelope(Thread) } } },
    async (request) => ({ data: await discussion.updateThread(requireActor(request), request.params.id, request.body) }),
  );

  r.delete('/api/threads/:id', { schema: { tags, params: ThreadIdParams, response: { 200: Empty } } }, async (request) => {
    await discussion.deleteThread(requireActor(request), request.params.id);
    return { data: {} };
  });

  r.get(
    '/api/threads/:id/posts',
    { schema: { tags, params: ThreadIdParams, querystring: PageQuery, response: { 200: envelope(PostPage) } } },
    async (request) => ({ data: await discussion.listPosts(requireActor(request), request.params.id, request.query.cursor) }),
  );

  r.post(
    '/api/threads/:id/posts',
    { schema: { tags, params: ThreadIdParams, body: CreatePostRequest, response: { 201: envelope(Post) } } },
    async (request, reply) =>
      reply.status(201).send({ data: await discussion.createPost(requireActor(request), request.params.id, request.body.body) }),
  );

  r.put(
    '/api/posts/:id',
    { schema: { tags, params: PostIdParams, body: UpdatePostRequest, response: { 200: envelope(Post) } } },
    async (request) => ({ data: await discussion.updatePost(requireActor(request), request.params.id, request.body.body) }),
  );

  r.delete('/api/posts/:id', { schema: { tags, params: PostIdParams, response: { 200: envelope(Post) } } }, async (request) => ({
    data: await discussion.deletePost(requireActor(request), request.params.id),
  }));
}
