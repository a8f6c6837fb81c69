import type { Course } from '@app/contract/courses';
import type { CourseInvitation } from '@app/contract/people';
import type { LanguageCode } from '@app/contract/users';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DateFormat, formatDate } from '../../../lib/format-date.ts';
import { notify } from '../../../lib/notifications.ts';
import { useDeleteInvitation } from '../api/delete-invitation.ts';
import { useCourseInvitations } from '../api/get-course-invitations.ts';
import { PeopleSection } from './people-section.tsx';
import { PeopleTable } from './people-table.tsx';

export interface PendingInvitationsProps {
  course: Pick<Course, 'id' | 'can'>;
  language: LanguageCode;
  timeZone: string;
}

/** Invitations not yet answered; instructors may withdraw one (its link stops working). */
export function PendingInvitations({ course, language, timeZone }: PendingInvitationsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const { data: invitations, isPending } = useCourseInvitations(course.id);
  const remove = useDeleteInvitation();
  const [removing, setRemoving] = useState<CourseInvitation | null>(null);
  const manage = course.can.manage_people;
  const list = invitations ?? [];
  const day = (epoch: number) => formatDate(epoch, DateFormat.date, language, timeZone);

  const confirmRemove = () => {
    if (!removing) return;
    const email = removing.invitee_email;
    remove.mutate(
      { courseId: course.id, invitationId: removing.id },
      {
        onSuccess: () => notify({ severity: 'success', message: t('people.pending.removed', { email }) }),
        onSettled: () => setRemoving(null),
      },
    );
  };

  return (
    <PeopleSection
      headingId={headingId}
      title={t('people.pending.title')}
      count={invitations?.length}
      loading={isPending}
      empty={list.length === 0 ? t('people.pending.empty') : null}
      dialogs={
        manage ? (
          <ConfirmDialog
            open={removing !== null}
            onOpenChange={(open) => {
              if (!open) setRemoving(null);
            }}
            title={t('people.pending.removeTitle')}
            message={removing ? t('people.pending.removeMessage', { email: removing.invitee_email }) : ''}
            confirmLabel={t('people.pending.remove')}
            confirmVariant="danger"
            loading={remove.isPending}
            onConfirm={confirmRemove}
          />
        ) : null
      }
    >
      <PeopleTable
        labelledBy={headingId}
        rows={list}
        rowKey={(invitation) => invitation.id}
        columns={[
          { label: t('people.columns.email'), look: 'strong', cell: (invitation) => invitation.invitee_email },
          { label: t('people.columns.role'), cell: (invitation) => t(`people.roles.${invitation.join_as}`) },
          { label: t('people.columns.sent'), look: 'nowrap', cell: (invitation) => day(invitation.created_at) },
          { label: t('people.columns.expires'), look: 'nowrap', cell: (invitation) => day(invitation.expires_at) },
        ]}
        actions={
          manage
            ? (invitation) => (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={t('people.pending.removeLabel', { email: invitation.invitee_email })}
                  onClick={() => setRemoving(invitation)}
                >
                  {t('people.pending.remove')}
                </Button>
              )
            : undefined
        }
      />
    </PeopleSection>
  );
}
