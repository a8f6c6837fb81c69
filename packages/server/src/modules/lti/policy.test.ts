import { describe, expect, it } from 'vitest';
import {
  accountTypeOf,
  contextLinkRefusal,
  courseRoleFromLti,
  deepLinkRefusal,
  emailMayLink,
  LTI_LIMITS,
  LtiMessages,
  landingPath,
  lineItemToCreate,
  platformOrigins,
  platformUrlRefusal,
  readDeepLinkSettings,
  refusalLanguage,
  resourceLinkOf,
  setResourceLink,
  targetOnSite,
  unlinkedLaunch,
  usablePlatformUrl,
} from './policy.ts';

const M = 'http://purl.imsglobal.org/vocab/lis/v2/membership#';

describe('LTI policy', () => {
  it('maps the context roles of a launch to course roles, and nothing else', () => {
    expect(courseRoleFromLti([`${M}Instructor`])).toBe('instructor');
    expect(courseRoleFromLti([`${M}Learner`])).toBe('student');
    expect(courseRoleFromLti([`${M}Instructor`, 'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant'])).toBe(
      'ta',
    );
    expect(courseRoleFromLti([`${M}TeachingAssistant`])).toBe('ta');
    expect(courseRoleFromLti(['Learner'])).toBe('student');
    expect(courseRoleFromLti([`${M}Learner`, `${M}Instructor`])).toBe('instructor');
    // Institution and system roles give nothing in a course.
    expect(courseRoleFromLti(['http://purl.imsglobal.org/vocab/lis/v2/institution/person#Instructor'])).toBeUndefined();
    expect(courseRoleFromLti(['http://purl.imsglobal.org/vocab/lis/v2/system/person#Administrator'])).toBeUndefined();
    expect(courseRoleFromLti([`${M}Mentor`])).toBeUndefined();
    expect(courseRoleFromLti([])).toBeUndefined();
  });

  it('takes https platform URLs always, loopback http only outside production', () => {
    expect(platformUrlRefusal('https://canvas.example.edu/api/lti/authorize_redirect', 'production')).toBeUndefined();
    expect(platformUrlRefusal('http://127.0.0.1:4000/auth', 'production')).toBe('insecure');
    expect(platformUrlRefusal('http://127.0.0.1:4000/auth', 'test')).toBeUndefined();
    expect(platformUrlRefusal('http://localhost:4000/auth', 'development')).toBeUndefined();
    expect(platformUrlRefusal('http://canvas.example.edu/auth', 'development')).toBe('insecure');
    expect(platformUrlRefusal('ftp://127.0.0.1/auth', 'test')).toBe('insecure');
    expect(platformUrlRefusal('not a url', 'test')).toBe('invalid');
    // Longer than its column (LTI_LIMITS.url): refused before it is read.
    const long = `https://lms.example.edu/${'a'.repeat(LTI_LIMITS.url)}`;
    expect(platformUrlRefusal(long, 'production')).toBe('too_long');
    expect(platformUrlRefusal(long.slice(0, LTI_LIMITS.url), 'production')).toBeUndefined();
  });

  it('keeps a claimed platform URL only when the one check passes it', () => {
    expect(usablePlatformUrl('https://lms.example.edu/lineitems', 'production')).toBe('https://lms.example.edu/lineitems');
    expect(usablePlatformUrl(`https://lms.example.edu/${'a'.repeat(LTI_LIMITS.url)}`, 'production')).toBeUndefined();
    expect(usablePlatformUrl('http://127.0.0.1:4000/lineitems', 'production')).toBeUndefined();
    expect(usablePlatformUrl('http://127.0.0.1:4000/lineitems', 'test')).toBe('http://127.0.0.1:4000/lineitems');
    for (const value of ['', 'not a url', 42, null, undefined, { url: 'https://lms.example.edu' }])
      expect(usablePlatformUrl(value, 'test')).toBeUndefined();
  });

  it('keeps launch targets on this site', () => {
    expect(targetOnSite('https://hd.example.edu/lti/launch', 'https://hd.example.edu')).toBe(true);
    expect(targetOnSite('https://hd.example.edu.evil.test/lti/launch', 'https://hd.example.edu')).toBe(false);
    expect(targetOnSite('http://hd.example.edu/lti/launch', 'https://hd.example.edu')).toBe(false);
    expect(targetOnSite('/lti/launch', 'https://hd.example.edu')).toBe(false);
  });

  it('lets an e-mail claim link an account only when the registration vouches for the e-mails', () => {
    expect(emailMayLink(true, 'a@example.edu')).toBe(true);
    expect(emailMayLink(false, 'a@example.edu')).toBe(false);
    expect(emailMayLink(true, undefined)).toBe(false);
    expect(emailMayLink(true, '')).toBe(false);
  });

  it('lands teachers on the course and students on its assignments', () => {
    expect(landingPath(7, 'instructor')).toBe('/course/7');
    expect(landingPath(7, 'ta')).toBe('/course/7');
    expect(landingPath(7, 'student')).toBe('/student/course/7/assignments');
    expect(landingPath(7, 'instructor', { harmony_set_id: '12' })).toBe('/course/7/assignment/12');
    expect(landingPath(7, 'ta', { harmony_set_id: '12' })).toBe('/course/7/assignment/12');
    expect(landingPath(7, 'student', { harmony_set_id: '12' })).toBe('/student/course/7/assignments?set=12');
    expect(landingPath(7, 'student', { harmony_set_id: '12', harmony_document_id: '40' })).toBe('/student/course/7/document/40');
    expect(landingPath(7, 'student', { harmony_set_id: '12', harmony_document_id: '4/0' })).toBe('/student/course/7/assignments?set=12');
    expect(landingPath(7, 'ta', { harmony_set_id: '12', harmony_document_id: '40' })).toBe('/course/7/assignment/12');
    expect(landingPath(7, 'instructor', { harmony_set_id: '../x' })).toBe('/course/7');
    expect(landingPath(7, 'instructor', { harmony_set_id: 12 })).toBe('/course/7');
  });

  it('names each platform origin once for frame-ancestors', () => {
    expect(
      platformOrigins([
        { issuer: 'https://canvas.instructure.com', auth_url: 'https://school.instructure.com/api/lti/authorize_redirect' },
        { issuer: 'https://canvas.instructure.com', auth_url: 'https://sso.canvaslms.com/api/lti/authorize_redirect' },
        { issuer: 'not-a-url', auth_url: 'https://moodle.example.edu/mod/lti/auth.php' },
      ]),
    ).toEqual([
      'https://canvas.instructure.com',
      'https://moodle.example.edu',
      'https://school.instructure.com',
      'https://sso.canvaslms.com',
    ]);
  });

  it('links a set as an LTI resource link with a line item out of 100 and its due date', () => {
    expect(setResourceLink({ id: 12, title: 'Cadences', due_at: 1_900_000_000 }, 'https://hd.example.edu/lti/launch')).toEqual({
      type: 'ltiResourceLink',
      title: 'Cadences',
      url: 'https://hd.example.edu/lti/launch',
      custom: { harmony_set_id: '12' },
      lineItem: { scoreMaximum: 100, label: 'Cadences', resourceId: 'set-12' },
      submission: { endDateTime: '2030-03-17T17:46:40.000Z' },
    });
  });

  it('decides who may link an LMS course and who may deep-link, by the role of the launch (issue 37)', () => {
    expect(contextLinkRefusal({ role: 'instructor', course_id: null })).toBeUndefined();
    expect(contextLinkRefusal({ role: 'ta', course_id: null })).toEqual({
      status: 403,
      code: 'forbidden',
      message: LtiMessages.onlyInstructorsLink,
    });
    expect(contextLinkRefusal({ role: 'student', course_id: null })).toEqual({
      status: 403,
      code: 'forbidden',
      message: LtiMessages.onlyInstructorsLink,
    });
    // Who may not link learns that first; an instructor then that it is linked already.
    expect(contextLinkRefusal({ role: 'student', course_id: 4 })?.message).toBe(LtiMessages.onlyInstructorsLink);
    expect(contextLinkRefusal({ role: 'instructor', course_id: 4 })).toEqual({
      status: 409,
      code: 'conflict',
      message: LtiMessages.alreadyLinked,
    });
    expect(deepLinkRefusal('student')).toBe(LtiMessages.deepLinkLearner);
    expect(deepLinkRefusal('ta')).toBeUndefined();
    expect(deepLinkRefusal('instructor')).toBeUndefined();
    // An LMS course not linked yet: its instructors link it (a deep-linking request waits for it); others wait.
    expect(unlinkedLaunch('instructor')).toBe('link');
    expect(unlinkedLaunch('ta')).toBe('wait');
    expect(unlinkedLaunch('student')).toBe('wait');
    expect(accountTypeOf('instructor')).toBe(2);
    expect(accountTypeOf('ta')).toBe(1);
    expect(accountTypeOf('student')).toBe(1);
    expect(accountTypeOf(undefined)).toBe(1);
  });

  it('reads the resource link of a launch: an object with an id of at most 255 characters', () => {
    expect(resourceLinkOf({ id: 'rl-1', title: 'x' })).toBe('rl-1');
    for (const bad of [undefined, null, 'rl-1', {}, { id: '' }, { id: 7 }, { id: 'r'.repeat(256) }])
      expect(resourceLinkOf(bad)).toBeUndefined();
  });

  it('reads deep_linking_settings: a usable return URL, resource links, and whether several items and line items are taken', () => {
    const url = 'https://lms.example.edu/return';
    expect(readDeepLinkSettings({ deep_link_return_url: url, accept_types: ['ltiResourceLink'], data: 'd' }, 'production')).toEqual({
      returnUrl: url,
      data: 'd',
      acceptMultiple: false,
      acceptLineItem: true,
    });
    expect(
      readDeepLinkSettings(
        { deep_link_return_url: url, accept_types: ['link', 'ltiResourceLink'], accept_multiple: true, accept_lineitem: false },
        'production',
      ),
    ).toEqual({ returnUrl: url, data: null, acceptMultiple: true, acceptLineItem: false });
    expect(readDeepLinkSettings({ deep_link_return_url: url, accept_types: ['file'] }, 'production')).toBeUndefined();
    expect(
      readDeepLinkSettings({ deep_link_return_url: 'http://lms.example.edu/r', accept_types: ['ltiResourceLink'] }, 'production'),
    ).toBeUndefined();
    expect(readDeepLinkSettings(undefined, 'production')).toBeUndefined();
  });

  it('creates a line item only for a graded set or exercise a link names, without one known or claimed, where the scope allows', () => {
    const LINEITEM = 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem';
    const base = { custom: { harmony_set_id: '12' }, lineItemClaimed: false, scopes: [LINEITEM], known: false, graded: true };
    expect(lineItemToCreate(base)).toEqual({ resourceId: 'set-12', setId: 12 });
    expect(lineItemToCreate({ ...base, custom: { harmony_set_id: '12', harmony_document_id: '40' } })).toEqual({
      resourceId: 'document-40',
      setId: 12,
      documentId: 40,
    });
    expect(lineItemToCreate({ ...base, custom: {} })).toBeUndefined();
    expect(lineItemToCreate({ ...base, lineItemClaimed: true })).toBeUndefined();
    expect(lineItemToCreate({ ...base, scopes: [`${LINEITEM}.readonly`] })).toBeUndefined();
    expect(lineItemToCreate({ ...base, scopes: [] })).toBeUndefined();
    expect(lineItemToCreate({ ...base, known: true })).toBeUndefined();
    expect(lineItemToCreate({ ...base, graded: false })).toBeUndefined();
  });

  it("chooses the refusal page's language: the launch's locale, else the browser's, else English", () => {
    expect(refusalLanguage('ko-KR', 'en')).toBe('ko');
    expect(refusalLanguage('zh_TW', undefined)).toBe('zh-hant');
    expect(refusalLanguage('zh-Hans-CN', undefined)).toBe('zh-hans');
    expect(refusalLanguage(undefined, 'fr-FR,zh-HK;q=0.8,en;q=0.5')).toBe('zh-hant');
    expect(refusalLanguage('fr-FR', 'de, ko;q=0.1')).toBe('ko');
    expect(refusalLanguage('fr', 'de')).toBe('en');
    expect(refusalLanguage(42, undefined)).toBe('en');
    // q=0 is "not this one".
    expect(refusalLanguage(undefined, 'ko;q=0, en')).toBe('en');
  });
});
