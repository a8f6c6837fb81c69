import { CourseMessages, type CourseRole, type CourseStatus } from '@app/contract/courses';
import type { Db } from '../db/database.ts';
import type { Actor } from '../http/actor.ts';
import { AppError } from '../http/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { effectiveStatus } from '../modules/courses/present.ts';
import { findCourseForMember } from '../modules/courses/repository.ts';

/** A member's standing in a course: their role, the course's status now, and whether they archived it. */
export type CourseAccess = { role: CourseRole; status: CourseStatus; archived: boolean };

/**
 * What a call needs of the actor in a course: any membership, to study it (students),
 * to teach it (instructors and TAs), or to instruct it (instructors).
 */
export type CourseNeed = 'member' | 'study' | 'teach' | 'instruct';

/**
 * The need and the spec's messages of the refusals. A member without the need gets a 403
 * with `forbidden` (for teach and instruct by default "You are not an instructor of this
 * course."); a non-member gets a 404 with `notFound` (by default the course's).
 */
export type NeedOptions = (
  | { need: 'member' }
  | { need: 'teach' | 'instruct'; forbidden?: string }
  | { need: 'study'; forbidden: string }
) & {
  notFound?: string;
};

/** Whether a role in a course meets a need. */
export function meetsNeed(role: CourseRole, need: CourseNeed): boolean {
  switch (need) {
    case 'member':
      return true;
    case 'study':
      return role === 'student';
    case 'teach':
      return role === 'instructor' || role === 'ta';
    case 'instruct':
      return role === 'instructor';
  }
}

/** Throws the 403 of `options` unless a member's role meets its need. */
export function requireNeed(role: CourseRole, options: NeedOptions): void {
  if (meetsNeed(role, options.need)) return;
  throw AppError.forbidden('forbidden' in options && options.forbidden !== undefined ? options.forbidden : CourseMessages.notInstructor);
}

/** The course row as its member sees it. */
export type MemberCourse = NonNullable<Awaited<ReturnType<typeof findCourseForMember>>>;

/**
 * The one way to ask "may this actor do this in this course?" (after Immich's
 * `requireAccess`): loads the actor's membership with the course in one statement and
 * answers the course row and the access, or throws 404 for a non-member and 403 for a
 * member without the need. Every service method that touches a course starts with it
 * (directly, or through a loader such as the assignments' `loadSet` that calls it).
 */
export function createCourseAccess(deps: { db: Db; clock: Clock }) {
  return async function requireCourseAccess(
    actor: Actor,
    courseId: number,
    options: NeedOptions,
  ): Promise<{ row: MemberCourse; access: CourseAccess }> {
    return checkCourseAccess(await findCourseForMember(deps.db, courseId, actor.user.id), options, deps.clock.now());
  };
}

/**
 * The same check on the actor's course row read already, by a statement that found it with the
 * session (`findCourseForSession`, decision 028): undefined is a non-member.
 */
export function checkCourseAccess(
  row: MemberCourse | undefined,
  options: NeedOptions,
  now: number,
): { row: MemberCourse; access: CourseAccess } {
  if (!row) throw AppError.notFound(options.notFound ?? CourseMessages.notFound);
  const access: CourseAccess = { role: row.role, status: effectiveStatus(row, now), archived: row.archived === 1 };
  requireNeed(access.role, options);
  return { row, access };
}

export type RequireCourseAccess = ReturnType<typeof createCourseAccess>;
