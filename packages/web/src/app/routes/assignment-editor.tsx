import { AssignmentEditorPage } from '../../features/assignments/routes/assignment-editor-page.tsx';
import { GoogleClassroomButton } from '../../features/integrations/components/google-classroom-button.tsx';
import { AddFromLibraryModal } from '../../features/library/components/add-from-library-modal.tsx';

/*
 * The assignment set editor (spec §2) draws its add-document modal from the content library and
 * each document's Google Classroom button from the integrations. The features do not import each
 * other: the assignments feature leaves slots, the others fill them.
 */

/** `/course/{courseId}/assignment/{assignmentId}` */
export function AssignmentEditorRoute() {
  return (
    <AssignmentEditorPage
      libraryPicker={(props) => <AddFromLibraryModal {...props} />}
      googleClassroom={(props) => <GoogleClassroomButton {...props} />}
    />
  );
}
