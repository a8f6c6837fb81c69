import { hasInstructorAccount } from '../../access/account.ts';
import type { Actor } from '../../http/actor.ts';

/** Spec §6: only instructors (user_type 2) use the media library. */
export function canUseMediaLibrary(actor: Actor): boolean {
  return hasInstructorAccount(actor);
}

/** A collection belongs to the instructor who made it; nobody else sees it. */
export function ownsCollection(actor: Actor, collection: { owner_id: number }): boolean {
  return collection.owner_id === actor.user.id;
}
