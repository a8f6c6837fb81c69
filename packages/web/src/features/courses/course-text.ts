import { priceText } from '@app/contract/course-constants';
import type { Course } from '@app/contract/courses';
import type { TFunction } from 'i18next';

/**
 * Music-notation symbols, written the same in every language (spec §9): the cadential six-four
 * is V64 when the setting is V, else I64; the Neapolitan sixth N6 when N, else bII6.
 */
export const CADENTIAL_64_LABEL = { V: 'V64', I: 'I64' } as const;
export const NEAPOLITAN_6_LABEL = { N: 'N6', II: 'bII6' } as const;

export const cadential64Label = (setting: Course['cadential_64']) => (setting === 'V' ? CADENTIAL_64_LABEL.V : CADENTIAL_64_LABEL.I);
export const neapolitan6Label = (setting: Course['neapolitan_6']) => (setting === 'N' ? NEAPOLITAN_6_LABEL.N : NEAPOLITAN_6_LABEL.II);

/** Spec §2: instructors as 'last, first', joined by semicolons. */
export function instructorNames(instructors: Course['instructors']): string {
  return instructors.map((person) => [person.last_name, person.first_name].filter(Boolean).join(', ')).join('; ');
}

/** The price line of spec §4 in the UI language; null without a product and price (as `priceText`). */
export function coursePriceText(course: Pick<Course, 'course_product' | 'course_product_price'>, t: TFunction): string | null {
  if (priceText(course.course_product_price, course.course_product) === null) return null;
  return t('courses.fee.price', { price: course.course_product_price, product: course.course_product });
}

/** The fee line of the course information (spec §4 "Payment type display"). */
export function feeLine(course: Pick<Course, 'payment_type' | 'course_product' | 'course_product_price'>, t: TFunction) {
  switch (course.payment_type) {
    case 0:
      return { label: t('courses.fee.paid'), value: t('courses.fee.unpaid') };
    case 1:
      return { label: t('courses.fee.paid'), value: t('courses.fee.free') };
    case 2:
      return { label: t('courses.fee.paidByStudents'), value: coursePriceText(course, t) };
    case 3:
      return { label: t('courses.fee.paidBySchool'), value: coursePriceText(course, t) };
  }
}

/** 'Fall 2031', or the year with a plain 'No term' while no term is chosen. */
export function termAndYear(course: Pick<Course, 'academic_term' | 'year'>, t: TFunction): string {
  return course.academic_term ? `${course.academic_term} ${course.year}` : t('courses.card.noTerm', { year: course.year });
}
