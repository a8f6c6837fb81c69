import type { Db } from './database.ts';

/*
 * Selects of the people read model that two modules run: `people/repository.ts` (its own lists of
 * invitations and enrollment requests) and `users/repository.ts` (the dashboard's one statement,
 * issue 15, which embeds them as JSON subqueries). One definition here, not one per module,
 * because a module may not import another module's repository (Biome's noRestrictedImports in
 * biome.json), and the dashboard statement cannot call people's service: it is one precompiled
 * statement. Each caller adds its own conditions and any columns only it shows.
 */

/** Invitations with their course's title, dates and school. */
export function selectInvitations(db: Db) {
  return db
    .selectFrom('course_invitations as i')
    .innerJoin('courses as c', 'c.id', 'i.course_id')
    .leftJoin('schools as s', 's.id', 'c.school_id')
    .select([
      'i.id',
      'i.course_id',
      'i.invitee_email',
      'i.join_as',
      'i.state',
      'i.created_at',
      'i.expires_at',
      'c.title',
      'c.start_date',
      'c.end_date',
      's.name as school',
    ]);
}

/** Enrollment requests with the student's name and address and their course's title, dates and school. */
export function selectRequests(db: Db) {
  return db
    .selectFrom('enrollment_requests as r')
    .innerJoin('courses as c', 'c.id', 'r.course_id')
    .innerJoin('users as u', 'u.id', 'r.student_id')
    .leftJoin('schools as s', 's.id', 'c.school_id')
    .select([
      'r.id',
      'r.course_id',
      'r.student_id',
      'r.status',
      'r.created_at',
      'u.first_name',
      'u.last_name',
      'u.email',
      'c.title',
      'c.start_date',
      'c.end_date',
      's.name as school',
    ]);
}
