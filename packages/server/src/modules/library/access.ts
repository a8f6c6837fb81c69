import { type AccessTable, instructorAccounts } from '../../http/access.ts';

/** Who may call the routes of `routes.ts`: the content library is for instructor accounts. */
export const libraryAccess: AccessTable = {
  'GET /api/content-library': instructorAccounts,
  'GET /api/content-library/:id/preview-url': instructorAccounts,
};
