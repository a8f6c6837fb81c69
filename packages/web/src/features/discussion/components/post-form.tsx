import { CreatePostRequest, DISCUSSION_BODY_MAX } from '@app/contract/discussion';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { translateMessage } from '../../../i18n/index.ts';
import styles from './discussion-form.module.css';

type FormInput = z.input<typeof CreatePostRequest>;
type FormOutput = z.output<typeof CreatePostRequest>;

export interface PostFormProps {
  label: string;
  initial?: string;
  submitLabel: string;
  pending: boolean;
  /** Resolves true when saved, so the form can clear itself. */
  onSubmit: (body: string) => Promise<boolean>;
  /** Editing offers Cancel; the reply box does not. */
  onCancel?: () => void;
  autoFocus?: boolean;
}

/** A message box: the reply under a thread, or a post being edited. */
export function PostForm({ label, initial = '', submitLabel, pending, onSubmit, onCancel, autoFocus = false }: PostFormProps) {
  const { t } = useTranslation();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(CreatePostRequest), defaultValues: { body: initial } });
  const message = form.formState.errors.body?.message;
  const submit = form.handleSubmit(async (values) => {
    if (await onSubmit(values.body)) form.reset({ body: initial });
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextAreaField
        label={label}
        rows={4}
        maxLength={DISCUSSION_BODY_MAX}
        autoFocus={autoFocus}
        error={message ? translateMessage(message) : undefined}
        {...form.register('body')}
      />
      <div className={styles.actions}>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            {t('common.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
