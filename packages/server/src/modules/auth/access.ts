import { type AccessRule, type AccessTable, anyone, everyCaller, signedIn } from '../../http/access.ts';

/** Signing in, signing up and setting a password by link are for callers without a session: with one, 409. */
const signedOut: AccessRule = { ...everyCaller(409), anonymous: 'ok' };

/** Who may call the routes of `routes.ts` (checked by test/access-matrix.test.ts). */
export const authAccess: AccessTable = {
  'POST /api/users/sign-in': signedOut,
  'POST /api/users/sign-in/token': signedOut,
  'GET /api/users/sign-out': signedIn,
  'GET /api/users/renew-access-token': signedIn,
  'POST /api/users': signedOut,
  // With a link token anyone sets the password. Without one the signed-in user changes their own;
  // the matrix sends a wrong current password, so they all reach that check (400).
  'POST /api/users/password': { ...everyCaller(400), anonymous: 401 },
  // Answers the same for every address and caller, so it tells nobody which accounts exist.
  'POST /api/users/password-reset': anyone,
};
