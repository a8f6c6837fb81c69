import type { AssignmentSet, CourseDocument } from '@app/contract/assignments';
import { IntegrationMessages } from '@app/contract/integrations';
import { useQueryClient } from '@tanstack/react-query';
import { type SVGProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.ts';
import { googleInfoQuery, useGoogleInfo } from '../api/get-google-info.ts';
import { useSubmitToGoogleClassroom } from '../api/submit-to-google-classroom.ts';
import { type GoogleMessage, type GoogleStep, googleStep, isPastDue, startGoogleLink, useGoogleLinkReturn } from '../google-link.ts';
import styles from './google-classroom.module.css';
import { GoogleClassroomForm, type GoogleClassroomValues } from './google-classroom-form.tsx';

export interface GoogleClassroomButtonProps {
  assignment: Pick<AssignmentSet, 'id' | 'due_at'>;
  document: Pick<CourseDocument, 'id' | 'title'>;
}

type OpenStep = Exclude<GoogleStep, { kind: 'link' }>;

function ClassroomIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <rect x="3" y="4" width="18" height="13" rx="2" />
      <circle cx="12" cy="9" r="2" />
      <path d="M8.5 14a3.5 3.5 0 0 1 7 0M8 21h8M12 17v4" />
    </svg>
  );
}

/**
 * A document's Google Classroom button (spec §2, §4, §5): checks the set's due date, asks the server
 * for googleInfo, sends the tab through Google's consent when the account is not linked, and opens
 * the modal that creates the coursework. A document already sent stays disabled.
 */
export function GoogleClassroomButton({ assignment, document: doc }: GoogleClassroomButtonProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: info } = useGoogleInfo();
  const submit = useSubmitToGoogleClassroom();
  // The step stays while its modal closes, so the closing animation keeps its text.
  const [step, setStep] = useState<OpenStep | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  // Each opening starts a fresh form (the document's title, no earlier choice).
  const [openings, setOpenings] = useState(0);
  const [checking, setChecking] = useState(false);
  const sent = info?.disabled.includes(doc.id) ?? false;

  const messages: Record<GoogleMessage, string> = {
    pastDue: t('messages.integration.pastDue'),
    notConfigured: t('messages.integration.googleNotConfigured'),
    noCourses: t('messages.integration.noCourses'),
    permission: t('messages.integration.permission'),
    infoFailed: t('messages.integration.infoFailed'),
  };

  const show = (next: OpenStep) => {
    setStep(next);
    setModalOpen(true);
    setOpenings((n) => n + 1);
  };

  const open = async () => {
    if (isPastDue(assignment.due_at)) {
      show({ kind: 'message', message: 'pastDue' });
      return;
    }
    setChecking(true);
    try {
      const next = googleStep(await queryClient.fetchQuery({ ...googleInfoQuery, staleTime: 0 }));
      if (next.kind === 'link') startGoogleLink(assignment.id, doc.id);
      else show(next);
    } catch {
      show({ kind: 'message', message: 'infoFailed' });
    } finally {
      setChecking(false);
    }
  };

  useGoogleLinkReturn(assignment.id, doc.id, (linked) => {
    if (linked) void open();
    else notify({ severity: 'warning', message: t('integrations.google.linkRefused') });
  });

  const close = () => setModalOpen(false);

  const onSubmit = (values: GoogleClassroomValues) => {
    submit.mutate(
      { course: values.course, doc: doc.id, title: values.title, desc: values.desc },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t('integrations.google.sent', { title: values.title }) });
          close();
        },
        onError: (error) => {
          // The set's due date may have moved since the modal opened: the server says so with the spec's words.
          if (error instanceof ApiError && error.status === 400 && error.message.includes(IntegrationMessages.pastDue)) {
            show({ kind: 'message', message: 'pastDue' });
          } else if (!(error instanceof ApiError && error.handled)) {
            notify({ severity: 'error', message: t('messages.integration.submitFailed') });
          }
        },
      },
    );
  };

  return (
    <>
      {sent ? (
        <Button
          variant="ghost"
          size="sm"
          className={styles.sent}
          disabled
          title={t('integrations.google.alreadySent')}
          aria-label={t('integrations.google.alreadySentLabel', { title: doc.title })}
        >
          <CheckIcon width="18" height="18" />
          <span className={styles.actionText}>{t('integrations.google.alreadySent')}</span>
        </Button>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          loading={checking}
          aria-label={t('integrations.google.buttonLabel', { title: doc.title })}
          title={t('integrations.google.buttonLabel', { title: doc.title })}
          onClick={() => void open()}
        >
          {checking ? null : <ClassroomIcon />}
          <span className={styles.actionText}>{t('integrations.google.button')}</span>
        </Button>
      )}

      <Modal
        open={modalOpen && step?.kind === 'message'}
        onOpenChange={(next) => {
          if (!next) close();
        }}
        title={t('integrations.google.messageTitle')}
        description={step?.kind === 'message' ? messages[step.message] : undefined}
        dismissible={false}
        size="sm"
        footer={<Button onClick={close}>{t('integrations.google.ok')}</Button>}
      />

      {step?.kind === 'form' ? (
        <GoogleClassroomForm
          key={openings}
          open={modalOpen}
          documentTitle={doc.title}
          courses={step.courses}
          submitting={submit.isPending}
          onCancel={close}
          onSubmit={onSubmit}
        />
      ) : null}
    </>
  );
}
