import { AssignmentMessages, type DueDateExtension, EXTENSION_MAX_AFTER_END_SECONDS } from '@app/contract/assignments';
import { meetsNeed } from '../../access/course-access.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import type { CoursesService } from '../courses/service.ts';
import type { AssignmentLoaders } from './load.ts';
import * as repo from './repository.ts';

export type ExtensionsService = ReturnType<typeof createExtensionsService>;

/** Due-date extensions of a set for single students (spec §5). */
export function createExtensionsService(deps: Deps, collaborators: { courses: CoursesService; load: AssignmentLoaders }) {
  const { db, clock } = deps;
  const { courses } = collaborators;
  const { loadSet } = collaborators.load;

  return {
    /** A student's extended due date for a set, or null (for modules that check access themselves: submissions). */
    async extensionDueAt(studentId: number, setId: number): Promise<number | null> {
      return (await repo.extensionsOfStudent(db, studentId, [setId]))[0]?.extension_due_at ?? null;
    },

    /** A set's extensions: all of them for instructors and TAs, a student's own for a student. */
    async listExtensions(actor: Actor, setId: number): Promise<DueDateExtension[]> {
      const { role } = await loadSet(actor, setId);
      const rows = await repo.listExtensions(db, setId);
      return meetsNeed(role, 'study') ? rows.filter((r) => r.student === actor.user.id) : rows;
    },

    /** Grants or moves a student's extension, between the due date and six months after the course. */
    async grantExtension(actor: Actor, setId: number, studentId: number, dueAt: number): Promise<DueDateExtension[]> {
      const { set, course } = await loadSet(actor, setId, { change: true });
      const member = await courses.membershipOf(course.id, studentId);
      if (member !== 'student') throw AppError.notFound(AssignmentMessages.studentNotInCourse);
      if (dueAt < set.due_at || dueAt > course.end_date + EXTENSION_MAX_AFTER_END_SECONDS) {
        throw AppError.badRequest('extension_due_at', AssignmentMessages.extensionRange);
      }
      await repo.upsertExtension(db, setId, studentId, dueAt, clock.now());
      return repo.listExtensions(db, setId);
    },

    /** Removes a student's extension. */
    async removeExtension(actor: Actor, setId: number, studentId: number): Promise<void> {
      await loadSet(actor, setId, { change: true });
      if (!(await repo.deleteExtension(db, setId, studentId))) throw AppError.notFound(AssignmentMessages.studentNotInCourse);
    },
  };
}
