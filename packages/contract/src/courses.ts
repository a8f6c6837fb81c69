import { z } from 'zod';
import { COURSE_ROLES } from './course-constants.ts';

export {
  COURSE_MAX_LENGTH_SECONDS,
  COURSE_MIN_LENGTH_SECONDS,
  COURSE_ROLES,
  type CourseDates,
  CourseMessages,
  cadential64Label,
  courseCopyTitle,
  courseDateErrors,
  DEFAULT_CHORD_LABEL_SETTINGS,
  DUPLICATE_DEFAULT_START_SECONDS,
  ENROLLMENT_END_MAX_AFTER_START_SECONDS,
  enrollmentEndLimit,
  INVITATION_CODE_ALPHABET,
  INVITATION_CODE_LENGTH,
  LOCKED_WHEN_ACTIVE,
  neapolitan6Label,
  priceText,
} from './course-constants.ts';

export const CourseStatus = z.enum(['PLANNING', 'ACTIVE', 'ENDED']);
export type CourseStatus = z.infer<typeof CourseStatus>;
export const CourseRole = z.enum(COURSE_ROLES);
export type CourseRole = z.infer<typeof CourseRole>;

/** 0 unpaid, 1 free, 2 students pay, 3 school pays (spec §3). */
export const PaymentType = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], {
  message: 'Fee paid by must be one of 0, 1, 2 or 3.',
});
export type PaymentType = z.infer<typeof PaymentType>;
export const Cadential64 = z.enum(['I', 'V'], { message: 'Cadential 6-4 must be I or V.' });
export const Neapolitan6 = z.enum(['N', 'II'], { message: 'Neapolitan 6 must be N or II.' });
export const LmsType = z.enum(['GOOGLE_CLASSROOM'], { message: 'LMS type must be GOOGLE_CLASSROOM or empty.' });

const Epoch = z.number({ message: 'This date must be a number of seconds.' }).int().nonnegative().max(4_102_444_800);
const Title = z.string().trim().min(1, 'Course title is required.').max(200, 'Course title must be at most 200 characters.');
const NullableId = z.number().int().positive().nullable();

/** Settings that can be set at creation and edited later. */
const CourseSettingsFields = {
  title: Title,
  school_id: NullableId,
  academic_term_id: NullableId,
  year: z
    .number({ message: 'Year must be a number.' })
    .int()
    .min(2000, 'Year must be 2000 or later.')
    .max(2100, 'Year must be 2100 or earlier.'),
  start_date: Epoch,
  end_date: Epoch,
  enrollment_end_date: Epoch,
  payment_type: PaymentType,
  course_product_id: NullableId,
  cadential_64: Cadential64,
  neapolitan_6: Neapolitan6,
  lms_type: LmsType.nullable(),
  /** Must be true to choose payment_type 3 (the school is invoiced). */
  billing_agreement: z.boolean().optional(),
};

/** POST /api/courses: only the title is required; the server fills sensible defaults. */
export const CreateCourseRequest = z.strictObject({
  title: Title,
  school_id: NullableId.optional(),
  academic_term_id: NullableId.optional(),
  year: CourseSettingsFields.year.optional(),
  start_date: Epoch.optional(),
  end_date: Epoch.optional(),
  enrollment_end_date: Epoch.optional(),
  payment_type: PaymentType.optional(),
  course_product_id: NullableId.optional(),
  cadential_64: Cadential64.optional(),
  neapolitan_6: Neapolitan6.optional(),
  lms_type: LmsType.nullable().optional(),
  billing_agreement: z.boolean().optional(),
});
export type CreateCourseRequest = z.infer<typeof CreateCourseRequest>;

/**
 * POST /api/courses/{id}/duplicate: the copy's title (default "{title} (copy)" in the caller's
 * language) and start date (default a week from now). End and enrollment dates, and every
 * set's dates, move by the same offset as the start.
 */
export const DuplicateCourseRequest = z.strictObject({
  title: Title.optional(),
  start_date: Epoch.optional(),
});
export type DuplicateCourseRequest = z.infer<typeof DuplicateCourseRequest>;

/** PUT /api/courses/{id}: any subset of the settings. */
export const UpdateCourseRequest = z.strictObject(CourseSettingsFields).partial();
export type UpdateCourseRequest = z.infer<typeof UpdateCourseRequest>;

/** POST /api/courses/weight: the caller's own order of their courses in one role. */
export const ReorderCoursesRequest = z.object({
  role: CourseRole,
  active: z.array(z.number().int().positive()).max(10_000),
  archived: z.array(z.number().int().positive()).max(10_000),
});
export type ReorderCoursesRequest = z.infer<typeof ReorderCoursesRequest>;

export const CourseIdParams = z.object({ id: z.coerce.number().int().positive({ message: 'Course id must be a positive integer.' }) });

/** What the caller may do with a course; the web app shows controls from these, the server enforces the same rules. */
export const CourseAbilities = z.object({
  view_info: z.boolean(),
  edit_settings: z.boolean(),
  activate: z.boolean(),
  archive: z.boolean(),
  unarchive: z.boolean(),
  duplicate: z.boolean(),
  delete: z.boolean(),
  manage_people: z.boolean(),
  view_grade_book: z.boolean(),
});
export type CourseAbilities = z.infer<typeof CourseAbilities>;

export const CourseInstructor = z.object({ first_name: z.string(), last_name: z.string() });

export const Course = z.object({
  id: z.number().int(),
  title: z.string(),
  archived: z.boolean(),
  weight: z.number().int(),
  status: CourseStatus,
  academic_term: z.string().nullable(),
  academic_term_id: z.number().int().nullable(),
  year: z.number().int(),
  school: z.string().nullable(),
  school_id: z.number().int().nullable(),
  start_date: z.number().int(),
  end_date: z.number().int(),
  enrollment_end_date: z.number().int(),
  payment_type: PaymentType,
  payment_id: z.number().int().nullable(),
  course_product: z.string().nullable(),
  course_product_id: z.number().int().nullable(),
  course_product_price: z.string().nullable(),
  fastspring_product_path: z.string().nullable(),
  cadential_64: Cadential64,
  neapolitan_6: Neapolitan6,
  invitation_code: z.string(),
  lms_type: LmsType.nullable(),
  user_course_role: CourseRole,
  instructors: z.array(CourseInstructor),
  can: CourseAbilities,
});
export type Course = z.infer<typeof Course>;

export const CourseProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.string(),
  fastspring_product_path: z.string(),
});
export type CourseProduct = z.infer<typeof CourseProduct>;
