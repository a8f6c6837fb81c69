import { describe, expect, it } from 'vitest';
import {
  courseRoleFromLti,
  emailMayLink,
  LTI_LIMITS,
  landingPath,
  platformOrigins,
  platformUrlRefusal,
  setResourceLink,
  targetOnSite,
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
});
