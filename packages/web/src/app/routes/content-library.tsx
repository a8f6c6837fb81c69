import { CreateExerciseDialog } from '../../features/authoring/components/create-exercise-dialog.tsx';
import { ContentLibraryPage } from '../../features/library/routes/content-library-page.tsx';

/*
 * The content library page offers 'Create Exercise' (issue 14) from exercise authoring: saved into
 * the instructor's own section, 'My exercises'. The features do not import each other: the library
 * leaves a slot, authoring fills it.
 */

/** `/content-library` */
export function ContentLibraryRoute() {
  return (
    <ContentLibraryPage
      exerciseAuthoring={({ courses, ...props }) => (
        <CreateExerciseDialog {...props} courseId={courses[0]?.id ?? 0} courseOptions={courses} />
      )}
    />
  );
}
