import { type AccessTable, anyone, signedIn } from '../../http/access.ts';

/** Who may call the routes of `routes.ts`: each user reads and changes only their own account. */
export const usersAccess: AccessTable = {
  'GET /api/users': signedIn,
  'PUT /api/users': signedIn,
  // The link mailed to a new address: the token is the proof, signed in or not.
  'POST /api/users/email-confirmation': anyone,
};
