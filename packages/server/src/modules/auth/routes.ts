import { envelope } from '@app/contract/errors';
import {
  PasswordRequest,
  PasswordResetRequest,
  SignInRequest,
  SignInResponse,
  SignInTokenRequest,
  SignUpRequest,
} from '@app/contract/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestInfo, requireActor, sendTokenHeaders } from '../../http/auth.ts';
import { presentUser } from '../users/present.ts';
import type { AuthService } from './service.ts';

const tags = ['auth'];

/** Sign-up, sign-in, sign-out, renewal and passwords: spec §7 "Users and session". */
export function registerAuthRoutes(app: FastifyInstance, auth: AuthService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/users/sign-in',
    { schema: { tags, body: SignInRequest, response: { 200: envelope(SignInResponse) } } },
    async (request, reply) => {
      const { user, session } = await auth.signIn(request.actor, request.body.email, request.body.password, requestInfo(request));
      sendTokenHeaders(reply, session);
      return { data: { user: presentUser(user) } };
    },
  );

  r.post(
    '/api/users/sign-in/token',
    { schema: { tags, body: SignInTokenRequest, response: { 200: envelope(SignInResponse) } } },
    async (request, reply) => {
      const { user, session } = await auth.signInWithToken(request.actor, request.body.token, requestInfo(request));
      sendTokenHeaders(reply, session);
      return { data: { user: presentUser(user) } };
    },
  );

  r.get('/api/users/sign-out', { schema: { tags } }, async (request, reply) => {
    await auth.signOut(requireActor(request));
    reply.removeHeader('X-Access-Token');
    reply.removeHeader('X-Token-Expire');
    return { data: {} };
  });

  r.get(
    '/api/users/renew-access-token',
    { schema: { tags, response: { 200: envelope(z.object({ expires_at: z.number().int() })) } } },
    async (request) => {
      const actor = requireActor(request);
      return { data: { expires_at: actor.session.expires_at } };
    },
  );

  r.post(
    '/api/users',
    { schema: { tags, body: SignUpRequest, response: { 201: envelope(z.object({ email: z.string() })) } } },
    async (request, reply) => {
      const result = await auth.signUp(request.actor, request.body);
      return reply.status(201).send({ data: result });
    },
  );

  r.post(
    '/api/users/password',
    { schema: { tags, body: PasswordRequest, response: { 200: envelope(SignInResponse) } } },
    async (request, reply) => {
      const { user, session } = await auth.setPassword(request.actor, request.body, requestInfo(request));
      if (session) sendTokenHeaders(reply, session);
      return { data: { user: presentUser(user) } };
    },
  );

  r.post('/api/users/password-reset', { schema: { tags, body: PasswordResetRequest } }, async (request) => {
    await auth.requestPasswordReset(request.body.email, request.body.password);
    return { data: {} };
  });
}
