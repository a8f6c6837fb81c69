import { type AccessTable, anyone, signedIn } from '../../http/access.ts';

/** Who may call the routes of `routes.ts`: the sign-in page needs languages and time zones. */
export const referenceAccess: AccessTable = {
  'GET /api/languages': anyone,
  'GET /api/timezones': anyone,
  'GET /api/schools': signedIn,
  'GET /api/academic-terms': signedIn,
};
