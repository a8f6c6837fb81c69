import { isLanguageCode } from '@app/contract/constants';
import type { CourseRole } from '@app/contract/courses';
import { LTI_LIMITS, LtiMessages } from '@app/contract/lti';
import { type LanguageCode, UserType } from '@app/contract/users';
import { meetsNeed } from '../../access/course-access.ts';

/** The sentences and limits live in the contract, so the web app translates them by code (QA2-7). */
export { LTI_LIMITS, LtiMessages };

const MEMBERSHIP = 'http://purl.imsglobal.org/vocab/lis/v2/membership#';
const INSTRUCTOR_SUB = 'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#';

/**
 * The course role an LTI launch's roles claim grants in the launch's own context: context
 * (membership) roles only — an institution or system role such as
 * `institution/person#Instructor` grants nothing here. TeachingAssistant (a sub-role of
 * Instructor, or its own membership role) wins over Instructor; Instructor over Learner.
 * LTI 1.3 also allows the simple names for context roles.
 */
export function courseRoleFromLti(roles: readonly string[]): CourseRole | undefined {
  const has = (name: string) => roles.includes(`${MEMBERSHIP}${name}`) || roles.includes(name);
  if (roles.includes(`${INSTRUCTOR_SUB}TeachingAssistant`) || has('TeachingAssistant')) return 'ta';
  if (has('Instructor') || has('Administrator')) return 'instructor';
  if (has('Learner')) return 'student';
  return undefined;
}

/** The message types this tool takes, and the one LTI version. */
export const LAUNCH_MESSAGE_TYPES = ['LtiResourceLinkRequest', 'LtiDeepLinkingRequest'] as const;
export const LTI_VERSION = '1.3.0';

/**
 * Why a platform URL is refused (undefined when fine): longer than its column (LTI_LIMITS.url),
 * not a URL, or not https (loopback http outside production only). The one check of every
 * platform URL: registered, claimed in a launch, answered by a service.
 */
export function platformUrlRefusal(
  value: string,
  mode: 'production' | 'development' | 'test',
): 'too_long' | 'invalid' | 'insecure' | undefined {
  if (value.length > LTI_LIMITS.url) return 'too_long';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'invalid';
  }
  if (url.protocol === 'https:') return undefined;
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol === 'http:' && loopback && mode !== 'production') return undefined;
  return 'insecure';
}

/** A platform URL a claim or a service answer names, when the tool may keep and reach it (platformUrlRefusal); undefined otherwise. */
export function usablePlatformUrl(value: unknown, mode: 'production' | 'development' | 'test'): string | undefined {
  return typeof value === 'string' && platformUrlRefusal(value, mode) === undefined ? value : undefined;
}

