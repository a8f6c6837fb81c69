import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import type { CoursesService } from '../courses/service.ts';
import { scheduleScorePosts } from '../lti/ags.ts';
import * as repo from './repository.ts';

export type GradeBookService = ReturnType<typeof createGradeBookService>;

export type GradeBookOptions = { submissions: 'best' | 'all'; includePractice: boolean; setIds?: number[] };

/** The instructors' grade book at size (issue 15); students read their own grades through the submission lists. */
export function createGradeBookService(deps: Deps, collaborators: { courses: CoursesService }) {
  const { db, dialect } = deps;
  const { courses } = collaborators;
  return {
    /**
     * Recomputes the best submission of each student and document after their submissions
     * changed (submissions, regrades); in `trx`, the transaction that changed them.
     */
    async refreshBestSubmissions(trx: Db, pairs: readonly repo.StudentDocument[]): Promise<void> {
      await repo.refreshBestSubmissions(trx, pairs);
      // A changed grade goes to the LMS grade book of a linked course when the student may see it (LTI AGS, issue 28).
      await scheduleScorePosts(deps, trx, pairs);
    },

    /**
     * A course's grade book as the JSON text of GradeBookCells (built by the database), for its
     * instructors and TAs; 403 for its students, 404 for others.
     */
    async cellsJson(actor: Actor, courseId: number, options: GradeBookOptions): Promise<string> {
      await courses.requireCourseAccess(actor, courseId, { need: 'teach' });
      const filter = { courseId, includePractice: options.includePractice, ...(options.setIds ? { setIds: options.setIds } : {}) };
      return options.submissions === 'best' ? repo.bestCellsJson(db, dialect, filter) : repo.allCellsJson(db, dialect, filter);
    },
  };
}
