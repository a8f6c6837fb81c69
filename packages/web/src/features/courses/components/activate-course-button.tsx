import type { Course } from '@app/contract/courses';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonSize } from '../../../components/ui/button.tsx';
import { LazyConfirmDialog } from '../../../components/ui/lazy-confirm-dialog.tsx';
import { notify } from '../../../lib/notifications.ts';
import { useActivateCourse } from '../api/activate-course.ts';

/** 'Activate Course' with its confirmation (spec §4: PLANNING → ACTIVE, only with `can.activate`). */
export function ActivateCourseButton({ course, size = 'md' }: { course: Pick<Course, 'id' | 'title' | 'can'>; size?: ButtonSize }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const activate = useActivateCourse();
  if (!course.can.activate) return null;
  return (
    <>
      <Button size={size} onClick={() => setOpen(true)}>
        {t('courses.activate.button')}
      </Button>
      <LazyConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('courses.activate.title')}
        message={t('courses.activate.message', { title: course.title })}
        confirmLabel={t('courses.activate.confirm')}
        loading={activate.isPending}
        onConfirm={() =>
          activate.mutate(course.id, {
            onSuccess: () => notify({ severity: 'success', message: t('courses.activate.done') }),
            onSettled: () => setOpen(false),
          })
        }
      />
    </>
  );
}
