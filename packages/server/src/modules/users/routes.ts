import { envelope } from '@app/contract/errors';
import { ConfirmEmailRequest, ConfirmEmailResponse, CurrentUser, UpdateUserRequest, User } from '@app/contract/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ownSession, requireActor } from '../../http/auth.ts';
import { presentedJson } from '../../http/serialize.ts';
import type { UsersService } from './service.ts';

const tags = ['users'];

/** GET and PUT /api/users: the signed-in user's account; confirming a new e-mail address. */
export function registerUserRoutes(app: FastifyInstance, users: UsersService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The dashboard's one call (issue 15): presented field by field, so not encoded again by zod;
  // one statement finds the session and reads the dashboard (decision 028).
  r.get(
    '/api/users',
    {
      schema: { tags, response: { 200: envelope(CurrentUser) } },
      serializerCompiler: presentedJson,
      config: { findsSessionItself: true },
    },
    async (request) => ({ data: await users.current(ownSession(request)) }),
  );

  r.put('/api/users', { schema: { tags, body: UpdateUserRequest, response: { 200: envelope(User) } } }, async (request) => {
    return { data: await users.update(requireActor(request), request.body) };
  });

  // From the link mailed to a new address: works signed in or not (the token is the proof).
  r.post(
    '/api/users/email-confirmation',
    { schema: { tags, body: ConfirmEmailRequest, response: { 200: envelope(ConfirmEmailResponse) } } },
    async (request) => ({ data: await users.confirmEmail(request.body.token) }),
  );
}
