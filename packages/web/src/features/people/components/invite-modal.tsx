import type { Course, CourseRole } from '@app/contract/courses';
import { type InvitationOutcome, PeopleMessages } from '@app/contract/people';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { CheckIcon, InfoIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { translateMessage } from '../../../i18n/index.ts';
import { useCreateInvitations } from '../api/create-invitations.ts';
import { EmailChipsInput } from './email-chips-input.tsx';
import styles from './invite-modal.module.css';

type Outcome = z.infer<typeof InvitationOutcome>;

/** One address's outcome in the interface language: sent, or the server's reason (spec §5 sentences). */
export function outcomeText(outcome: Outcome, t: TFunction): string {
  if (outcome.invited) return t('people.invite.sent');
  const { email, message } = outcome;
  switch (message) {
    case PeopleMessages.memberEmail(email):
      return t('messages.people.memberEmail', { value: email });
    case PeopleMessages.invitedEmail(email):
      return t('messages.people.invitedEmail', { value: email });
    case PeopleMessages.invalidEmail(email):
      return t('messages.people.invalidEmail', { value: email });
    case PeopleMessages.duplicateEmail(email):
      return t('messages.people.duplicateEmail', { value: email });
    default:
      return translateMessage(message ?? undefined);
  }
}

export interface InviteModalProps {
  course: Pick<Course, 'id' | 'title'>;
  role: CourseRole;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Invites people to a course in one role by e-mail (spec §5), then says what happened to each address. */
export function InviteModal({ course, role, open, onOpenChange }: InviteModalProps) {
  const { t } = useTranslation();
  const [emails, setEmails] = useState<string[]>([]);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const invite = useCreateInvitations();

  const close = (next: boolean) => {
    if (invite.isPending) return;
    onOpenChange(next);
    if (!next) {
      setEmails([]);
      setOutcomes(null);
      invite.reset();
    }
  };

  const send = () => {
    invite.mutate(
      { role, course: course.id, emails },
      {
        onSuccess: ({ results }) => {
          setOutcomes(results);
          // What was not sent stays as chips no more: its reason is listed below instead.
          setEmails([]);
        },
      },
    );
  };

  const sent = outcomes?.filter((outcome) => outcome.invited).length ?? 0;
  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={t(`people.invite.title.${role}`)}
      description={t(`people.invite.description.${role}`, { title: course.title })}
      footer={
        <>
          <Button variant="outline" onClick={() => close(false)} disabled={invite.isPending}>
            {t('people.invite.close')}
          </Button>
          <Button onClick={send} disabled={emails.length === 0} loading={invite.isPending}>
            {t('people.invite.submit')}
          </Button>
        </>
      }
    >
      <EmailChipsInput
        label={t('people.invite.emailsLabel')}
        hint={t('people.invite.hint')}
        emails={emails}
        onChange={setEmails}
        disabled={invite.isPending}
      />
      <div aria-live="polite">
        {outcomes ? (
          <section className={styles.outcomes} aria-label={t('people.invite.outcomesLabel')}>
            <p className={styles.summary}>{t('people.invite.summary', { sent, total: outcomes.length })}</p>
            <ul className={styles.list}>
              {outcomes.map((outcome) => (
                <li key={`${outcome.email}-${outcome.message ?? 'sent'}`} className={styles.item} data-invited={outcome.invited}>
                  {outcome.invited ? (
                    <CheckIcon width="18" height="18" className={styles.ok} />
                  ) : (
                    <InfoIcon width="18" height="18" className={styles.no} />
                  )}
                  <span className={styles.email}>{outcome.email}</span>
                  <span className={styles.reason}>{outcomeText(outcome, t)}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </Modal>
  );
}
