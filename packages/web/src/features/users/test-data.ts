import type { CurrentUser } from '@app/contract/users';
import { currentUser } from '../../testing/factories.ts';
import { type Call, fakeApi, ok, type Reply } from '../../testing/fake-api.ts';

export const student: CurrentUser = currentUser();

/**
 * The profile screens' API: GET /api/users answers with `user` (and with the changes a successful
 * PUT /api/users made), GET /api/timezones with two zones, and writes go to `onWrite`.
 */
export function profileApi(user: CurrentUser, onWrite: (call: Call) => Reply) {
  let current = user;
  return fakeApi((call) => {
    if (call.method === 'GET' && call.url === '/api/users') return ok(current);
    if (call.method === 'GET' && call.url === '/api/timezones') {
      return ok([
        { id: 1, timezone: 'UTC' },
        { id: 42, timezone: 'Asia/Seoul' },
      ]);
    }
    const reply = onWrite(call);
    if (call.method === 'PUT' && call.url === '/api/users' && reply.status === 200) {
      current = { ...current, ...(reply.body as { data: Partial<CurrentUser> }).data };
    }
    return reply;
  });
}
