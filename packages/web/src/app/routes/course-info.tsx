import { CourseInfoPage } from '../../features/courses/routes/course-info.tsx';
import { CourseFeeCheckout } from '../../features/integrations/components/course-fee-checkout.tsx';

/*
 * The course information (spec §2) offers a student the course-fee checkout of the integrations.
 * The features do not import each other: the courses feature leaves a slot, the checkout fills it.
 */

/** `/student/course/{courseId}/info` */
export function StudentCourseInfoRoute() {
  return <CourseInfoPage feeCheckout={(props) => <CourseFeeCheckout {...props} />} />;
}
