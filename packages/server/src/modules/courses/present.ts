import type { Course, CourseStatus } from '@app/contract/courses';
import { courseAbilities } from './policy.ts';
import type { findCourseForMember } from './repository.ts';

type MemberCourseRow = NonNullable<Awaited<ReturnType<typeof findCourseForMember>>>;

/** The columns of a member's course row that its API shape is made of. */
export type PresentableCourse = Pick<
  MemberCourseRow,
  | 'id'
  | 'title'
  | 'status'
  | 'academic_term_id'
  | 'year'
  | 'school_id'
  | 'start_date'
  | 'end_date'
  | 'enrollment_end_date'
  | 'payment_type'
  | 'course_product_id'
  | 'cadential_64'
  | 'neapolitan_6'
  | 'invitation_code'
  | 'lms_type'
  | 'school'
  | 'academic_term'
  | 'course_product'
  | 'price_cents'
  | 'fastspring_product_path'
  | 'role'
  | 'archived'
  | 'weight'
  | 'payment_id'
>;

/** A course past its end date is ENDED even before the sweep writes it (DESIGN §7.5). */
export function effectiveStatus(row: { status: string; end_date: number }, now: number): CourseStatus {
  if (row.status === 'ENDED' || row.end_date <= now) return 'ENDED';
  return row.status === 'ACTIVE' ? 'ACTIVE' : 'PLANNING';
}

/** Cents to the '25.00' the price text shows. */
export const formatPrice = (cents: number) => (cents / 100).toFixed(2);

/** The API shape of a course for the member who asked (`instructorAccount`: whether their account may create courses). */
export function presentCourse(
  row: PresentableCourse,
  instructors: { first_name: string; last_name: string }[],
  now: number,
  instructorAccount: boolean,
): Course {
  const role = row.role;
  const status = effectiveStatus(row, now);
  const archived = row.archived === 1;
  return {
    id: row.id,
    title: row.title,
    archived,
    weight: row.weight,
    status,
    academic_term: row.academic_term,
    academic_term_id: row.academic_term_id,
    year: row.year,
    school: row.school,
    school_id: row.school_id,
    start_date: row.start_date,
    end_date: row.end_date,
    enrollment_end_date: row.enrollment_end_date,
    payment_type: row.payment_type,
    payment_id: row.payment_id,
    course_product: row.course_product,
    course_product_id: row.course_product_id,
    course_product_price: row.price_cents === null ? null : formatPrice(row.price_cents),
    fastspring_product_path: row.fastspring_product_path,
    cadential_64: row.cadential_64,
    neapolitan_6: row.neapolitan_6,
    invitation_code: row.invitation_code,
    lms_type: row.lms_type === 'GOOGLE_CLASSROOM' ? 'GOOGLE_CLASSROOM' : null,
    user_course_role: role,
    instructors: instructors.map(({ first_name, last_name }) => ({ first_name, last_name })),
    can: courseAbilities({ role, status, archived }, instructorAccount),
  };
}
