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

/**
 * The settings form's schema, built on the contract: the inputs become the full settings, which must pass
 * `UpdateCourseRequest` and the shared date rules (`courseDateErrors`); the output is the PUT body with only
 * what changed. Messages are the contract's English sentences; the form translates them.
 */
export function courseSettingsSchema({ course, timeZone, now }: { course: Course; timeZone: string; now: () => number }) {
  const original = courseSettingsValues(course, timeZone);
  const epoch = (field: (typeof DATE_FIELDS)[number], value: string) =>
    // An unchanged minute keeps the stored second, so a locked date is never 'changed' by rounding.
    value === original[field] ? course[field] : fromDateTimeInput(value, timeZone);
  const id = (value: string) => (value === '' ? null : Number(value));

  return z
    .object({
      title: z.string(),
      school_id: z.string(),
      academic_term_id: z.string(),
      year: z.string(),
      start_date: z.string(),
      end_date: z.string(),
      enrollment_end_date: z.string(),
      payment_type: z.enum(['0', '1', '2', '3']),
      course_product_id: z.string(),
      cadential_64: z.enum(['I', 'V']),
      neapolitan_6: z.enum(['N', 'II']),
      lms_type: z.enum(['', 'GOOGLE_CLASSROOM']),
      billing_agreement: z.boolean(),
    })
    .transform((values, ctx): Record<string, unknown> => {
      const dates = {
        start_date: epoch('start_date', values.start_date),
        end_date: epoch('end_date', values.end_date),
        enrollment_end_date: epoch('enrollment_end_date', values.enrollment_end_date),
      };
      for (const field of DATE_FIELDS) {
        if (dates[field] === null) ctx.addIssue({ code: 'custom', path: [field], message: 'This field is required.' });
      }
      return {
        title: values.title,
        school_id: id(values.school_id),
        academic_term_id: id(values.academic_term_id),
        year: values.year.trim() === '' ? Number.NaN : Number(values.year),
        ...dates,
        payment_type: Number(values.payment_type),
        course_product_id: id(values.course_product_id),
        cadential_64: values.cadential_64,
        neapolitan_6: values.neapolitan_6,
        lms_type: values.lms_type || null,
        billing_agreement: values.billing_agreement,
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
