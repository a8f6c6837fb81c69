import type { Course } from '@app/contract/courses';
import type { LanguageCode } from '@app/contract/users';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DropdownMenu, DropdownMenuItem, DropdownMenuLink, DropdownMenuSeparator } from '../../../components/ui/dropdown-menu.tsx';
import { MoreIcon } from '../../../components/ui/icons.tsx';
import { LazyConfirmDialog, preloadConfirmDialog } from '../../../components/ui/lazy-confirm-dialog.tsx';
import { notify } from '../../../lib/notifications.ts';
import { useArchiveCourse } from '../api/archive-course.ts';
import { useDeleteCourse } from '../api/delete-course.ts';
import { useDuplicateCourse } from '../api/duplicate-course.ts';
import { useUnarchiveCourse } from '../api/unarchive-course.ts';
import { courseGradeBookPath, courseInfoPath, courseSettingsPath } from '../course-paths.ts';

let loadingDuplicateDialog: Promise<typeof import('./duplicate-course-dialog.tsx')> | undefined;
const loadDuplicateDialog = () => {
  loadingDuplicateDialog ??= import('./duplicate-course-dialog.tsx');
  return loadingDuplicateDialog;
};
/**
 * The dialogs load when the card's menu opens, not with the dashboard (issue 15, decision 029), so one
 * chosen from the menu mounts at once.
 */
const DuplicateCourseDialog = lazy(() => loadDuplicateDialog().then((module) => ({ default: module.DuplicateCourseDialog })));

export type CourseMenuEntry = 'info' | 'settings' | 'edit' | 'people' | 'archive' | 'unarchive' | 'gradeBook' | 'duplicate' | 'delete';

/**
 * The card's dropdown entries of spec §2, in order, from the server's `can` flags. Edit opens the
 * assignment sets (DESIGN §7.3) with the same rule as Settings. Grade Book leads students to their course page.
 */
export function courseMenuEntries(course: Pick<Course, 'can'>): CourseMenuEntry[] {
  const { can } = course;
  const entries: CourseMenuEntry[] = [];
  if (can.view_info) entries.push('info');
  if (can.edit_settings) entries.push('settings', 'edit');
  if (can.manage_people) entries.push('people');
  if (can.archive) entries.push('archive');
  if (can.unarchive) entries.push('unarchive');
  if (can.view_grade_book) entries.push('gradeBook');
  if (can.duplicate) entries.push('duplicate');
  if (can.delete) entries.push('delete');
  return entries;
}

/**
 * Waits for a course call and reacts to its success. A promise rather than mutate()'s callbacks:
 * archiving or deleting moves the card out of the list, and mutate() drops the callbacks of an
 * unmounted component. Failures are already toasts (lib/query-client.ts).
 */
function run<T>(call: Promise<T>, onSuccess: (result: T) => void, onSettled?: () => void) {
  void call.then(onSuccess, () => undefined).finally(onSettled);
}

/** The ⋮ menu of a course card, with the duplicate dialog and the delete confirmation. */
export function CourseActionsMenu({ course, timeZone, language }: { course: Course; timeZone: string; language: LanguageCode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [duplicating, setDuplicating] = useState(false);
  const archive = useArchiveCourse();
  const unarchive = useUnarchiveCourse();
  const duplicate = useDuplicateCourse();
  const remove = useDeleteCourse();
  const entries = courseMenuEntries(course);
  const trigger = useRef<HTMLButtonElement>(null);
  const preloadDialogs = () => {
    if (course.can.duplicate) void loadDuplicateDialog();
    if (course.can.delete) void preloadConfirmDialog();
  };

  const item = (entry: CourseMenuEntry) => {
    switch (entry) {
      case 'info':
        return (
          <DropdownMenuLink key={entry} to={courseInfoPath(course)}>
            {t('courses.menu.info')}
          </DropdownMenuLink>
        );
      case 'settings':
        return (
          <DropdownMenuLink key={entry} to={courseSettingsPath(course.id)}>
            {t('courses.menu.settings')}
          </DropdownMenuLink>
        );
      case 'edit':
        return (
          <DropdownMenuLink key={entry} to={`/course/${course.id}`}>
            {t('courses.menu.edit')}
          </DropdownMenuLink>
        );
      case 'people':
        return (
          <DropdownMenuLink key={entry} to={`/course/${course.id}/people`}>
            {t('people.nav.people')}
          </DropdownMenuLink>
        );
      case 'archive':
        return (
          <DropdownMenuItem
            key={entry}
            onSelect={() => run(archive.mutateAsync(course.id), () => notify({ severity: 'success', message: t('courses.menu.archived') }))}
          >
            {t('courses.menu.archive')}
          </DropdownMenuItem>
        );
      case 'unarchive':
        return (
          <DropdownMenuItem
            key={entry}
            onSelect={() =>
              run(unarchive.mutateAsync(course.id), () => notify({ severity: 'success', message: t('courses.menu.unarchived') }))
            }
          >
            {t('courses.menu.unarchive')}
          </DropdownMenuItem>
        );
      case 'gradeBook':
        return (
          <DropdownMenuLink key={entry} to={courseGradeBookPath(course)}>
            {t('gradebook.nav.gradeBook')}
          </DropdownMenuLink>
        );
      case 'duplicate':
        return (
          <DropdownMenuItem key={entry} opensDialog onSelect={() => setDuplicating(true)}>
            {t('courses.menu.duplicate')}
          </DropdownMenuItem>
        );
      case 'delete':
        return [
          <DropdownMenuSeparator key="separator" />,
          <DropdownMenuItem key={entry} danger opensDialog onSelect={() => setConfirmDelete(true)}>
            {t('courses.menu.delete')}
          </DropdownMenuItem>,
        ];
    }
  };

  return (
    <>
      <DropdownMenu
        label={t('courses.card.actions', { title: course.title })}
        icon={<MoreIcon />}
        triggerRef={trigger}
        onOpen={preloadDialogs}
      >
        {entries.map(item)}
      </DropdownMenu>
      {duplicating ? (
        <Suspense fallback={null}>
          <DuplicateCourseDialog
            course={course}
            open
            onOpenChange={setDuplicating}
            timeZone={timeZone}
            language={language}
            loading={duplicate.isPending}
            returnFocusTo={trigger}
            onDuplicate={(input) =>
              run(
                duplicate.mutateAsync({ courseId: course.id, ...input }),
                (copy) => {
                  notify({ severity: 'success', message: t('courses.menu.duplicated') });
                  void navigate(courseSettingsPath(copy.id));
                },
                () => setDuplicating(false),
              )
            }
          />
        </Suspense>
      ) : null}
      <LazyConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('courses.delete.title')}
        message={t('courses.delete.message', { title: course.title })}
        confirmLabel={t('courses.delete.confirm')}
        confirmVariant="danger"
        loading={remove.isPending}
        returnFocusTo={trigger}
        onConfirm={() =>
          run(
            remove.mutateAsync(course.id),
            () => notify({ severity: 'success', message: t('courses.delete.done') }),
            () => setConfirmDelete(false),
          )
        }
      />
    </>
  );
}
