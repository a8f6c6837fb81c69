import { type AccessTable, anyone } from '../http/access.ts';

/** Who may call `file-routes.ts`: no session; the unexpired signature of the link is the permission. */
export const storageAccess: AccessTable = {
  'GET /files/*': anyone,
};
