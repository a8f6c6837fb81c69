import { hasInstructorAccount } from '../../access/account.ts';
import type { Actor } from '../../http/actor.ts';

/** Only students ask for a teacher account; an instructor already is one (spec §6). */
export function canRequestTeacherAccount(actor: Actor): boolean {
  return !hasInstructorAccount(actor);
}
