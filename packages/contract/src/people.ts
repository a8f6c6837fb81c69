import { z } from 'zod';
import { CourseRole, INVITATION_CODE_LENGTH } from './courses.ts';

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

/** Invitation codes are entered case-insensitively (DESIGN §7.6). */
export const InvitationCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v.length === INVITATION_CODE_LENGTH, PeopleMessages.codeLength);

export const EMAIL_PATTERN = /^[^\s@,;<>()]+@[^\s@,;<>()]+\.[^\s@,;<>()]+$/;

/** Every e-mail address in pasted text, in order, without repeats (spec §5). */
export function extractEmails(text: string): string[] {
  const found = text.match(/[^\s@,;<>()"']+@[^\s@,;<>()"']+\.[^\s@,;<>()"']+/g) ?? [];
  return [...new Set(found.map((e) => e.toLowerCase()))];
}

export const CourseRef = z.object({
  id: z.number().int(),
  title: z.string(),
  start_date: z.number().int(),
  end_date: z.number().int(),
  school: z.object({ school: z.string().nullable() }),
});
export type CourseRef = z.infer<typeof CourseRef>;

export const InvitationState = z.enum(['PENDING', 'ACCEPTED', 'DECLINED']);
export const CourseInvitation = z.object({
  id: z.number().int(),
  invitee_email: z.string(),
  join_as: CourseRole,
  role: CourseRole,
  state: InvitationState,
  created_at: z.number().int(),
  expires_at: z.number().int(),
  course_info: CourseRef,
});
export type CourseInvitation = z.infer<typeof CourseInvitation>;

export const EnrollmentStatus = z.enum(['PENDING', 'ACCEPTED', 'REJECTED', 'CANCELLED']);
export type EnrollmentStatus = z.infer<typeof EnrollmentStatus>;
export const EnrollmentRequest = z.object({
  id: z.number().int(),
  status: EnrollmentStatus,
  created_at: z.number().int(),
  student: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string(), email: z.string() }),
  course: CourseRef,
});
export type EnrollmentRequest = z.infer<typeof EnrollmentRequest>;

export const CoursePerson = z.object({ user_id: z.number().int(), first_name: z.string(), last_name: z.string(), email: z.string() });
export type CoursePerson = z.infer<typeof CoursePerson>;

export const PeopleRole = z.enum(['students', 'tas', 'instructors']);
export const ROLE_OF_PATH = { students: 'student', tas: 'ta', instructors: 'instructor' } as const;

export const CreateInvitationsRequest = z.object({
  role: CourseRole,
  course: z.number().int().positive(),
  emails: z.array(z.string().max(254)).min(1, 'Add at least one e-mail address.').max(200, 'Invite at most 200 people at a time.'),
});
export type CreateInvitationsRequest = z.infer<typeof CreateInvitationsRequest>;

export const InvitationOutcome = z.object({ email: z.string(), invited: z.boolean(), message: z.string().nullable() });
export const CreateInvitationsResponse = z.object({ results: z.array(InvitationOutcome), invitations: z.array(CourseInvitation) });
export type CreateInvitationsResponse = z.infer<typeof CreateInvitationsResponse>;

export const RespondToInvitationRequest = z.object({
  state: z.enum(['ACCEPTED', 'DECLINED'], { message: 'State must be ACCEPTED or DECLINED.' }),
});

export const CreateEnrollmentRequest = z.object({ invitation_code: InvitationCode });
export const DecideEnrollmentRequests = z.object({
  course_enrollment_request_ids: z.array(z.number().int().positive()).min(1, 'Choose at least one enrollment request.').max(1000),
});
