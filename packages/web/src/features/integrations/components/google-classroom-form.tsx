import { GoogleSubmitRequest } from '@app/contract/integrations';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { RadioGroupField } from '../../../components/ui/radio-group-field.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { translateMessage } from '../../../i18n/index.ts';
import styles from './google-classroom.module.css';

// The request's own rules (spec §5: title and description are free text), minus what the app adds.
const GoogleClassroomValues = GoogleSubmitRequest.pick({ course: true, title: true }).extend({ desc: z.string().max(30000) });
export type GoogleClassroomValues = z.infer<typeof GoogleClassroomValues>;

export interface GoogleClassroomFormProps {
  open: boolean;
  documentTitle: string;
  courses: readonly { id: string; name: string }[];
  submitting: boolean;
  onCancel: () => void;
  onSubmit: (values: GoogleClassroomValues) => void;
}

/** The Google Classroom modal of spec §2 and §4: the Classroom course, the title (the document's) and a description. */
export function GoogleClassroomForm({ open, documentTitle, courses, submitting, onCancel, onSubmit }: GoogleClassroomFormProps) {
  const { t } = useTranslation();
  const formId = 'google-classroom-form';
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<GoogleClassroomValues>({
    resolver: zodResolver(GoogleClassroomValues),
    // One course needs no choosing.
    defaultValues: { course: courses.length === 1 ? (courses[0]?.id ?? '') : '', title: documentTitle, desc: '' },
  });
  const message = (error: { message?: string } | undefined) => (error?.message ? translateMessage(error.message) : undefined);

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && !submitting) onCancel();
      }}
      title={t('integrations.google.title')}
      description={t('integrations.google.intro')}
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={submitting}>
            {t('integrations.google.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
        <RadioGroupField
          legend={t('integrations.google.course')}
          options={courses.map((course) => ({ value: course.id, label: course.name }))}
          error={message(errors.course)}
          {...register('course')}
        />
        <TextField label={t('integrations.google.assignmentTitle')} maxLength={3000} error={message(errors.title)} {...register('title')} />
        <TextAreaField
          label={t('integrations.google.description')}
          hint={t('integrations.google.descriptionHint')}
          maxLength={30000}
          error={message(errors.desc)}
          {...register('desc')}
        />
      </form>
    </Modal>
  );
}
