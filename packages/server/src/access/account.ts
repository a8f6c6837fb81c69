import { UserType } from '@app/contract/users';
import type { Actor } from '../http/actor.ts';

/**
 * Whether the actor's account is an instructor's (spec §6: they create courses, use the
 * content and media libraries). The account type is always read through the contract's
 * `UserType`, never as a bare number.
 */
export function hasInstructorAccount(actor: Actor): boolean {
  return isInstructorAccount(actor.user);
}

/** The same rule for a user row in hand (a presenter that has no `Actor`). */
export function isInstructorAccount(user: { user_type: number }): boolean {
  return user.user_type === UserType.instructor;
}
