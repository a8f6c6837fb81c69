import { randomInt } from 'node:crypto';
import {
  type Course,
  CourseMessages,
  type CourseProduct,
  type CourseRole,
  type CreateCourseRequest,
  courseCopyTitle,
  courseDateErrors,
  DEFAULT_CHORD_LABEL_SETTINGS,
  DUPLICATE_DEFAULT_START_SECONDS,
  type DuplicateCourseRequest,
  enrollmentEndLimit,
  INVITATION_CODE_ALPHABET,
  INVITATION_CODE_LENGTH,
  LOCKED_WHEN_ACTIVE,
  type ReorderCoursesRequest,
  type UpdateCourseRequest,
} from '@app/contract/courses';
import { hasInstructorAccount } from '../../access/account.ts';
import { checkCourseAccess, createCourseAccess } from '../../access/course-access.ts';
import type { Db } from '../../db/database.ts';
import type { CourseUpdate } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import type { SessionLookup } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import type { AssignmentsService } from '../assignments/service.ts';
import * as policy from './policy.ts';
import { formatPrice, presentCourse } from './present.ts';
import * as repo from './repository.ts';

const DAY = 24 * 3600;
const DEFAULT_LENGTH_SECONDS = 120 * DAY;
const yearOf = (epoch: number) => new Date(epoch * 1000).getUTCFullYear();

export type CoursesService = ReturnType<typeof createCoursesService>;

/**
 * Courses: life cycle, settings, the dashboard's lists and order. The assignments service
 * (which needs this one) is handed over as a getter, for copying a course's content.
 */
