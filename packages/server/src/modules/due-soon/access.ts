import { type AccessTable, signedIn } from '../../http/access.ts';

/** Who may call the routes of `routes.ts` (checked by test/access-matrix.test.ts). */
export const dueSoonAccess: AccessTable = {
  // The caller's own list: only courses they study in give items; anyone else gets an empty list.
  'GET /api/due-soon': signedIn,
};
