import { type Course, CourseMessages, courseDateErrors, UpdateCourseRequest } from '@app/contract/courses';
import { z } from 'zod';
import { fromDateTimeInput, toDateTimeInput } from '../../../lib/date-time-input.ts';

/** What the settings form holds: inputs give strings; ids are '' for none. */
export interface CourseSettingsValues {
  title: string;
  school_id: string;
  academic_term_id: string;
  year: string;
  start_date: string;
  end_date: string;
  enrollment_end_date: string;
  payment_type: '0' | '1' | '2' | '3';
  course_product_id: string;
  cadential_64: Course['cadential_64'];
  neapolitan_6: Course['neapolitan_6'];
  lms_type: '' | 'GOOGLE_CLASSROOM';
  billing_agreement: boolean;
}

/** Activation freezes these (spec §4); they are shown disabled on an active course. */
export const LOCKED_AFTER_ACTIVATION = ['school_id', 'academic_term_id', 'payment_type', 'start_date', 'end_date'] as const;

export const PAID_TYPES = [2, 3] as const;
const isPaid = (paymentType: number) => (PAID_TYPES as readonly number[]).includes(paymentType);

const DATE_FIELDS = ['start_date', 'end_date', 'enrollment_end_date'] as const;
const idText = (id: number | null) => (id === null ? '' : String(id));

/** The form's starting values: the course's settings, dates as wall-clock times in `timeZone`. */
export function courseSettingsValues(course: Course, timeZone: string): CourseSettingsValues {
  return {
    title: course.title,
    school_id: idText(course.school_id),
    academic_term_id: idText(course.academic_term_id),
    year: String(course.year),
    start_date: toDateTimeInput(course.start_date, timeZone),
    end_date: toDateTimeInput(course.end_date, timeZone),
    enrollment_end_date: toDateTimeInput(course.enrollment_end_date, timeZone),
    payment_type: String(course.payment_type) as CourseSettingsValues['payment_type'],
    course_product_id: idText(course.course_product_id),
    cadential_64: course.cadential_64,
    neapolitan_6: course.neapolitan_6,
    lms_type: course.lms_type ?? '',
    // A school-paid course was agreed to when it became school-paid.
    billing_agreement: course.payment_type === 3,
  };
}

// Disabled inputs may leave a value out; a missing value means 'unchanged'.
const Text = z.string().optional();

/**
 * The settings form's schema, built on the contract: the inputs become the full settings, which must pass
 * `UpdateCourseRequest` and the shared date rules (`courseDateErrors`); the output is the PUT body with only
 * what changed. Messages are the contract's English sentences; the form translates them.
 */
export function courseSettingsSchema({ course, timeZone, now }: { course: Course; timeZone: string; now: () => number }) {
  const original = courseSettingsValues(course, timeZone);
  const epoch = (field: (typeof DATE_FIELDS)[number], value: string | undefined) =>
    // An unchanged minute keeps the stored second, so a locked date is never 'changed' by rounding.
    value === undefined || value === original[field] ? course[field] : fromDateTimeInput(value, timeZone);

  return z
    .object({
      title: Text,
      school_id: Text,
      academic_term_id: Text,
      year: Text,
      start_date: Text,
      end_date: Text,
      enrollment_end_date: Text,
      payment_type: Text,
      course_product_id: Text,
      cadential_64: Text,
      neapolitan_6: Text,
      lms_type: Text,
      billing_agreement: z.boolean().optional(),
    })
    .transform((values, ctx) => {
      const dates = Object.fromEntries(DATE_FIELDS.map((field) => [field, epoch(field, values[field])])) as Record<
        (typeof DATE_FIELDS)[number],
        number | null
      >;
      for (const field of DATE_FIELDS) {
        if (dates[field] === null) ctx.addIssue({ code: 'custom', path: [field], message: 'This field is required.' });
      }
      const id = (value: string | undefined, fallback: number | null) => (value === undefined ? fallback : value === '' ? null : Number(value));
      const year = values.year ?? String(course.year);
      return {
        title: values.title ?? course.title,
        school_id: id(values.school_id, course.school_id),
        academic_term_id: id(values.academic_term_id, course.academic_term_id),
        year: year.trim() === '' ? Number.NaN : Number(year),
        start_date: dates.start_date ?? course.start_date,
        end_date: dates.end_date ?? course.end_date,
        enrollment_end_date: dates.enrollment_end_date ?? course.enrollment_end_date,
        payment_type: values.payment_type === undefined ? course.payment_type : Number(values.payment_type),
        course_product_id: id(values.course_product_id, course.course_product_id),
        cadential_64: values.cadential_64 ?? course.cadential_64,
        neapolitan_6: values.neapolitan_6 ?? course.neapolitan_6,
        lms_type: values.lms_type === undefined ? course.lms_type : values.lms_type || null,
        billing_agreement: values.billing_agreement ?? false,
      };
    })
    .pipe(UpdateCourseRequest.required({ title: true, year: true, start_date: true, end_date: true, enrollment_end_date: true }))
    .superRefine((settings, ctx) => {
      const dates = { start_date: settings.start_date, end_date: settings.end_date, enrollment_end_date: settings.enrollment_end_date };
      const datesChanged = DATE_FIELDS.some((field) => dates[field] !== course[field]);
      if (datesChanged) {
        for (const error of courseDateErrors(dates, now(), dates.start_date !== course.start_date)) {
          ctx.addIssue({ code: 'custom', path: [error.field], message: error.message });
        }
      }
      const paymentType = settings.payment_type ?? course.payment_type;
      if (isPaid(paymentType) && !settings.course_product_id) {
        ctx.addIssue({ code: 'custom', path: ['course_product_id'], message: CourseMessages.productRequired });
      }
      if (paymentType === 3 && course.payment_type !== 3 && !settings.billing_agreement) {
        ctx.addIssue({ code: 'custom', path: ['billing_agreement'], message: CourseMessages.billingAgreement });
      }
    })
    .transform((settings): UpdateCourseRequest => {
      const changes: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(settings)) {
        if (key === 'billing_agreement') continue;
        if (value !== course[key as keyof Course]) changes[key] = value;
      }
      if (settings.payment_type === 3 && changes.payment_type !== undefined) changes.billing_agreement = true;
      return changes as UpdateCourseRequest;
    });
}
