import { AssignmentEditorPage } from '../../features/assignments/routes/assignment-editor-page.tsx';
import { AddFromLibraryModal } from '../../features/library/components/add-from-library-modal.tsx';

/*
 * The assignment set editor (spec §2) draws its add-document modal from the content library. The
 * two features do not import each other: the assignments feature leaves a slot, the library fills it.
 */

/** `/course/{courseId}/assignment/{assignmentId}` */
export function AssignmentEditorRoute() {
  return <AssignmentEditorPage libraryPicker={(props) => <AddFromLibraryModal {...props} />} />;
}
