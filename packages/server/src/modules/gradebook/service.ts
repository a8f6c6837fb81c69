import { CourseMessages } from '@app/contract/courses';
import type { GradeBookCells } from '@app/contract/gradebook';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/service.ts';
import type { CoursesService } from '../courses/service.ts';
import { canTeachCourse } from '../courses/policy.ts';
import * as repo from './repository.ts';

export type GradeBookService = ReturnType<typeof createGradeBookService>;

export type GradeBookOptions = { submissions: 'best' | 'all'; includePractice: boolean; setIds?: number[] };

/** The instructors' grade book at size (issue 15); students read their own grades through the submission lists. */
export function createGradeBookService(deps: Deps, collaborators: { courses: CoursesService }) {
  const { db } = deps;
  const { courses } = collaborators;
  return {
    /** A course's grade book as columns, for its instructors and TAs; 403 for its students, 404 for others. */
    async cells(actor: Actor, courseId: number, options: GradeBookOptions): Promise<GradeBookCells> {
      const { access } = await courses.access(actor, courseId);
      if (!canTeachCourse(access)) throw AppError.forbidden(CourseMessages.notInstructor);
      const filter = { courseId, includePractice: options.includePractice, ...(options.setIds ? { setIds: options.setIds } : {}) };
      return options.submissions === 'best' ? repo.bestCells(db, filter) : repo.allCells(db, filter);
    },
  };
}
