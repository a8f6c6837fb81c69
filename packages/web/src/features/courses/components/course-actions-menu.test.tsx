import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { testCourse } from '../../../testing/test-course.ts';
import { CourseActionsMenu, courseMenuEntries } from './course-actions-menu.tsx';

const where = { timeZone: 'UTC', language: 'en' } as const;
const instructorCan = { edit_settings: true, activate: true, duplicate: true, delete: true, archive: true, manage_people: true };

describe('course card menu', () => {
  it('offers each entry only when the server allows it', () => {
    expect(courseMenuEntries(testCourse({ status: 'PLANNING', can: instructorCan }))).toEqual([
      'info',
      'settings',
      'edit',
      'people',
      'archive',
      'gradeBook',
      'duplicate',
      'delete',
    ]);
    // An ACTIVE course of its instructor: no archive, no delete.
    expect(courseMenuEntries(testCourse({ can: { edit_settings: true, duplicate: true } }))).toEqual([
      'info',
      'settings',
      'edit',
      'gradeBook',
      'duplicate',
    ]);
    // An archived, ended course: unarchive and delete.
    expect(
      courseMenuEntries(testCourse({ status: 'ENDED', archived: true, can: { unarchive: true, duplicate: true, delete: true } })),
    ).toEqual(['info', 'unarchive', 'gradeBook', 'duplicate', 'delete']);
    // A TA or a student of an active course: information and the grade book.
    expect(courseMenuEntries(testCourse({ user_course_role: 'ta' }))).toEqual(['info', 'gradeBook']);
  });

  it('shows an instructor Info, Settings, Edit, People, Archive, Grade Book, Duplicate and Delete with their targets', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CourseActionsMenu course={testCourse({ id: 12, status: 'PLANNING', can: instructorCan })} {...where} />);
    await user.click(screen.getByRole('button', { name: 'Actions for Music Theory I' }));
    // The menu's Radix chunk loads on first use (decision 029).
    await screen.findByRole('menu');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Info',
      'Settings',
      'Edit',
      'People',
      'Archive',
      'Grade Book',
      'Duplicate',
      'Delete',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Info' }).getAttribute('href')).toBe('/course/12/info');
    expect(screen.getByRole('menuitem', { name: 'Settings' }).getAttribute('href')).toBe('/course/12/settings');
    expect(screen.getByRole('menuitem', { name: 'Edit' }).getAttribute('href')).toBe('/course/12');
    expect(screen.getByRole('menuitem', { name: 'People' }).getAttribute('href')).toBe('/course/12/people');
    expect(screen.getByRole('menuitem', { name: 'Grade Book' }).getAttribute('href')).toBe('/course/12/grade-book');
  });

  it('shows a TA neither Settings nor Delete', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CourseActionsMenu course={testCourse({ user_course_role: 'ta' })} {...where} />);
    await user.click(screen.getByRole('button', { name: 'Actions for Music Theory I' }));
    // The menu's Radix chunk loads on first use (decision 029).
    await screen.findByRole('menu');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Info', 'Grade Book']);
  });

  it('sends a student to the student information page and the student grade book', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CourseActionsMenu course={testCourse({ id: 5, user_course_role: 'student' })} {...where} />);
    await user.click(screen.getByRole('button', { name: 'Actions for Music Theory I' }));
    // The menu's Radix chunk loads on first use (decision 029).
    await screen.findByRole('menu');
    expect(screen.getByRole('menuitem', { name: 'Info' }).getAttribute('href')).toBe('/student/course/5/info');
    expect(screen.getByRole('menuitem', { name: 'Grade Book' }).getAttribute('href')).toBe('/student/course/5');
  });

  it('asks for the copy’s title and start date before duplicating', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CourseActionsMenu course={testCourse({ status: 'PLANNING', can: instructorCan })} {...where} />);
    await user.click(screen.getByRole('button', { name: 'Actions for Music Theory I' }));
    // The menu's Radix chunk loads on first use (decision 029).
    await screen.findByRole('menu');
    await user.click(screen.getByRole('menuitem', { name: 'Duplicate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate Course' });
    expect((screen.getByLabelText('Title of the copy') as HTMLInputElement).value).toBe('Music Theory I (copy)');
    const start = screen.getByLabelText('Start date') as HTMLInputElement;
    expect(start.value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00$/);
    await user.clear(start);
    await user.type(start, '2001-01-01T10:00');
    expect(dialog.textContent).toContain('The start time cannot be set to a time in the past.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before deleting', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CourseActionsMenu course={testCourse({ status: 'PLANNING', can: instructorCan })} {...where} />);
    await user.click(screen.getByRole('button', { name: 'Actions for Music Theory I' }));
    // The menu's Radix chunk loads on first use (decision 029).
    await screen.findByRole('menu');
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Course' });
    expect(dialog.textContent).toContain('Delete "Music Theory I"?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
