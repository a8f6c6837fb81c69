import type { Course, CourseRole } from '@app/contract/courses';
import type { CoursePerson } from '@app/contract/people';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { notify } from '../../../lib/notifications.ts';
import { useCourseMembers } from '../api/get-course-members.ts';
import { useRemoveCourseMember } from '../api/remove-course-member.ts';
import { InviteModal } from './invite-modal.tsx';
import { PeopleSection } from './people-section.tsx';
import table from './people-table.module.css';
import { PeopleTable } from './people-table.tsx';
import { personName } from './people-text.ts';

export interface CourseMembersProps {
  course: Pick<Course, 'id' | 'title' | 'status' | 'can'>;
  role: CourseRole;
  /** The signed-in user: no e-mail or remove action on their own row (spec §6). */
  viewerId: number;
}

/**
 * Why the Invite button of a role is off, or null when it is on: students join only an ACTIVE
 * course, nobody an ENDED one (spec §6).
 */
export function inviteBlocked(course: Pick<Course, 'status'>, role: CourseRole): 'ended' | 'activateFirst' | null {
  if (course.status === 'ENDED') return 'ended';
  if (role === 'student' && course.status !== 'ACTIVE') return 'activateFirst';
  return null;
}

/** Instructors, TAs or students of a course, with Invite, e-mail and remove for its instructors. */
export function CourseMembers({ course, role, viewerId }: CourseMembersProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const { data: members, isPending } = useCourseMembers(course.id, role);
  const remove = useRemoveCourseMember();
  const [removing, setRemoving] = useState<CoursePerson | null>(null);
  const [inviting, setInviting] = useState(false);
  const manage = course.can.manage_people;
  const blocked = inviteBlocked(course, role);
  const list = members ?? [];

  const confirmRemove = () => {
    if (!removing) return;
    const name = personName(removing);
    remove.mutate(
      { courseId: course.id, role, userId: removing.user_id },
      {
        onSuccess: () => notify({ severity: 'success', message: t(`people.members.removed.${role}`, { name }) }),
        onSettled: () => setRemoving(null),
      },
    );
  };

  return (
    <PeopleSection
      headingId={headingId}
      title={t(`people.members.title.${role}`)}
      count={members?.length}
      loading={isPending}
      empty={list.length === 0 ? t(`people.members.empty.${role}`) : null}
      actions={
        manage ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={blocked !== null}
            aria-describedby={blocked ? `${headingId}-note` : undefined}
            onClick={() => setInviting(true)}
          >
            <PlusIcon width="16" height="16" />
            {t(`people.invite.open.${role}`)}
          </Button>
        ) : null
      }
      note={manage && blocked ? <span id={`${headingId}-note`}>{t(`people.invite.blocked.${blocked}`)}</span> : null}
      dialogs={
        manage ? (
          <>
            <InviteModal course={course} role={role} open={inviting} onOpenChange={setInviting} />
            <ConfirmDialog
              open={removing !== null}
              onOpenChange={(open) => {
                if (!open) setRemoving(null);
              }}
              title={t(`people.members.removeTitle.${role}`)}
              message={
                removing
                  ? t('people.members.removeMessage', { name: personName(removing), email: removing.email, title: course.title })
                  : ''
              }
              confirmLabel={t('people.members.remove')}
              confirmVariant="danger"
              loading={remove.isPending}
              onConfirm={confirmRemove}
            />
          </>
        ) : null
      }
    >
      <PeopleTable
        labelledBy={headingId}
        rows={list}
        rowKey={(person) => person.user_id}
        columns={[
          {
            label: t('people.columns.name'),
            look: 'strong',
            // One element, so the name and its badge stay together in the stacked layout.
            cell: (person) => (
              <span>
                {personName(person)}
                {person.user_id === viewerId ? (
                  <span className={table.you}>
                    <Badge tone="info">{t('people.members.you')}</Badge>
                  </span>
                ) : null}
              </span>
            ),
          },
          { label: t('people.columns.email'), cell: (person) => person.email },
        ]}
        actions={
          manage
            ? (person) => {
                if (person.user_id === viewerId) return null;
                const name = personName(person);
                return (
                  <>
                    <ButtonLink
                      to={`mailto:${person.email}`}
                      variant="ghost"
                      size="sm"
                      aria-label={t('people.members.emailLabel', { name })}
                    >
                      {t('people.members.email')}
                    </ButtonLink>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={t('people.members.removeLabel', { name })}
                      onClick={() => setRemoving(person)}
                    >
                      {t('people.members.remove')}
                    </Button>
                  </>
                );
              }
            : undefined
        }
      />
    </PeopleSection>
  );
}
