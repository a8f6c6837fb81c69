import { isLanguageCode } from '@app/contract/constants';
import {
  PART_WRITING_CHECKS_PER_MINUTE,
  type PartWritingCheckRequest,
  type PartWritingCheckResult,
  PartWritingMessages,
} from '@app/contract/part-writing';
import { checkPartWriting } from '@app/contract/part-writing/check';
import { hasInstructorAccount } from '../../access/account.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import type { AssignmentsService } from '../assignments/service.ts';
import type { CoursesService } from '../courses/service.ts';
import type { LibraryService } from '../library/service.ts';
import { createPartWritingAuthoring } from './authoring.ts';
import { type RateWindow, takeCheck } from './policy.ts';

export type PartWritingService = ReturnType<typeof createPartWritingService>;

/**
 * Part writing (issue 27): the checker as a service (stateless, for instructor accounts and the TAs
 * and instructors of any course, rate-limited per account), and Create Exercise's part writing.
 */
export function createPartWritingService(
  deps: Deps,
  collaborators: { courses: CoursesService; assignments: AssignmentsService; library: LibraryService },
) {
  const windows = new Map<number, RateWindow>();

  return {
    /** Create Exercise for part writing: an upload read into the form's start, and the confirmed exercise saved into a set and/or "My exercises". */
    authoring: createPartWritingAuthoring(deps, collaborators),

    /** POST /api/part-writing/check: the findings, their sentences in the caller's language. */
    async check(actor: Actor, request: PartWritingCheckRequest): Promise<PartWritingCheckResult> {
      if (!hasInstructorAccount(actor) && !(await collaborators.courses.teachesAnyCourse(actor.user.id))) {
        throw AppError.forbidden(PartWritingMessages.teachersOnly);
      }
      if (!takeCheck(windows, actor.user.id, deps.clock.now(), PART_WRITING_CHECKS_PER_MINUTE)) {
        throw new AppError('rate_limited', PartWritingMessages.tooManyChecks, 429);
      }
      const language = isLanguageCode(actor.user.language) ? actor.user.language : 'en';
      const result = checkPartWriting(request, language);
      if (!result.ok) throw AppError.invalidFields(result.problems.map((problem) => ({ field: problem.path, message: problem.message })));
      return { findings: result.findings };
    },
  };
}