/** Whether a launch's target link leads to this site (same origin as PUBLIC_URL). */
export function targetOnSite(target: string, publicUrl: string): boolean {
  try {
    return new URL(target).origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

/**
 * Whether a platform's e-mail claim may link the launch to an existing account of that e-mail:
 * only when the registration says the platform's e-mails are verified. Otherwise a new account
 * is made (users are linked by issuer and sub).
 */
export function emailMayLink(emailsVerified: boolean, email: string | undefined): email is string {
  return emailsVerified && typeof email === 'string' && email.length > 0;
}

/** A positive integer id in a custom parameter the tool put into its resource link, or undefined. */
export function customId(custom: unknown, name: string): string | undefined {
  const value = (custom as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value) ? value : undefined;
}

/**
 * Where a launch lands: the course's page for its role. A deep-linked item carries the custom
 * parameters the tool put into its resource link: `harmony_set_id` (a set), and with it
 * `harmony_document_id` (one exercise of the set). Students land on that exercise's workspace, or
 * on the Assignments page showing that set; teachers open the set's page.
 */
export function landingPath(courseId: number, role: CourseRole, custom?: unknown): string {
  const setId = customId(custom, 'harmony_set_id');
  const documentId = customId(custom, 'harmony_document_id');
  if (meetsNeed(role, 'study')) {
    if (documentId) return `/student/course/${courseId}/document/${documentId}`;
    if (setId) return `/student/course/${courseId}/assignments?set=${setId}`;
    return `/student/course/${courseId}/assignments`;
  }
  if (setId) return `/course/${courseId}/assignment/${setId}`;
  return `/course/${courseId}`;
}

/** The origins a CSP frame-ancestors list names for registered platforms (their issuers and auth URLs). */
export function platformOrigins(platforms: readonly { issuer: string; auth_url: string }[]): string[] {
  const origins = new Set<string>();
  for (const p of platforms) {
    for (const value of [p.issuer, p.auth_url]) {
      try {
        const { origin } = new URL(value);
        if (origin !== 'null') origins.add(origin);
      } catch {
        // Not a URL: names no origin.
      }
    }
  }
  return [...origins].sort();
}

/** The score maximum of a line item: grades are posted as percentages. */
export const LINE_ITEM_SCORE_MAXIMUM = 100;

/** The tool's resource id of a deep-linked set's or exercise's line item (what the deep-linking response puts in). */
export const setResourceId = (setId: number) => `set-${setId}`;
export const documentResourceId = (documentId: number) => `document-${documentId}`;

/**
 * The Deep Linking content item for an assignment set: an LTI resource link to the launch URL
 * that names the set, with a line item (score maximum, label, resource id) and the set's due date
 * as the submission window's end, which platforms that take it show as the due date.
 */
export function setResourceLink(set: { id: number; title: string; due_at: number }, launchUrl: string) {
  return {
    type: 'ltiResourceLink',
    title: set.title,
    url: launchUrl,
    custom: { harmony_set_id: String(set.id) },
    lineItem: { scoreMaximum: LINE_ITEM_SCORE_MAXIMUM, label: set.title, resourceId: setResourceId(set.id) },
    submission: { endDateTime: new Date(set.due_at * 1000).toISOString() },
  };
}

/**
 * The Deep Linking content item for one exercise (document) of a set: like the set's, naming the
 * document too (`harmony_document_id`), its own line item (resource id `document-{id}`), and the
 * set's due date.
 */
export function documentResourceLink(set: { id: number; due_at: number }, doc: { id: number; title: string }, launchUrl: string) {
  return {
    type: 'ltiResourceLink',
    title: doc.title,
    url: launchUrl,
    custom: { harmony_set_id: String(set.id), harmony_document_id: String(doc.id) },
    lineItem: { scoreMaximum: LINE_ITEM_SCORE_MAXIMUM, label: doc.title, resourceId: documentResourceId(doc.id) },
    submission: { endDateTime: new Date(set.due_at * 1000).toISOString() },
  };
}

/** The LTI Advantage scopes the tool asks a platform for: Assignment and Grade Services, Names and Role Provisioning. */
export const TOOL_SCOPES = [
  'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
  'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
] as const;

/** The LTI tool configuration claim of a Dynamic Registration request and response. */
export const TOOL_CONFIGURATION_CLAIM = 'https://purl.imsglobal.org/spec/lti-tool-configuration';
export const PLATFORM_CONFIGURATION_CLAIM = 'https://purl.imsglobal.org/spec/lti-platform-configuration';

/** A platform's OpenID configuration, as much of it as Dynamic Registration reads. */
export type PlatformOpenIdConfiguration = {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  registration_endpoint: string;
  product: string | null;
};

/**
 * Reads a platform's OpenID configuration (LTI Dynamic Registration 1.0, §3.4): the endpoints it
 * must name, and its issuer, which must have the origin of the URL the configuration came from
 * (a configuration cannot speak for another platform). Answers the refusal's sentence otherwise.
 */
export function readOpenIdConfiguration(
  body: unknown,
  configurationUrl: string,
): { config: PlatformOpenIdConfiguration } | { refusal: string } {
  const doc = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const text = (name: string) => (typeof doc[name] === 'string' && doc[name] !== '' ? (doc[name] as string) : undefined);
  const issuer = text('issuer');
  const fields = ['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'registration_endpoint'] as const;
  const missing = fields.filter((name) => !text(name));
  if (!issuer || missing.length > 0) return { refusal: LtiMessages.registrationConfigIncomplete };
  let sameOrigin = false;
  try {
    sameOrigin = new URL(issuer).origin === new URL(configurationUrl).origin;
  } catch {
    sameOrigin = false;
  }
  if (!sameOrigin) return { refusal: LtiMessages.registrationIssuer };
  const platform = doc[PLATFORM_CONFIGURATION_CLAIM] as { product_family_code?: unknown } | undefined;
  return {
    config: {
      issuer,
      authorization_endpoint: text('authorization_endpoint') as string,
      token_endpoint: text('token_endpoint') as string,
      jwks_uri: text('jwks_uri') as string,
      registration_endpoint: text('registration_endpoint') as string,
      product: typeof platform?.product_family_code === 'string' ? platform.product_family_code.slice(0, 100) : null,
    },
  };
}

/**
 * The tool's client registration (LTI Dynamic Registration 1.0, §3.5): OpenID Connect client
 * metadata for its login, launch (redirect) and key set URLs, its scopes, and the LTI tool
 * configuration claim with a resource-link launch and a deep-linking message.
 */
export function toolRegistration(publicUrl: string, paths: { login: string; launch: string; jwks: string }) {
  const launch = `${publicUrl}${paths.launch}`;
  return {
    application_type: 'web',
    response_types: ['id_token'],
    grant_types: ['implicit', 'client_credentials'],
    initiate_login_uri: `${publicUrl}${paths.login}`,
    redirect_uris: [launch],
    client_name: 'Harmony Dashboard',
    jwks_uri: `${publicUrl}${paths.jwks}`,
    token_endpoint_auth_method: 'private_key_jwt',
    scope: TOOL_SCOPES.join(' '),
    [TOOL_CONFIGURATION_CLAIM]: {
      domain: new URL(publicUrl).host,
      description: 'Music-theory exercises, assignments and grades.',
      target_link_uri: launch,
      claims: ['iss', 'sub', 'name', 'given_name', 'family_name', 'email'],
      messages: [
        { type: 'LtiResourceLinkRequest', target_link_uri: launch, label: 'Harmony Dashboard', placements: ['course_navigation'] },
        {
          type: 'LtiDeepLinkingRequest',
          target_link_uri: launch,
          label: 'Harmony Dashboard exercise',
          placements: ['assignment_selection', 'link_selection', 'ContentArea'],
        },
      ],
    },
  };
}

/** The client id and deployment id a platform's registration response gives the tool; undefined when it names no client id. */
export function readRegistrationResponse(body: unknown): { clientId: string; deploymentId: string | null } | undefined {
  const doc = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const clientId = typeof doc.client_id === 'string' && doc.client_id !== '' ? doc.client_id : undefined;
  if (!clientId) return undefined;
  const claim = doc[TOOL_CONFIGURATION_CLAIM] as { deployment_id?: unknown } | undefined;
  const deploymentId = typeof claim?.deployment_id === 'string' && claim.deployment_id !== '' ? claim.deployment_id : null;
  return { clientId, deploymentId };
}

// Who may do what with a launch (issue 37): the module's access rules, by the course role the
// launch's own context gave (courseRoleFromLti), through the product's needs (meetsNeed).

/** A refusal a rule answers: the status, the error code and the contract's sentence. */
export type Refusal = { status: 403 | 409; code: 'forbidden' | 'conflict'; message: string };

/**
 * Why the caller may not link an LMS course to a course here (undefined when they may): only its
 * LMS instructors may, and only while it is not linked. Who may not link learns that first.
 */
export function contextLinkRefusal(row: { role: CourseRole; course_id: number | string | null }): Refusal | undefined {
  if (!meetsNeed(row.role, 'instruct')) return { status: 403, code: 'forbidden', message: LtiMessages.onlyInstructorsLink };
  if (row.course_id !== null) return { status: 409, code: 'conflict', message: LtiMessages.alreadyLinked };
  return undefined;
}

/** Why a deep-linking request is refused for this role (undefined when taken): only the LMS course's teachers choose content. */
export function deepLinkRefusal(role: CourseRole): string | undefined {
  return meetsNeed(role, 'teach') ? undefined : LtiMessages.deepLinkLearner;
}

/** A launch into an LMS course not linked yet: its instructors go to link it (a deep-linking request waits for that); others wait. */
export function unlinkedLaunch(role: CourseRole): 'link' | 'wait' {
  return meetsNeed(role, 'instruct') ? 'link' : 'wait';
}

/** The account type a first launch (or a roster) makes: an instructor's for an LMS Instructor, else a student's. */
export function accountTypeOf(role: CourseRole | undefined): (typeof UserType)[keyof typeof UserType] {
  return role !== undefined && meetsNeed(role, 'instruct') ? UserType.instructor : UserType.student;
}

/** The id of a launch's resource_link claim (LTI Core §5.3.5: an object with an id), when it is one the tables keep. */
export function resourceLinkOf(claim: unknown): string | undefined {
  const id = typeof claim === 'object' && claim !== null ? (claim as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id.length > 0 && id.length <= LTI_LIMITS.id ? id : undefined;
}

/** What a deep-linking request's settings let the tool answer. */
export type DeepLinkSettings = { returnUrl: string; data: string | null; acceptMultiple: boolean; acceptLineItem: boolean };

/**
 * Reads deep_linking_settings (Deep Linking 2.0 §4.4.1): a usable return URL and `ltiResourceLink`
 * among the accepted types, else undefined (refused); `accept_multiple` (default false) and
 * `accept_lineitem` (default true: absent, the platform takes a line item with the link).
 */
export function readDeepLinkSettings(settings: unknown, mode: 'production' | 'development' | 'test'): DeepLinkSettings | undefined {
  const s = (typeof settings === 'object' && settings !== null ? settings : {}) as Record<string, unknown>;
  const returnUrl = usablePlatformUrl(s.deep_link_return_url, mode);
  const accepts = Array.isArray(s.accept_types) && s.accept_types.includes('ltiResourceLink');
  if (!returnUrl || !accepts) return undefined;
  return {
    returnUrl,
    data: typeof s.data === 'string' ? s.data : null,
    acceptMultiple: s.accept_multiple === true,
    acceptLineItem: s.accept_lineitem !== false,
  };
}

/**
 * The line item a launch should make (AGS 2.0 §3.2.5, POST lineitems), or undefined: the link names
 * a set (and maybe one exercise of it) by the tool's custom parameters, the launch named no line
 * item, none is known for that resource id in the LMS course, the set or exercise is graded (a
 * counted exercise), and the platform granted the `lineitem` scope (not only `lineitem.readonly`).
 */
export function lineItemToCreate(launch: {
  custom: unknown;
  lineItemClaimed: boolean;
  scopes: readonly string[];
  known: boolean;
  graded: boolean;
}): { resourceId: string; setId: number; documentId?: number } | undefined {
  const setId = customId(launch.custom, 'harmony_set_id');
  if (!setId || launch.lineItemClaimed || launch.known || !launch.graded) return undefined;
  if (!launch.scopes.includes('https://purl.imsglobal.org/spec/lti-ags/scope/lineitem')) return undefined;
  const documentId = customId(launch.custom, 'harmony_document_id');
  return documentId
    ? { resourceId: documentResourceId(Number(documentId)), setId: Number(setId), documentId: Number(documentId) }
    : { resourceId: setResourceId(Number(setId)), setId: Number(setId) };
}

/** One language tag (a locale claim's `ko-KR`, `zh_TW`) as one of the product's four languages, or undefined. */
function languageOfTag(tag: string): LanguageCode | undefined {
  const lower = tag.trim().toLowerCase().replaceAll('_', '-');
  if (isLanguageCode(lower)) return lower;
  if (/^zh-(tw|hk|mo)\b/.test(lower) || lower.startsWith('zh-hant')) return 'zh-hant';
  if (lower.startsWith('zh')) return 'zh-hans';
  if (lower === 'ko' || lower.startsWith('ko-')) return 'ko';
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  return undefined;
}

/**
 * The language of a refusal page: the launch's locale claim (launch_presentation.locale), else the
 * first of the browser's Accept-Language it names that the product has (by preference), else English.
 */
export function refusalLanguage(locale: unknown, acceptLanguage: string | undefined): LanguageCode {
  const claimed = typeof locale === 'string' ? languageOfTag(locale) : undefined;
  if (claimed) return claimed;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const code = languageOfTag(tag);
    if (code) return code;
  }
  return 'en';
}
