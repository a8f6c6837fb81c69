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

/**
 * LTI Dynamic Registration 1.0: what the LMS appended to the registration URL the admin CLI made
 * (GET /api/lti/registrations/{key} as query parameters, POST as the body).
 */
export const LtiRegistrationRequest = z.object({
  openid_configuration: z.string().min(1).max(2000),
  registration_token: z.string().max(8000).optional(),
});
export type LtiRegistrationRequest = z.infer<typeof LtiRegistrationRequest>;

/** The LMS a registration URL was opened from, for its one confirmation form. */
export const LtiRegistrationPreview = z.object({
  issuer: z.string(),
  /** The platform's product family code (canvas, moodle, …), when its configuration names one. */
  product: z.string().nullable(),
  /** Whether a platform of this issuer is registered already (registering again adds a client or deployment). */
  registered_already: z.boolean(),
});
export type LtiRegistrationPreview = z.infer<typeof LtiRegistrationPreview>;

/** The registration stored: the platform here, and the client id and deployment id the LMS gave the tool. */
export const LtiRegistrationResult = z.object({
  platform_id: z.number().int(),
  issuer: z.string(),
  client_id: z.string(),
  deployment_id: z.string().nullable(),
});
export type LtiRegistrationResult = z.infer<typeof LtiRegistrationResult>;

/** A "Sync from LMS" runs as a job (issue 28): QUEUED → RUNNING → DONE, or FAILED. */
export const LmsRosterSyncStatus = z.enum(['QUEUED', 'RUNNING', 'DONE', 'FAILED']);
export type LmsRosterSyncStatus = z.infer<typeof LmsRosterSyncStatus>;

/**
 * Why a sync failed: the LMS's roster could not be read (`unreachable`), the course is no longer
 * linked to an LMS course that shares its roster (`not_linked`), or something else (`failed`).
 */
export const LmsRosterSyncFailure = z.enum(['unreachable', 'not_linked', 'failed']);
export type LmsRosterSyncFailure = z.infer<typeof LmsRosterSyncFailure>;

/** The latest "Sync from LMS" of a course: its state, and once done what it changed. */
export const LmsRosterSync = z.object({
  id: z.number().int(),
  status: LmsRosterSyncStatus,
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Members left out: inactive in the LMS, or with no role that maps to one here. */
  skipped: z.number().int(),
  error: LmsRosterSyncFailure.nullable(),
  requested_at: z.number().int(),
  finished_at: z.number().int().nullable(),
});
export type LmsRosterSync = z.infer<typeof LmsRosterSync>;

/**
 * GET /api/courses/{id}/lms-roster: whether "Sync from LMS" is offered (a linked LMS course that
 * shares its roster), and the latest sync. POST answers the same (202) with the sync it queued, or
 * the one still queued or running.
 */
export const LmsRosterStatus = z.object({
  available: z.boolean(),
  /** The LMS course's title, when available. */
  lms_title: z.string().nullable(),
  sync: LmsRosterSync.nullable(),
});
export type LmsRosterStatus = z.infer<typeof LmsRosterStatus>;
