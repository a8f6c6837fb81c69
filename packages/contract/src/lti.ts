import { z } from 'zod';
import { CourseRole } from './courses.ts';

/**
 * The sentences the LTI routes answer with, each coded `lti.*` (message-codes.ts) so the web app
 * translates them (a launch's failure is shown to the person in the LMS frame, as the error envelope).
 */
export const LtiMessages = {
  unknownPlatform: 'This LMS is not registered with this tool.',
  unknownDeployment: 'This LMS deployment is not registered with this tool.',
  loginHint: 'The login request lacks iss, login_hint or target_link_uri.',
  targetOffSite: 'The launch target is not on this site.',
  stateInvalid: 'This launch has expired or was already used. Open the tool from your LMS again.',
  stateOtherBrowser: 'This launch was started in another browser. Open the tool from your LMS again.',
  tokenInvalid: 'The launch token could not be verified.',
  nonceMismatch: 'The launch token does not belong to this login.',
  messageType: 'The launch lacks a supported message type or LTI version 1.3.0.',
  noSubject: 'The launch does not name the user (anonymous launches are not supported).',
  noContext: 'The launch does not name an LMS course (context).',
  noResourceLink: 'The launch does not name its resource link (resource_link with an id).',
  noRole: 'Your role in this LMS course gives no access to this tool.',
  notLinked: 'This LMS course is not linked to a course here yet. Ask your instructor to open the tool from the LMS first.',
  noSuchContext: 'This LMS course does not exist.',
  onlyInstructorsLink: 'Only an instructor of the LMS course may link it.',
  alreadyLinked: 'This LMS course is linked already.',
  deepLinkLearner: 'Only instructors can add content from this tool to the LMS.',
  deepLinkSettings: 'The deep-linking request lacks a return URL or does not take LTI resource links.',
  deepLinkGone: 'This content selection has expired or was already used. Open it from your LMS again.',
  setNotInCourse: 'This assignment set is not in the linked course.',
  documentNotInSet: 'This exercise is not in the chosen assignment set.',
  deepLinkOneItem: 'Your LMS takes one item from this selection: choose the whole set or one exercise.',
  registrationGone: 'This registration link has expired or was already used. Ask for a new one (admin command: lti registration-url).',
  registrationConfigUnreachable: "The LMS's OpenID configuration could not be read.",
  registrationConfigIncomplete: "The LMS's OpenID configuration lacks its issuer, authorisation, token, key set or registration endpoint.",
  registrationIssuer: "The LMS's issuer does not match the address its OpenID configuration came from.",
  registrationRefused: 'The LMS refused the registration.',
  onlyInstructorsSync: "Only the course's instructors can sync its people from the LMS.",
  noRoster: 'This course is not linked to an LMS course that shares its roster.',
  rosterUnreachable: "The LMS's roster could not be read. Please try again later.",
  platformUrl: (what: string) =>
    `The ${what} must be an https:// address (http://127.0.0.1 or http://localhost only in development or test mode).`,
  platformUrlLength: (what: string) => `The ${what} must be at most ${LTI_LIMITS.url} characters.`,
} as const;

/**
 * The longest values the tables keep (PostgreSQL refuses longer ones): an LTI id (`sub`, context id,
 * the roster's user_id), an e-mail address, a platform URL. A launch or roster with a longer one
 * is refused or takes it as absent, never a 500.
 */
export const LTI_LIMITS = { id: 255, email: 254, url: 2000 } as const;

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
 * POST /api/lti/deep-links/{key}: what an instructor picked for the LMS: an assignment set, one
 * exercise (document) of it, or several of its exercises (`document_ids`, one content item each;
 * more than one only where the LMS's deep_linking_settings accept several, issue 37).
 */
export const DeepLinkChoice = z
  .object({
    set_id: z.number().int().positive(),
    document_id: z.number().int().positive().optional(),
    document_ids: z.array(z.number().int().positive()).min(1).max(100).optional(),
  })
  .refine((choice) => choice.document_id === undefined || choice.document_ids === undefined, {
    message: 'Choose one exercise or several, not both.',
    path: ['document_ids'],
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
