import { Messages } from '@app/contract/errors';
import type { TeacherAccountRequestInput, TeacherRequestStatus } from '@app/contract/teacher-requests';
import { UserType } from '@app/contract/users';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { queueMail } from '../../mail/mail-job.ts';
import { accountMail } from '../../mail/templates.ts';
import type { UsersService } from '../users/service.ts';
import { canRequestTeacherAccount } from './policy.ts';
import { presentTeacherRequest } from './present.ts';
import * as repo from './repository.ts';

export type TeacherRequestsService = ReturnType<typeof createTeacherRequestsService>;

/** A request named by its id, or by the e-mail of the user whose request is pending. */
export type TeacherRequestRef = { id: number } | { email: string };

/**
 * Teacher account requests: students submit them over HTTP; an administrator decides them with
 * the admin CLI (DESIGN §7.8). The deciding methods have no actor: only the CLI calls them.
 */
export function createTeacherRequestsService(deps: Deps, collaborators: { users: UsersService }) {
  const { db, clock, config } = deps;
  const { users } = collaborators;

  async function findForDecision(ref: TeacherRequestRef) {
    const request = 'id' in ref ? await repo.findTeacherRequest(db, ref.id) : await repo.findPendingTeacherRequestByEmail(db, ref.email);
    if (!request) {
      throw AppError.notFound(
        'id' in ref ? `No teacher account request has id ${ref.id}.` : `${ref.email} has no pending teacher account request.`,
      );
    }
    if (request.status !== 'PENDING') throw AppError.conflict(`Request ${request.id} was already ${request.status.toLowerCase()}.`);
    return request;
  }

  return {
    /** A student asks for a teacher account; one pending request at a time. */
    async submit(actor: Actor, input: z.output<typeof TeacherAccountRequestInput>) {
      if (!canRequestTeacherAccount(actor)) throw new AppError('already_instructor', Messages.alreadyInstructor, 403);
      const pending = () => new AppError('teacher_request_pending', Messages.teacherRequestPending, 409);
      if (await repo.findPendingRequestOfUser(db, actor.user.id)) throw pending();
      try {
        const row = await repo.insertTeacherRequest(db, {
          userId: actor.user.id,
          schoolName: input.school_name,
          phone: input.phone,
          webSite: input.web_site,
          now: clock.now(),
        });
        deps.log.info({ userId: actor.user.id, requestId: row.id }, 'teacher account request submitted');
        return presentTeacherRequest(row);
      } catch (error) {
        // Two submissions racing: the partial unique index lets one through.
        if (await repo.findPendingRequestOfUser(db, actor.user.id)) throw pending();
        throw error;
      }
    },

    /** Requests with their users, oldest first (CLI). */
    list: (statuses: readonly TeacherRequestStatus[] = ['PENDING']) => repo.listTeacherRequests(db, statuses),

    /** Approves a pending request: the user becomes an instructor and is told by e-mail (CLI). */
    async approve(ref: TeacherRequestRef) {
      const request = await findForDecision(ref);
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        if (!(await repo.decideTeacherRequest(trx, request.id, 'APPROVED', now))) {
          throw AppError.conflict(`Request ${request.id} was decided meanwhile.`);
        }
        await users.updateAccount(trx, request.user_id, { user_type: UserType.instructor, updated_at: now });
        const link = `${config.publicUrl}/sign-in`;
        await queueMail(deps, trx, accountMail('teacher-approved', request.language, request.email, request.first_name, link));
      });
      return { ...request, status: 'APPROVED' as const, decided_at: now };
    },

    /** Rejects a pending request; the user may ask again (CLI). */
    async reject(ref: TeacherRequestRef) {
      const request = await findForDecision(ref);
      const now = clock.now();
      if (!(await repo.decideTeacherRequest(db, request.id, 'REJECTED', now))) {
        throw AppError.conflict(`Request ${request.id} was decided meanwhile.`);
      }
      return { ...request, status: 'REJECTED' as const, decided_at: now };
    },
  };
}