export function createCoursesService(deps: Deps, collaborators: { assignments: () => AssignmentsService }) {
  const { db, clock } = deps;
  const requireCourseAccess = createCourseAccess(deps);

  async function newInvitationCode(): Promise<string> {
    for (;;) {
      let code = '';
      for (let i = 0; i < INVITATION_CODE_LENGTH; i++) code += INVITATION_CODE_ALPHABET[randomInt(INVITATION_CODE_ALPHABET.length)];
      if (!(await repo.invitationCodeTaken(db, code))) return code;
    }
  }

  async function present(actor: Actor, courseId: number): Promise<Course> {
    // The access check's statement brings the instructors along (issue 15).
    const { row } = await requireCourseAccess(actor, courseId, { need: 'member' });
    return presentCourse(row, row.instructors, clock.now(), hasInstructorAccount(actor));
  }

  async function assertReferences(input: {
    school_id?: number | null;
    academic_term_id?: number | null;
    course_product_id?: number | null;
  }) {
    const errors: { field: string; message: string }[] = [];
    if (input.school_id && !(await repo.schoolExists(db, input.school_id)))
      errors.push({ field: 'school_id', message: CourseMessages.schoolUnknown });
    if (input.academic_term_id && !(await repo.academicTermExists(db, input.academic_term_id))) {
      errors.push({ field: 'academic_term_id', message: CourseMessages.termUnknown });
    }
    if (input.course_product_id && !(await repo.courseProductExists(db, input.course_product_id))) {
      errors.push({ field: 'course_product_id', message: CourseMessages.productUnknown });
    }
    if (errors.length > 0) throw AppError.invalidFields(errors);
  }

  /** The instructor's new course: PLANNING, with defaults for what the request leaves out. */
  async function create(actor: Actor, input: CreateCourseRequest): Promise<Course> {
    if (!policy.canCreateCourse(actor)) throw AppError.forbidden(CourseMessages.onlyInstructorsCreate);
    const now = clock.now();
    const start = input.start_date ?? Math.ceil((now + 1) / 3600) * 3600;
    const end = input.end_date ?? start + DEFAULT_LENGTH_SECONDS;
    const enrollmentEnd = input.enrollment_end_date ?? Math.min(enrollmentEndLimit(start, end), end);
    const dates = { start_date: start, end_date: end, enrollment_end_date: enrollmentEnd };
    const dateErrors = courseDateErrors(dates, now, true);
    if (dateErrors.length > 0) throw AppError.invalidFields(dateErrors);
    const paymentType = input.payment_type ?? 0;
    if (paymentType >= 2 && !input.course_product_id) throw AppError.badRequest('course_product_id', CourseMessages.productRequired);
    if (paymentType === 3 && input.billing_agreement !== true)
      throw AppError.badRequest('billing_agreement', CourseMessages.billingAgreement);
    await assertReferences(input);
    const code = await newInvitationCode();
    const id = await db.transaction().execute(async (trx) => {
      const courseId = await repo.insertCourse(trx, {
        title: input.title,
        status: 'PLANNING',
        school_id: input.school_id ?? null,
        academic_term_id: input.academic_term_id ?? null,
        year: input.year ?? new Date(start * 1000).getUTCFullYear(),
        ...dates,
        payment_type: paymentType,
        course_product_id: input.course_product_id ?? null,
        cadential_64: input.cadential_64 ?? DEFAULT_CHORD_LABEL_SETTINGS.cadential_64,
        neapolitan_6: input.neapolitan_6 ?? DEFAULT_CHORD_LABEL_SETTINGS.neapolitan_6,
        lms_type: input.lms_type ?? null,
        invitation_code: code,
        billing_agreed_at: paymentType === 3 ? now : null,
        activated_at: null,
        created_by: actor.user.id,
        created_at: now,
        updated_at: now,
      });
      await repo.insertMembership(trx, { courseId, userId: actor.user.id, role: 'instructor', now });
      return courseId;
    });
    return present(actor, id);
  }

  /** Changes settings under the §4–§5 rules. */
  async function update(actor: Actor, courseId: number, input: UpdateCourseRequest): Promise<Course> {
    const { row, access } = await requireCourseAccess(actor, courseId, { need: 'instruct' });
    if (access.status === 'ENDED') throw AppError.forbidden(CourseMessages.ended);
    const now = clock.now();
    const errors: { field: string; message: string }[] = [];
    if (access.status === 'ACTIVE') {
      for (const field of LOCKED_WHEN_ACTIVE) {
        if (input[field] !== undefined && input[field] !== row[field])
          errors.push({ field, message: CourseMessages.lockedAfterActivation });
      }
    }
    if (errors.length > 0) throw AppError.invalidFields(errors);
    const dates = {
      start_date: input.start_date ?? row.start_date,
      end_date: input.end_date ?? row.end_date,
      enrollment_end_date: input.enrollment_end_date ?? row.enrollment_end_date,
    };
    const datesChanged =
      dates.start_date !== row.start_date || dates.end_date !== row.end_date || dates.enrollment_end_date !== row.enrollment_end_date;
    if (datesChanged) errors.push(...courseDateErrors(dates, now, dates.start_date !== row.start_date));
    const paymentType = input.payment_type ?? row.payment_type;
    const becomesSchoolPaid = paymentType === 3 && row.payment_type !== 3;
    if (becomesSchoolPaid && input.billing_agreement !== true)
      errors.push({ field: 'billing_agreement', message: CourseMessages.billingAgreement });
    const product = input.course_product_id === undefined ? row.course_product_id : input.course_product_id;
    if (paymentType >= 2 && !product) errors.push({ field: 'course_product_id', message: CourseMessages.productRequired });
    if (errors.length > 0) throw AppError.invalidFields(errors);
    await assertReferences(input);

    const changes: CourseUpdate = { updated_at: now };
    for (const key of Object.keys(input) as (keyof UpdateCourseRequest)[]) {
      if (key === 'billing_agreement') continue;
      (changes as Record<string, unknown>)[key] = input[key];
    }
    if (becomesSchoolPaid) changes.billing_agreed_at = now;
    await repo.updateCourse(db, courseId, changes);
    return present(actor, courseId);
  }

  return {
    /**
     * Adds a person to a course at the top of their list for that role, unless they are a member
     * already (the people module: invitations, enrollment); in `trx`, the caller's transaction.
     * Returns whether a row was added.
     */
    async addMember(trx: Db, values: { courseId: number; userId: number; role: CourseRole; now: number }): Promise<boolean> {
      if ((await repo.findRole(trx, values.courseId, values.userId)) !== undefined) return false;
      await repo.insertMembership(trx, values);
      return true;
    },

    /**
     * Adds people with a role or changes their role to it (the LMS roster sync, issue 28), in the
     * caller's transaction and a fixed number of statements whatever their number (one read, one
     * insert with its read of the lists' tops, an update per role changed to): each person's
     * outcome, 'added', 'updated', or 'unchanged' (same role, or an instructor here, whom a roster
     * never demotes). Each person once.
     */
    async syncMembers(trx: Db, values: { courseId: number; members: readonly { userId: number; role: CourseRole }[]; now: number }) {
      const outcome = new Map<number, 'added' | 'updated' | 'unchanged'>();
      const current = await repo.findRoles(
        trx,
        values.courseId,
        values.members.map((m) => m.userId),
      );
      const added: { userId: number; role: CourseRole }[] = [];
      const changedTo = new Map<CourseRole, number[]>();
      for (const member of values.members) {
        const role = current.get(member.userId);
        if (role === undefined) {
          added.push(member);
          outcome.set(member.userId, 'added');
        } else if (role === member.role || role === 'instructor') outcome.set(member.userId, 'unchanged');
        else {
          changedTo.set(member.role, [...(changedTo.get(member.role) ?? []), member.userId]);
          outcome.set(member.userId, 'updated');
        }
      }
      await repo.insertMemberships(trx, { courseId: values.courseId, members: added, now: values.now });
      for (const [role, userIds] of changedTo) await repo.setMembershipsRole(trx, values.courseId, userIds, role);
      return outcome;
    },

    create,
    update,
    /** GET /api/courses/{id}: one statement finds the session, its user and the course (decision 028). */
    async getForSession(session: SessionLookup, courseId: number): Promise<Course> {
      const { actor, found } = await session.resolve(await repo.findCourseForSession(db, courseId, session.key));
      const { row } = checkCourseAccess(found.course, { need: 'member' }, session.key.now);
      return presentCourse(row, row.instructors, session.key.now, hasInstructorAccount(actor));
    },
    /** The one access check of a course, for every module (access/course-access.ts). */
    requireCourseAccess,
    /** Someone's role in a course, or undefined. */
    membershipOf: (courseId: number, userId: number) => repo.findRole(db, courseId, userId),
    /** Whether someone teaches (instructor or TA) in at least one course: the part-writing checker's callers. */
    teachesAnyCourse: (userId: number) => repo.teachesAnyCourse(db, userId),

    /** Deletes a PLANNING course, or an archived ENDED one. */
    async remove(actor: Actor, courseId: number): Promise<void> {
      const { access } = await requireCourseAccess(actor, courseId, { need: 'instruct' });
      if (!policy.canDeleteCourse(access)) throw AppError.conflict(CourseMessages.cannotDelete);
      await repo.deleteCourse(db, courseId);
    },

    /** PLANNING → ACTIVE, once, by an instructor, with school and term chosen. */
    async activate(actor: Actor, courseId: number): Promise<Course> {
      const { row, access } = await requireCourseAccess(actor, courseId, { need: 'instruct' });
      if (access.status === 'ENDED') throw AppError.forbidden(CourseMessages.ended);
      if (access.status === 'ACTIVE') throw AppError.conflict(CourseMessages.alreadyActive);
      if (!row.school_id || !row.academic_term_id) throw AppError.badRequest('school_id', CourseMessages.activateNeedsSchoolAndTerm);
      const now = clock.now();
      await repo.updateCourse(db, courseId, { status: 'ACTIVE', activated_at: now, updated_at: now });
      return present(actor, courseId);
    },

    /**
     * A new PLANNING course with the same settings, the caller as its only instructor, and a copy
     * of the sets and documents (issue 19); no people, submissions, extensions, drafts, payments or
     * discussion. It starts at `start_date` (default a week from now, on the hour); its end and
     * enrollment dates and every set's dates move by the same offset. The files are copied first;
     * the rows go in one transaction, and a failure removes the copied files again.
     */
    async duplicate(actor: Actor, courseId: number, input: DuplicateCourseRequest = {}): Promise<Course> {
      const { row, access } = await requireCourseAccess(actor, courseId, { need: 'instruct' });
      // A copy is a new course: the same right as creating one (issue 26).
      if (!policy.canDuplicateCourse(access, hasInstructorAccount(actor))) throw AppError.forbidden(CourseMessages.onlyInstructorsCreate);
      const now = clock.now();
      const start = input.start_date ?? Math.ceil((now + DUPLICATE_DEFAULT_START_SECONDS) / 3600) * 3600;
      const shift = start - row.start_date;
      const dates = { start_date: start, end_date: row.end_date + shift, enrollment_end_date: row.enrollment_end_date + shift };
      const dateErrors = courseDateErrors(dates, now, true);
      if (dateErrors.length > 0) throw AppError.invalidFields(dateErrors);
      const content = await collaborators.assignments().prepareCourseCopy(actor, courseId, { shift, ...dates });
      const code = await newInvitationCode();
      let id: number;
      try {
        id = await db.transaction().execute(async (trx) => {
          const copyId = await repo.insertCourse(trx, {
            title: input.title ?? courseCopyTitle(row.title, actor.user.language),
            status: 'PLANNING',
            school_id: row.school_id,
            academic_term_id: row.academic_term_id,
            // The year follows the start: a Fall 2025 course run again a year later is Fall 2026.
            year: row.year + yearOf(start) - yearOf(row.start_date),
            ...dates,
            payment_type: row.payment_type,
            course_product_id: row.course_product_id,
            cadential_64: row.cadential_64,
            neapolitan_6: row.neapolitan_6,
            lms_type: row.lms_type,
            invitation_code: code,
            // The instructor agreed to school billing for the original; the copy bills the same way.
            billing_agreed_at: row.payment_type === 3 ? now : null,
            activated_at: null,
            created_by: actor.user.id,
            created_at: now,
            updated_at: now,
          });
          await repo.insertMembership(trx, { courseId: copyId, userId: actor.user.id, role: 'instructor', now });
          await content.insert(trx, copyId);
          return copyId;
        });
      } catch (error) {
        await content.discard();
        throw error;
      }
      return present(actor, id);
    },

    /** Moves the course to the caller's archived list. */
    async archive(actor: Actor, courseId: number): Promise<Course> {
      const { access } = await requireCourseAccess(actor, courseId, { need: 'member' });
      if (!policy.canArchiveCourse(access)) throw AppError.conflict(CourseMessages.cannotArchive);
      await repo.setArchived(db, courseId, actor.user.id, true);
      return present(actor, courseId);
    },

    /** Moves the course back to the caller's active list. */
    async unarchive(actor: Actor, courseId: number): Promise<Course> {
      const { access } = await requireCourseAccess(actor, courseId, { need: 'member' });
      if (!policy.canUnarchiveCourse(access)) throw AppError.conflict(CourseMessages.notArchived);
      await repo.setArchived(db, courseId, actor.user.id, false);
      return present(actor, courseId);
    },

    /** Stores the caller's order of their courses in one role; the lists must be exactly their courses. */
    async reorder(actor: Actor, input: ReorderCoursesRequest): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const memberships = await repo.listMembershipsInRole(trx, actor.user.id, input.role);
        const active = memberships.filter((m) => m.archived === 0).map((m) => m.course_id);
        const archived = memberships.filter((m) => m.archived === 1).map((m) => m.course_id);
        const same = (a: number[], b: number[]) => a.length === b.length && new Set(a).size === a.length && a.every((id) => b.includes(id));
        if (!same(input.active, active) || !same(input.archived, archived))
          throw AppError.badRequest('courses', CourseMessages.reorderMismatch);
        await repo.writeWeights(trx, actor.user.id, input.role, [...input.active, ...input.archived]);
      });
    },

    /** The products a course fee can use; instructors only. */
    async listProducts(actor: Actor): Promise<CourseProduct[]> {
      if (!policy.canCreateCourse(actor)) throw AppError.forbidden(CourseMessages.onlyInstructorsCreate);
      const rows = await repo.listCourseProducts(db);
      return rows.map((p) => ({
        id: p.id,
        name: p.name,
        price: formatPrice(p.price_cents),
        fastspring_product_path: p.fastspring_product_path,
      }));
    },

    /** Writes ENDED on courses whose end date has passed; run daily and at start. */
    endPastCourses: () => repo.endPastCourses(db, clock.now()),
  };
}
