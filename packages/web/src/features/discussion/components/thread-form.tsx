import { CreateThreadRequest, DISCUSSION_BODY_MAX, THREAD_TITLE_MAX } from '@app/contract/discussion';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { translateMessage } from '../../../i18n/index.ts';
import styles from './discussion-form.module.css';

type FormInput = z.input<typeof CreateThreadRequest>;
type FormOutput = z.output<typeof CreateThreadRequest>;

export interface ThreadFormProps {
  initial?: { title: string; body: string };
  submitLabel: string;
  pending: boolean;
  /** Resolves true when saved, so the form can clear itself. */
  onSubmit: (values: FormOutput) => Promise<boolean>;
  onCancel: () => void;
}

/** Title and message of a thread, checked with the contract's rules before they are sent. */
export function ThreadForm({ initial, submitLabel, pending, onSubmit, onCancel }: ThreadFormProps) {
  const { t } = useTranslation();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(CreateThreadRequest),
    defaultValues: initial ?? { title: '', body: '' },
  });
  const { errors } = form.formState;
  const fieldError = (field: keyof FormInput) => {
    const message = errors[field]?.message;
    return message ? translateMessage(message) : undefined;
  };
  const submit = form.handleSubmit(async (values) => {
    if (await onSubmit(values)) form.reset(initial ?? { title: '', body: '' });
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField label={t('discussion.form.title')} maxLength={THREAD_TITLE_MAX} error={fieldError('title')} {...form.register('title')} />
      <TextAreaField
        label={t('discussion.form.body')}
        rows={6}
        maxLength={DISCUSSION_BODY_MAX}
        hint={t('discussion.form.bodyHint')}
        error={fieldError('body')}
        {...form.register('body')}
      />
      <div className={styles.actions}>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
