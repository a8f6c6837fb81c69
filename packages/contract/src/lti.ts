import { z } from 'zod';
import { CourseRole } from './courses.ts';

/** An LMS course (LTI context) a launch brought, as its LMS instructors see it (issue 28). */
export const LtiContext = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The course here it is linked to; null until an instructor links one. */
  course_id: z.number().int().nullable(),
  /** The caller's role in the LMS course, as their latest launch said it. */
  role: CourseRole,
});
export type LtiContext = z.infer<typeof LtiContext>;

/** Links an LMS course to a course the caller instructs. */
export const LinkLtiContextRequest = z.object({ course_id: z.number().int().positive() });
export type LinkLtiContextRequest = z.infer<typeof LinkLtiContextRequest>;

/**
 * POST /api/lti/deep-links/{key}: what an instructor picked for the LMS: an assignment set, or one
 * exercise (document) of it.
 */
export const DeepLinkChoice = z.object({
  set_id: z.number().int().positive(),
  document_id: z.number().int().positive().optional(),
});
export type DeepLinkChoice = z.infer<typeof DeepLinkChoice>;

/** The signed LtiDeepLinkingResponse and where the browser posts it (as the form field JWT). */
export const DeepLinkResponse = z.object({ return_url: z.string(), jwt: z.string() });
export type DeepLinkResponse = z.infer<typeof DeepLinkResponse>;
