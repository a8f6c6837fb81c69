import { type AccessRule, type AccessTable, courseMembers, signedIn } from '../../http/access.ts';

/** Only the author edits a thread or post (the matrix's are the course student's); moderators are refused too. */
const author: AccessRule = { ...courseMembers, ta: 403, instructor: 403 };

/** Who may call the routes of `routes.ts` (docs/decisions/007-discussion-board.md). */
export const discussionAccess: AccessTable = {
  'GET /api/courses/:id/threads': courseMembers,
  'POST /api/courses/:id/threads': courseMembers,
  'GET /api/courses/:id/discussion/unread-count': courseMembers,
  'GET /api/discussion/unread-counts': signedIn,
  'GET /api/threads/:id': courseMembers,
  'PUT /api/threads/:id': author,
  // The author (while it has no replies), and the course's instructors and TAs.
  'DELETE /api/threads/:id': courseMembers,
  'GET /api/threads/:id/posts': courseMembers,
  'POST /api/threads/:id/posts': courseMembers,
  'PUT /api/posts/:id': author,
  'DELETE /api/posts/:id': courseMembers,
};
