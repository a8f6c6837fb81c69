import { CourseMessages } from '@app/contract/courses';
import { describe, expect, it } from 'vitest';
import { testCourse } from '../../../testing/test-course.ts';
import { type CourseSettingsValues, courseSettingsSchema, courseSettingsValues } from './course-settings-schema.ts';

const ZONE = 'America/New_York';
const DAY = 24 * 3600;
// Planning course: starts 2031-09-01 09:00 in New York, 'now' is a month earlier.
const course = testCourse({ status: 'PLANNING' });
const now = () => course.start_date - 30 * DAY;

function parse(changes: Partial<CourseSettingsValues>, base = course) {
  const schema = courseSettingsSchema({ course: base, timeZone: ZONE, now });
  return schema.safeParse({ ...courseSettingsValues(base, ZONE), ...changes });
}

function issues(result: ReturnType<typeof parse>) {
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('course settings form schema', () => {
  it('shows the course in the profile zone and sends nothing when nothing changed', () => {
    const values = courseSettingsValues(course, ZONE);
    expect(values.start_date).toBe('2031-09-01T09:00');
    expect(values.school_id).toBe('1');
    expect(values.payment_type).toBe('0');
    expect(parse({})).toEqual({ success: true, data: {} });
  });

  it('sends only what changed, in the API types', () => {
    const result = parse({ title: '  Counterpoint  ', school_id: '', year: '2032', cadential_64: 'I', lms_type: 'GOOGLE_CLASSROOM' });
    expect(result).toEqual({
      success: true,
      data: { title: 'Counterpoint', school_id: null, year: 2032, cadential_64: 'I', lms_type: 'GOOGLE_CLASSROOM' },
    });
  });

  it('reads a changed date as a wall-clock time in the profile zone', () => {
    const result = parse({ end_date: '2031-12-24T17:30' });
    expect(result.success && result.data).toEqual({ end_date: Date.UTC(2031, 11, 24, 22, 30) / 1000 });
  });

  it('keeps a stored date with seconds when its minute did not change (a locked date is never sent by rounding)', () => {
    const withSeconds = testCourse({ status: 'ACTIVE', start_date: course.start_date + 42 });
    expect(parse({ title: 'Renamed' }, withSeconds)).toEqual({ success: true, data: { title: 'Renamed' } });
  });

  it('applies the shared date rules with their messages', () => {
    expect(issues(parse({ start_date: '2031-07-01T09:00', enrollment_end_date: '2031-07-02T09:00' }))).toEqual({
      start_date: CourseMessages.startInPast,
    });
    expect(issues(parse({ end_date: '2032-09-02T09:00' }))).toEqual({ end_date: CourseMessages.tooLong });
    expect(issues(parse({ end_date: '2031-09-01T09:00' }))).toMatchObject({ end_date: CourseMessages.endTooEarly });
    expect(issues(parse({ enrollment_end_date: '2031-08-31T09:00' }))).toEqual({
      enrollment_end_date: CourseMessages.enrollmentBeforeStart,
    });
    expect(issues(parse({ enrollment_end_date: '2031-09-15T09:01' }))).toEqual({ enrollment_end_date: CourseMessages.enrollmentTooLate });
    expect(parse({ enrollment_end_date: '2031-09-15T09:00' }).success).toBe(true);
  });

  it('does not hold an unchanged start in the past against a running course', () => {
    const running = testCourse({ status: 'ACTIVE' });
    const schema = courseSettingsSchema({ course: running, timeZone: ZONE, now: () => running.start_date + 10 * DAY });
    const result = schema.safeParse({ ...courseSettingsValues(running, ZONE), enrollment_end_date: '2031-09-10T09:00' });
    expect(result.success).toBe(true);
  });

  it('requires every date', () => {
    expect(issues(parse({ start_date: '' }))).toEqual({ start_date: 'This field is required.' });
  });

  it('checks the title and the year with the contract messages', () => {
    expect(issues(parse({ title: '   ' }))).toEqual({ title: 'Course title is required.' });
    expect(issues(parse({ year: '' }))).toEqual({ year: 'Year must be a number.' });
    expect(issues(parse({ year: '1999' }))).toEqual({ year: 'Year must be 2000 or later.' });
  });

  it('requires a product for a paid course and the billing agreement for a school-paid one', () => {
    expect(issues(parse({ payment_type: '2' }))).toEqual({ course_product_id: CourseMessages.productRequired });
    expect(issues(parse({ payment_type: '3', course_product_id: '4' }))).toEqual({ billing_agreement: CourseMessages.billingAgreement });
    expect(parse({ payment_type: '3', course_product_id: '4', billing_agreement: true })).toEqual({
      success: true,
      data: { payment_type: 3, course_product_id: 4, billing_agreement: true },
    });
  });

  it('does not ask again for the agreement of a course that is already school-paid', () => {
    const schoolPaid = testCourse({ status: 'PLANNING', payment_type: 3, course_product_id: 4 });
    expect(courseSettingsValues(schoolPaid, ZONE).billing_agreement).toBe(true);
    expect(parse({ title: 'Renamed', billing_agreement: false }, schoolPaid)).toEqual({ success: true, data: { title: 'Renamed' } });
  });
});
