import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { testCourse } from '../../../testing/test-course.ts';
import { CourseCard } from './course-card.tsx';

describe('CourseCard', () => {
  it('shows the period as YYYY-MM-DD in the profile zone, term and year, school and status', () => {
    // Ends 2031-12-20 23:30 UTC: already the 21st in Seoul.
    const course = testCourse({ end_date: Date.UTC(2031, 11, 20, 23, 30) / 1000 });
    renderWithProviders(<CourseCard course={course} timeZone="Asia/Seoul" language="en" />);
    expect(screen.getByText('2031-09-01 – 2031-12-21')).toBeTruthy();
    expect(screen.getByText('Fall 2031')).toBeTruthy();
    expect(screen.getByText('Harmony Conservatory of Music')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
  });

  it('links the title to the instructor pages, or to the student pages for a student', () => {
    const { unmount } = renderWithProviders(<CourseCard course={testCourse({ id: 3 })} timeZone="UTC" language="en" />);
    expect(screen.getByRole('link', { name: 'Music Theory I' }).getAttribute('href')).toBe('/course/3');
    unmount();
    renderWithProviders(<CourseCard course={testCourse({ id: 3, user_course_role: 'student' })} timeZone="UTC" language="en" />);
    expect(screen.getByRole('link', { name: 'Music Theory I' }).getAttribute('href')).toBe('/student/course/3');
  });

  it('offers activation on a PLANNING card only to those who may activate', () => {
    const { unmount } = renderWithProviders(
      <CourseCard course={testCourse({ status: 'PLANNING', can: { activate: true } })} timeZone="UTC" language="en" />,
    );
    expect(screen.getByRole('button', { name: 'Activate Course' })).toBeTruthy();
    unmount();
    renderWithProviders(<CourseCard course={testCourse({ status: 'PLANNING', user_course_role: 'ta' })} timeZone="UTC" language="en" />);
    expect(screen.queryByRole('button', { name: 'Activate Course' })).toBeNull();
  });

  it('says when no school or term is chosen yet', () => {
    renderWithProviders(
      <CourseCard course={testCourse({ school: null, school_id: null, academic_term: null })} timeZone="UTC" language="en" />,
    );
    expect(screen.getByText('No school chosen yet')).toBeTruthy();
    expect(screen.getByText('2031 · No term')).toBeTruthy();
  });
});
