import { type AccessRule, type AccessTable, instructorAccounts } from '../../http/access.ts';

/** An instructor's own media library: other instructors are told it does not exist. */
const owner: AccessRule = { ...instructorAccounts, outsideInstructor: 404 };

/** Who may call the routes of `routes.ts` (checked by test/access-matrix.test.ts). */
export const mediaAccess: AccessTable = {
  'GET /api/media-collections': instructorAccounts,
  'POST /api/media-collections': instructorAccounts,
  'POST /api/media-collections/weight': instructorAccounts,
  'PUT /api/media-collections/:id': owner,
  'DELETE /api/media-collections/:id': owner,
  'GET /api/media-collections/:id/media-files': owner,
  'POST /api/media-collections/:id/media-files': owner,
  'POST /api/media-collections/:id/media-files/weight': owner,
  'GET /api/media-files/:id': owner,
  'PUT /api/media-files/:id': owner,
  'DELETE /api/media-files/:id': owner,
  'GET /api/media-files/:file_key/file-url': owner,
};
