import { useQueryClient } from '@tanstack/react-query';
import { AssignmentEditorPage } from '../../features/assignments/routes/assignment-editor-page.tsx';
import { CreateExerciseDialog } from '../../features/authoring/components/create-exercise-dialog.tsx';
import { GoogleClassroomButton } from '../../features/integrations/components/google-classroom-button.tsx';
import { libraryKeys } from '../../features/library/api/keys.ts';
import { AddFromLibraryModal } from '../../features/library/components/add-from-library-modal.tsx';

/*
 * The assignment set editor (spec §2) draws its add-document modal from the content library,
 * 'Create Exercise' from exercise authoring (issue 14) and each document's Google Classroom
 * button from the integrations. The features do not import each
 * other: the assignments feature leaves slots, the others fill them.
 */

/** `/course/{courseId}/assignment/{assignmentId}` */
export function AssignmentEditorRoute() {
  const queryClient = useQueryClient();
  return (
    <AssignmentEditorPage
      libraryPicker={(props) => <AddFromLibraryModal {...props} />}
      exerciseAuthoring={(props) => (
        <CreateExerciseDialog
          {...props}
          onSaved={() => {
            props.onSaved();
            // An exercise saved to the author's own library shows in the picker at once.
            void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
          }}
        />
      )}
      googleClassroom={(props) => <GoogleClassroomButton {...props} />}
    />
  );
}
