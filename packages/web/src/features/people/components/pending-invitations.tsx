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
import table from './people-table.module.css';

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
  const day = (epoch: number) => formatDate(epoch, DateFormat.isoDate, language, timeZone);

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
      <table className={table.table} aria-labelledby={headingId}>
        <thead>
          <tr>
            <th scope="col">{t('people.columns.email')}</th>
            <th scope="col">{t('people.columns.role')}</th>
            <th scope="col">{t('people.columns.sent')}</th>
            <th scope="col">{t('people.columns.expires')}</th>
            {manage ? (
              <th scope="col" className={table.actionsHead}>
                {t('people.columns.action')}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {list.map((invitation) => (
            <tr key={invitation.id}>
              <td data-label={t('people.columns.email')} className={table.strong}>
                {invitation.invitee_email}
              </td>
              <td data-label={t('people.columns.role')}>{t(`people.roles.${invitation.join_as}`)}</td>
              <td data-label={t('people.columns.sent')} className={table.nowrap}>
                {day(invitation.created_at)}
              </td>
              <td data-label={t('people.columns.expires')} className={table.nowrap}>
                {day(invitation.expires_at)}
              </td>
              {manage ? (
                <td data-label="">
                  <div className={table.actions}>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={t('people.pending.removeLabel', { email: invitation.invitee_email })}
                      onClick={() => setRemoving(invitation)}
                    >
                      {t('people.pending.remove')}
                    </Button>
                  </div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </PeopleSection>
  );
}
