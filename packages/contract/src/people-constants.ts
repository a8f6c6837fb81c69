// The zod-free part of people.ts (messages and plain rules), which people.ts re-exports: screens of
// the first load (the dashboard's join form) import them here without loading zod.
import { INVITATION_CODE_LENGTH } from './course-constants.ts';

export const PeopleMessages = {
  codeLength: 'Invitation code must be 6 digits',
  codeUnknown: 'No course uses this invitation code.',
  notEnrolling: 'This course is not accepting enrollment requests.',
  alreadySubmitted: 'Enrollment request already submitted.',
  alreadyMember: 'You are already a member of this course.',
  requestNotFound: 'This enrollment request does not exist.',
  requestsNotYours: 'Some of these enrollment requests do not exist, are already decided, or belong to a course you do not teach.',
  studentsNeedActive: 'You must activate the course first to invite students.',
  endedNoInvites: 'Course has ended.',
  invitationGone: 'This course invitation is no longer available.',
  invitationNotYours: 'This course invitation is addressed to someone else.',
  cannotRemoveSelf: 'You cannot remove yourself from a course.',
  lastInstructor: 'A course must keep at least one instructor.',
  memberNotFound: 'This person is not in this role in the course.',
  invalidEmail: (value: string) => `${value} is not a valid email address.`,
  duplicateEmail: (value: string) => `${value} has already been added.`,
  memberEmail: (value: string) => `${value} is already a member of this course.`,
  invitedEmail: (value: string) => `${value} has already been invited.`,
} as const;

/** Invitation codes are entered case-insensitively (DESIGN §7.6): the code as the server compares it. */
export function normalizeInvitationCode(value: string): string {
  return value.trim().toUpperCase();
}

/** Whether a normalized code has the length of every invitation code. */
export function isInvitationCode(code: string): boolean {
  return code.length === INVITATION_CODE_LENGTH;
}

export const EMAIL_PATTERN = /^[^\s@,;<>()]+@[^\s@,;<>()]+\.[^\s@,;<>()]+$/;

/** Every e-mail address in pasted text, in order, without repeats (spec §5). */
export function extractEmails(text: string): string[] {
  const found = text.match(/[^\s@,;<>()"']+@[^\s@,;<>()"']+\.[^\s@,;<>()"']+/g) ?? [];
  return [...new Set(found.map((e) => e.toLowerCase()))];
}
