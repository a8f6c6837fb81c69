import type { Course, CourseAbilities } from '@app/contract/courses';

const NO_ABILITIES: CourseAbilities = {
  view_info: true,
  edit_settings: false,
  activate: false,
  archive: false,
  unarchive: false,
  duplicate: false,
  delete: false,
  manage_people: false,
  view_grade_book: true,
};

/** A course as the API sends it, for component tests; `can` merges over 'view only'. */
export function testCourse(overrides: Partial<Omit<Course, 'can'>> & { can?: Partial<CourseAbilities> } = {}): Course {
  const { can, ...rest } = overrides;
  return {
    id: 7,
    title: 'Music Theory I',
    archived: false,
    weight: 0,
    status: 'ACTIVE',
    academic_term: 'Fall',
    academic_term_id: 3,
    year: 2031,
    school: 'Harmony Conservatory of Music',
    school_id: 1,
    start_date: Date.UTC(2031, 8, 1, 13, 0) / 1000,
    end_date: Date.UTC(2031, 11, 20, 13, 0) / 1000,
    enrollment_end_date: Date.UTC(2031, 8, 15, 13, 0) / 1000,
    payment_type: 0,
    payment_id: null,
    course_product: null,
    course_product_id: null,
    course_product_price: null,
    fastspring_product_path: null,
    cadential_64: 'V',
    neapolitan_6: 'N',
    invitation_code: 'ABC234',
    lms_type: null,
    user_course_role: 'instructor',
    instructors: [{ first_name: 'Clara', last_name: 'Schumann' }],
    ...rest,
    can: { ...NO_ABILITIES, ...can },
  };
}
