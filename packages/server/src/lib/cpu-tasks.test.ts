import type { GradeResult } from '@app/har/grade';
import { describe, expectTypeOf, it } from 'vitest';
import type { CpuTasks } from './cpu-tasks.ts';

describe('cpu tasks', () => {
  // Checked by the type check (npx tsc -p packages/server): the task's input names the opening key
  // (QA2-2, decision 031), so a caller reading the type knows the image's first label carries it.
  it('the submission image task takes the grade items and the opening key', () => {
    expectTypeOf<Parameters<CpuTasks['renderSubmissionImage']>[1]>().toEqualTypeOf<Pick<GradeResult, 'items' | 'key'>>();
  });
});
