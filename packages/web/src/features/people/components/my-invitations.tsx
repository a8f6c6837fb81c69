import type { CourseInvitation } from '@app/contract/people';
import type { LanguageCode } from '@app/contract/users';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../lib/notifications.ts';
import { useRespondToInvitation } from '../api/respond-to-invitation.ts';
import styles from './dashboard-people.module.css';
import table from './people-table.module.css';
import { courseColumns, PeopleTable } from './people-table.tsx';

export interface MyInvitationsProps {
  invitations: readonly CourseInvitation[];
  language: LanguageCode;
  timeZone: string;
}

/** The dashboard's Invitations table (spec §2): Course, School, Dates, Role, Accept or Decline. */
export function MyInvitations({ invitations, language, timeZone }: MyInvitationsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const respond = useRespondToInvitation();
  const busy = (invitation: CourseInvitation, state: 'ACCEPTED' | 'DECLINED') =>
    respond.isPending && respond.variables.idOrToken === invitation.id && respond.variables.state === state;

  const answer = (invitation: CourseInvitation, state: 'ACCEPTED' | 'DECLINED') => {
    const title = invitation.course_info.title;
    respond.mutate(
      { idOrToken: invitation.id, state },
      {
        onSuccess: () =>
          notify({
            severity: 'success',
            message: state === 'ACCEPTED' ? t('people.invitations.joined', { title }) : t('people.invitations.declined', { title }),
          }),
      },
    );
  };

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.panelHeader}>
        <div>
          <h2 id={headingId} className={styles.panelTitle}>
            {t('people.dashboard.invitationsTitle')}
          </h2>
          <p className={styles.panelLead}>{t('people.dashboard.invitationsLead')}</p>
        </div>
      </div>
      <div className={table.frame}>
        <PeopleTable
          rows={invitations}
          rowKey={(invitation) => invitation.id}
          columns={[
            ...courseColumns<CourseInvitation>(t, (invitation) => invitation.course_info, language, timeZone),
            { label: t('people.columns.role'), cell: (invitation) => t(`people.roles.${invitation.join_as}`) },
          ]}
          actions={(invitation) => (
            <>
              <Button
                size="sm"
                aria-label={t('people.invitations.acceptLabel', { title: invitation.course_info.title })}
                loading={busy(invitation, 'ACCEPTED')}
                disabled={respond.isPending}
                onClick={() => answer(invitation, 'ACCEPTED')}
              >
                {t('people.invitations.accept')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                aria-label={t('people.invitations.declineLabel', { title: invitation.course_info.title })}
                loading={busy(invitation, 'DECLINED')}
                disabled={respond.isPending}
                onClick={() => answer(invitation, 'DECLINED')}
              >
                {t('people.invitations.decline')}
              </Button>
            </>
          )}
        />
      </div>
    </section>
  );
}
