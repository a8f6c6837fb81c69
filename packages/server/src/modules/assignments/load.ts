import { AssignmentMessages, type AssignmentSet } from '@app/contract/assignments';
import { meetsNeed } from '../../access/course-access.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import type { CoursesService } from '../courses/service.ts';
import { canEditSet, documentVisible, setVisible } from './policy.ts';
import { presentSet } from './present.ts';
import * as repo from './repository.ts';

export type AssignmentLoaders = ReturnType<typeof createAssignmentLoaders>;

/**
 * How the sets, documents and extensions services find what the actor may see: the course
 * through `requireCourseAccess`, then this module's rules (policy.ts). A set or document the
 * actor may not see is a 404; one they see but may not change (`change`) a 403.
 */
export function createAssignmentLoaders(deps: Deps, courses: CoursesService) {
  const { db, clock } = deps;
  const { requireCourseAccess } = courses;

  /** A student's own extension of a set, if any. */
  async function extensionOf(studentId: number, setId: number): Promise<number | null> {
    const rows = await repo.extensionsOfStudent(db, studentId, [setId]);
    return rows[0]?.extension_due_at ?? null;
  }

  /** The set, its course and the actor's role; students only once it is released. 404 (`notFound`) otherwise. */
  async function loadSet(actor: Actor, setId: number, options: { change?: boolean; notFound?: string } = {}) {
    const notFound = options.notFound ?? AssignmentMessages.notFound;
    const set = await repo.findSet(db, setId);
    if (!set) throw AppError.notFound(notFound);
    const { row: course, access } = await requireCourseAccess(actor, set.course_id, { need: 'member', notFound });
    if (!setVisible(access.role, set, clock.now())) throw AppError.notFound(notFound);
    if (options.change && !canEditSet(access.role)) throw AppError.forbidden(AssignmentMessages.onlyInstructors);
    return { set, course, role: access.role };
  }

  /** A document of a set the actor sees, while its students may see it. 404 otherwise; 403 for a change by a non-instructor. */
  async function loadDocument(actor: Actor, documentId: number, options: { change?: boolean } = {}) {
    const doc = await repo.findDocument(db, documentId);
    if (!doc) throw AppError.notFound(AssignmentMessages.documentNotFound);
    const { set, course, role } = await loadSet(actor, doc.assignment_set_id, { notFound: AssignmentMessages.documentNotFound });
    const extension = meetsNeed(role, 'study') ? await extensionOf(actor.user.id, set.id) : null;
    if (!documentVisible(role, set, extension, clock.now())) throw AppError.notFound(AssignmentMessages.documentNotFound);
    if (options.change && !canEditSet(role)) throw AppError.forbidden(AssignmentMessages.onlyInstructors);
    return { doc, set, course, role, extension };
  }

  /** A set as the actor sees it: with its documents while they may see them, and a student's own extension. */
  async function presentOne(actor: Actor, setId: number): Promise<AssignmentSet> {
    const { set, role } = await loadSet(actor, setId);
    const extension = meetsNeed(role, 'study') ? await extensionOf(actor.user.id, set.id) : null;
    const documents = documentVisible(role, set, extension, clock.now()) ? await repo.listDocumentsOfSets(db, [set.id]) : [];
    return presentSet(set, documents, extension);
  }

  return { extensionOf, loadSet, loadDocument, presentOne };
}
