import type { Deps } from '../../deps.ts';
import type { CoursesService } from '../courses/service.ts';
import type { LibraryService } from '../library/service.ts';
import { createDocumentsService } from './documents-service.ts';
import { createExtensionsService } from './extensions-service.ts';
import { createAssignmentLoaders } from './load.ts';
import { createSetsService } from './sets-service.ts';

export type AssignmentsService = ReturnType<typeof createAssignmentsService>;

/**
 * Assignment sets, their documents and extensions (spec §2 course pages, §4, §5): the three
 * services of this folder, sharing one way of loading what the actor may see (load.ts).
 */
export function createAssignmentsService(deps: Deps, collaborators: { courses: CoursesService; library: LibraryService }) {
  const load = createAssignmentLoaders(deps, collaborators.courses);
  const sets = createSetsService(deps, { courses: collaborators.courses, load });
  const documents = createDocumentsService(deps, { load, library: collaborators.library });
  const extensions = createExtensionsService(deps, { courses: collaborators.courses, load });
  return { ...sets, ...documents, ...extensions };
}
