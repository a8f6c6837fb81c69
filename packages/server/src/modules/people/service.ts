import type { CourseRole } from '@app/contract/courses';
import {
  type CourseInvitation,
  type CoursePerson,
  type CreateInvitationsRequest,
  type CreateInvitationsResponse,
  EMAIL_PATTERN,
  type EnrollmentRequest,
  PeopleMessages,
} from '@app/contract/people';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { hashSecret, newSecret } from '../../lib/random.ts';
import { courseMail } from '../../mail/course-templates.ts';
import { queueMail } from '../../mail/mail-job.ts';
import { effectiveStatus } from '../courses/present.ts';
import type { CoursesService } from '../courses/service.ts';
import { presentInvitation, presentRequest } from './present.ts';
import * as repo from './repository.ts';

const INVITATION_LIFETIME_SECONDS = 14 * 24 * 3600;

export type PeopleService = ReturnType<typeof createPeopleService>;

/** Who is in a course and how people get in: personnel, invitations, enrollment requests. */
export function createPeopleService(deps: Deps, collaborators: { courses: CoursesService }) {
  const { db, clock, config } = deps;
  const { requireCourseAccess } = collaborators.courses;

  async function findInvitation(idOrToken: string) {
    const id = invitationId(idOrToken);
    if (id === null) return /^\d+$/.test(idOrToken) ? undefined : repo.findInvitationByTokenHash(db, hashSecret(idOrToken));
    return repo.findInvitationById(db, id);
  }

  return {
    /** The people of a course in one role. */
    async listMembers(actor: Actor, courseId: number, role: CourseRole): Promise<CoursePerson[]> {
      await requireCourseAccess(actor, courseId, { need: 'teach' });
      return repo.listMembers(db, courseId, role);
    },

    /** Removes a person; never yourself, never the last instructor. */
    async removeMember(actor: Actor, courseId: number, role: CourseRole, userId: number): Promise<void> {
      await requireCourseAccess(actor, courseId, { need: 'instruct' });
      if (userId === actor.user.id) throw AppError.forbidden(PeopleMessages.cannotRemoveSelf);
      await db.transaction().execute(async (trx) => {
        const membership = await repo.findMembership(trx, courseId, userId);
        if (!membership || membership.role !== role) throw AppError.notFound(PeopleMessages.memberNotFound);
        if (role === 'instructor' && (await repo.countInstructors(trx, courseId)) <= 1)
          throw AppError.conflict(PeopleMessages.lastInstructor);
        await repo.deleteMembership(trx, courseId, userId);
      });
    },

    /** Invites a list of addresses; each gets its own outcome, and one bad address fails nothing else. */
    async invite(actor: Actor, input: CreateInvitationsRequest): Promise<CreateInvitationsResponse> {
      const { access, row: course } = await requireCourseAccess(actor, input.course, { need: 'instruct' });
      if (access.status === 'ENDED') throw AppError.forbidden(PeopleMessages.endedNoInvites);
      if (input.role === 'student' && access.status !== 'ACTIVE') throw AppError.forbidden(PeopleMessages.studentsNeedActive);
      const now = clock.now();
      const results: CreateInvitationsResponse['results'] = [];
      const candidates: string[] = [];
      const seen = new Set<string>();
      for (const raw of input.emails) {
        const email = raw.trim().toLowerCase();
        if (!EMAIL_PATTERN.test(email)) results.push({ email: raw, invited: false, message: PeopleMessages.invalidEmail(raw) });
        else if (seen.has(email)) results.push({ email, invited: false, message: PeopleMessages.duplicateEmail(email) });
        else {
          seen.add(email);
          candidates.push(email);
        }
      }
      const members = await repo.memberEmails(db, course.id, candidates);
      const invited = await repo.invitedEmails(db, course.id, candidates, now);
      const accounts = new Map((await repo.usersByEmail(db, candidates)).map((u) => [u.email, u]));
      const ids: number[] = [];
      await db.transaction().execute(async (trx) => {
        for (const email of candidates) {
          if (members.has(email)) results.push({ email, invited: false, message: PeopleMessages.memberEmail(email) });
          else if (invited.has(email)) results.push({ email, invited: false, message: PeopleMessages.invitedEmail(email) });
          else {
            const token = newSecret(24);
            ids.push(
              await repo.insertInvitation(trx, {
                courseId: course.id,
                email,
                joinAs: input.role,
                tokenHash: hashSecret(token),
                inviterId: actor.user.id,
                now,
                expiresAt: now + INVITATION_LIFETIME_SECONDS,
              }),
            );
            const language = accounts.get(email)?.language ?? actor.user.language;
            await queueMail(
              deps,
              trx,
              courseMail('invited', language, email, course.title, { role: input.role, link: `${config.publicUrl}/join/${token}` }),
            );
            results.push({ email, invited: true, message: null });
          }
        }
      });
      const rows = await repo.findInvitationsByIds(db, ids);
      return { results, invitations: rows.map(presentInvitation) };
    },

    /** A course's pending invitations, for its people page. */
    async listCourseInvitations(actor: Actor, courseId: number): Promise<CourseInvitation[]> {
      await requireCourseAccess(actor, courseId, { need: 'teach' });
      return (await repo.listCourseInvitations(db, courseId, clock.now())).map(presentInvitation);
    },

    /** Withdraws an invitation of a course the actor instructs. */
    async removeInvitation(actor: Actor, id: number): Promise<void> {
      const row = await repo.findInvitationById(db, id);
      if (!row) throw AppError.notFound(PeopleMessages.invitationGone);
      await requireCourseAccess(actor, row.course_id, { need: 'instruct' });
      await repo.deleteInvitation(db, id);
    },

    /** What the join screen shows for a link; 404 once the invitation is used, withdrawn or expired. */
    async lookupInvitation(_actor: Actor, token: string): Promise<CourseInvitation> {
      const row = await repo.findInvitationByTokenHash(db, hashSecret(token));
      if (row?.state !== 'PENDING' || row.expires_at <= clock.now()) throw AppError.notFound(PeopleMessages.invitationGone);
      return presentInvitation(row);
    },

    /**
     * Accepts or declines. By token, whoever holds the e-mailed link answers; by id, only
     * the addressee (from their dashboard). Single use: a second answer finds nothing.
     */
    async respond(actor: Actor, idOrToken: string, state: 'ACCEPTED' | 'DECLINED'): Promise<CourseInvitation> {
      const now = clock.now();
      const row = await findInvitation(idOrToken);
      if (row?.state !== 'PENDING' || row.expires_at <= now) throw AppError.notFound(PeopleMessages.invitationGone);
      if (/^\d+$/.test(idOrToken) && row.invitee_email !== actor.user.email) throw AppError.notFound(PeopleMessages.invitationGone);
      if (effectiveStatus({ status: row.course_status, end_date: row.end_date }, now) === 'ENDED')
        throw AppError.notFound(PeopleMessages.invitationGone);
      await db.transaction().execute(async (trx) => {
        if (state === 'ACCEPTED') {
          const existing = await repo.findMembership(trx, row.course_id, actor.user.id);
          if (existing) throw AppError.conflict(PeopleMessages.alreadyMember);
        }
        if (!(await repo.answerInvitation(trx, row.id, state, now))) throw AppError.notFound(PeopleMessages.invitationGone);
        if (state === 'ACCEPTED')
          await collaborators.courses.addMember(trx, {
            courseId: row.course_id,
            userId: actor.user.id,
            role: row.join_as,
            now,
          });
      });
      return presentInvitation({ ...row, state });
    },

    /** The actor's own enrollment requests (dashboard). */
    async listMyRequests(actor: Actor): Promise<EnrollmentRequest[]> {
      return (await repo.listStudentRequests(db, actor.user.id)).map(presentRequest);
    },

    /** A pending request from an invitation code, for an ACTIVE course still enrolling. */
    async requestEnrollment(actor: Actor, code: string): Promise<EnrollmentRequest> {
      const now = clock.now();
      const course = await repo.findCourseByCode(db, code);
      if (!course) throw AppError.notFound(PeopleMessages.codeUnknown);
      if (effectiveStatus(course, now) !== 'ACTIVE' || course.enrollment_end_date < now)
        throw AppError.conflict(PeopleMessages.notEnrolling);
      if (await repo.findMembership(db, course.id, actor.user.id)) throw AppError.conflict(PeopleMessages.alreadyMember);
      if (await repo.hasPendingRequest(db, course.id, actor.user.id)) throw AppError.conflict(PeopleMessages.alreadySubmitted);
      let id: number;
      try {
        id = await repo.insertRequest(db, course.id, actor.user.id, now);
      } catch (error) {
        // The partial unique index caught a request racing this one.
        if (await repo.hasPendingRequest(db, course.id, actor.user.id)) throw AppError.conflict(PeopleMessages.alreadySubmitted);
        throw error;
      }
      const row = await repo.findRequest(db, id);
      if (!row) throw AppError.notFound(PeopleMessages.requestNotFound);
      return presentRequest(row);
    },

    /** The student withdraws their own pending request, or dismisses a declined one from their table (issue 19). */
    async cancelRequest(actor: Actor, id: number): Promise<void> {
      const row = await repo.findRequest(db, id);
      if (!row || row.student_id !== actor.user.id) throw AppError.notFound(PeopleMessages.requestNotFound);
      if (row.status === 'PENDING') await repo.decideRequests(db, [id], 'CANCELLED', actor.user.id, clock.now());
      else if (row.status === 'REJECTED') await repo.dismissRejectedRequest(db, id);
      else throw AppError.notFound(PeopleMessages.requestNotFound);
    },

    /** A course's pending requests, for its people page. */
    async listCourseRequests(actor: Actor, courseId: number): Promise<EnrollmentRequest[]> {
      await requireCourseAccess(actor, courseId, { need: 'teach' });
      return (await repo.listCourseRequests(db, courseId)).map(presentRequest);
    },

    /**
     * Admits or rejects a list of requests in one transaction. Every id must be a pending
     * request of a course the actor instructs, or nothing of the list is applied.
     */
    async decide(actor: Actor, ids: number[], outcome: 'ACCEPTED' | 'REJECTED'): Promise<EnrollmentRequest[]> {
      const unique = [...new Set(ids)];
      const now = clock.now();
      const decided = await db.transaction().execute(async (trx) => {
        const rows = await repo.findRequestsByIds(trx, unique);
        const instructed = await repo.coursesInstructedBy(
          trx,
          actor.user.id,
          rows.map((r) => r.course_id),
        );
        const valid = rows.length === unique.length && rows.every((r) => r.status === 'PENDING' && instructed.has(r.course_id));
        if (!valid) throw AppError.notFound(PeopleMessages.requestsNotYours);
        if ((await repo.decideRequests(trx, unique, outcome, actor.user.id, now)) !== unique.length) {
          throw AppError.conflict(PeopleMessages.requestsNotYours);
        }
        if (outcome === 'ACCEPTED') {
          for (const r of rows)
            await collaborators.courses.addMember(trx, { courseId: r.course_id, userId: r.student_id, role: 'student', now });
        }
        for (const r of rows) {
          if (r.will_receive_notification_emails !== 1) continue;
          await queueMail(deps, trx, courseMail(outcome === 'ACCEPTED' ? 'admitted' : 'rejected', r.language, r.email, r.title));
        }
        return rows;
      });
      return decided.map((r) => presentRequest({ ...r, status: outcome }));
    },
  };
}

/** An invitation id given in place of a token: digits that make an id both engines can store (a longer number finds nothing). */
function invitationId(idOrToken: string): number | null {
  if (!/^\d{1,15}$/.test(idOrToken)) return null;
  const id = Number(idOrToken);
  return id > 0 ? id : null;
}
