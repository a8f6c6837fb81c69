import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testCourse } from '../../../testing/test-course.ts';
import { CourseInfoList } from './course-info-list.tsx';

function row(name: string) {
  const term = screen.getByText(name, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${name}`);
  return value;
}

describe('CourseInfoList', () => {
  it('shows every line of the course information in the profile zone', () => {
    render(
      <CourseInfoList
        course={testCourse({
          instructors: [
            { first_name: 'Clara', last_name: 'Schumann' },
            { first_name: 'Robert', last_name: 'Schumann' },
          ],
          cadential_64: 'I',
          neapolitan_6: 'II',
        })}
        timeZone="America/New_York"
        language="en"
      />,
    );
    expect(row('Course Title').textContent).toBe('Music Theory I');
    expect(row('Instructors').textContent).toBe('Schumann, Clara; Schumann, Robert');
    expect(row('Institute').textContent).toBe('Harmony Conservatory of Music');
    expect(row('Academic Term').textContent).toBe('Fall 2031');
    expect(row('Course Period').textContent).toBe('2031-09-01 – 2031-12-20');
    expect(row('Enrollment End Date').textContent).toBe('2031-09-15 9:00 AM');
    expect(within(row('Invitation Code')).getByText('ABC234')).toBeTruthy();
    expect(within(row('Invitation Code')).getByText('How do students use this code?')).toBeTruthy();
    expect(row('Fee Paid:').textContent).toBe('This is an unpaid course');
    expect(row('Cadential 6-4').textContent).toBe('I64');
    expect(row('Neapolitan 6').textContent).toBe('bII6');
    expect(row('Status').textContent).toBe('Active');
  });

  it('shows the school-paid fee line with the price text', () => {
    render(
      <CourseInfoList
        course={testCourse({ payment_type: 3, course_product: 'Semester', course_product_price: '49.00' })}
        timeZone="UTC"
        language="en"
      />,
    );
    expect(row('Fee Paid By School:').textContent).toBe('$ 49.00 USD per student (Semester)');
    expect(row('Cadential 6-4').textContent).toBe('V64');
    expect(row('Neapolitan 6').textContent).toBe('N6');
  });

  it('marks the fee paid once the student has a payment', () => {
    const owed = testCourse({ payment_type: 2, course_product: 'Semester', course_product_price: '49.00', user_course_role: 'student' });
    const { unmount } = render(<CourseInfoList course={owed} timeZone="UTC" language="en" />);
    expect(row('Fee Paid By Students:').textContent).toBe('$ 49.00 USD per student (Semester)');
    unmount();
    render(<CourseInfoList course={{ ...owed, payment_id: 12 }} timeZone="UTC" language="en" />);
    expect(within(row('Fee Paid By Students:')).getByText('Paid').getAttribute('data-tone')).toBe('success');
  });

  it('shows an ended course in the ending style', () => {
    render(<CourseInfoList course={testCourse({ status: 'ENDED' })} timeZone="UTC" language="en" />);
    expect(row('Status').querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('ending');
  });
});
