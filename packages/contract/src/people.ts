import { z } from 'zod';
import { CourseRole } from './courses.ts';
import { isInvitationCode, PeopleMessages } from './people-constants.ts';

export { EMAIL_PATTERN, extractEmails, isInvitationCode, normalizeInvitationCode, PeopleMessages } from './people-constants.ts';

/** Invitation codes are entered case-insensitively (DESIGN §7.6), as `normalizeInvitationCode` does. */
export const InvitationCode = z.string().trim().toUpperCase().refine(isInvitationCode, PeopleMessages.codeLength);

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
