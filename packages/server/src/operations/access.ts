import { type AccessTable, anyone, everyCaller } from '../http/access.ts';

/** Who may call the routes of `routes.ts`: the probes are public; /metrics takes only its own token, never a session. */
export const operationsAccess: AccessTable = {
  'GET /api/health': anyone,
  'GET /api/ready': anyone,
  'GET /metrics': everyCaller(401),
};
