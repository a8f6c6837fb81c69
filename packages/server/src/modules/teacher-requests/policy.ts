import { UserType } from '@app/contract/users';
import type { Actor } from '../../http/actor.ts';

/** Only students ask for a teacher account; an instructor already is one (spec §6). */
export function canRequestTeacherAccount(actor: Actor): boolean {
  return actor.user.user_type !== UserType.instructor;
}
