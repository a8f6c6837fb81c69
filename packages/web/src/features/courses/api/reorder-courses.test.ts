import { describe, expect, it } from 'vitest';
import { testCourse } from '../../../testing/test-course.ts';
import { applyCourseOrder } from './reorder-courses.ts';

describe('applyCourseOrder', () => {
  it('puts the role list in the new order: active ids, then archived ids', () => {
    const courses = [1, 2, 3, 4].map((id) => testCourse({ id, archived: id === 2 }));
    expect(applyCourseOrder(courses, { active: [3, 1, 4], archived: [2] }).map((course) => course.id)).toEqual([3, 1, 4, 2]);
  });

  it('skips ids it does not know', () => {
    const courses = [testCourse({ id: 1 })];
    expect(applyCourseOrder(courses, { active: [9, 1], archived: [] }).map((course) => course.id)).toEqual([1]);
  });
});
