import type { Course } from '@app/contract/courses';
import type { EnrollmentRequest } from '@app/contract/people';
import type { LanguageCode } from '@app/contract/users';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DateFormat, formatDate } from '../../../lib/format-date.ts';
import { notify } from '../../../lib/notifications.ts';
import { type EnrollmentDecision, useDecideEnrollmentRequests } from '../api/decide-enrollment-requests.ts';
import { useCourseEnrollmentRequests } from '../api/get-course-enrollment-requests.ts';
import { PeopleSection } from './people-section.tsx';
import table from './people-table.module.css';
import { PeopleTable } from './people-table.tsx';
import { personName } from './people-text.ts';

export interface CourseEnrollmentRequestsProps {
  course: Pick<Course, 'id' | 'can'>;
  language: LanguageCode;
  timeZone: string;
}

/**
 * The people page's enrollment requests (spec §2): accept or decline one, the selected ones, or
 * all. TAs see the list without the controls (spec §6).
 */
export function CourseEnrollmentRequests({ course, language, timeZone }: CourseEnrollmentRequestsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const { data: requests, isPending } = useCourseEnrollmentRequests(course.id);
  const decide = useDecideEnrollmentRequests();
  const [selection, setSelection] = useState<ReadonlySet<number>>(new Set());
  const [declining, setDeclining] = useState<EnrollmentRequest[] | null>(null);
  const canDecide = course.can.manage_people;

  const list = requests ?? [];
  // Requests decided elsewhere drop out of the selection by themselves.
  const selected = list.filter((request) => selection.has(request.id));
  const allSelected = list.length > 0 && selected.length === list.length;
  const targets = selected.length > 0 ? selected : list;

  const toggle = (id: number) =>
    setSelection((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const run = (decision: EnrollmentDecision, chosen: EnrollmentRequest[], done?: () => void) => {
    const ids = chosen.map((request) => request.id);
    decide.mutate(
      { courseId: course.id, ids, decision },
      {
        onSuccess: () => {
          const one = ids.length === 1;
          const message =
            decision === 'accept'
              ? one
                ? t('people.requests.acceptedOne')
                : t('people.requests.acceptedMany', { total: ids.length })
              : one
                ? t('people.requests.declinedOne')
                : t('people.requests.declinedMany', { total: ids.length });
          notify({ severity: 'success', message });
          setSelection(new Set());
        },
        onSettled: done,
      },
    );
  };

  const busy = (decision: EnrollmentDecision, id?: number) =>
    decide.isPending &&
    decide.variables.decision === decision &&
    (id === undefined || (decide.variables.ids.length === 1 && decide.variables.ids[0] === id));

  const bulkActions =
    canDecide && list.length > 0 ? (
      <>
        <Button
          size="sm"
          onClick={() => run('accept', targets)}
          loading={busy('accept') && decide.variables?.ids.length !== 1}
          disabled={decide.isPending}
        >
          {selected.length > 0 ? t('people.requests.acceptSelected', { total: selected.length }) : t('people.requests.acceptAll')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setDeclining(targets)} disabled={decide.isPending}>
          {selected.length > 0 ? t('people.requests.declineSelected', { total: selected.length }) : t('people.requests.declineAll')}
        </Button>
      </>
    ) : null;

  const declineOne = declining?.length === 1 ? declining[0] : undefined;
  return (
    <PeopleSection
      headingId={headingId}
      title={t('people.requests.title')}
      count={requests?.length}
      actions={bulkActions}
      loading={isPending}
      empty={list.length === 0 ? t('people.requests.empty') : null}
      dialogs={
        <ConfirmDialog
          open={declining !== null}
          onOpenChange={(open) => {
            if (!open) setDeclining(null);
          }}
          title={t('people.requests.declineTitle')}
          message={
            declineOne
              ? t('people.requests.declineMessageOne', { name: personName(declineOne.student) })
              : t('people.requests.declineMessageMany', { total: declining?.length ?? 0 })
          }
          confirmLabel={t('people.requests.decline')}
          confirmVariant="danger"
          loading={decide.isPending}
          onConfirm={() => {
            if (declining) run('decline', declining, () => setDeclining(null));
          }}
        />
      }
    >
      <PeopleTable
        labelledBy={headingId}
        rows={list}
        rowKey={(request) => request.id}
        rowData={(request) => ({ 'data-selected': selection.has(request.id) || undefined })}
        columns={[
          canDecide && {
            label: t('people.requests.selectAll'),
            look: 'check',
            head: (
              <input
                type="checkbox"
                className={table.checkbox}
                aria-label={t('people.requests.selectAll')}
                checked={allSelected}
                ref={(element) => {
                  if (element) element.indeterminate = selected.length > 0 && !allSelected;
                }}
                onChange={() => setSelection(allSelected ? new Set() : new Set(list.map((request) => request.id)))}
              />
            ),
            cell: (request) => (
              <input
                type="checkbox"
                className={table.checkbox}
                aria-label={t('people.requests.select', { name: personName(request.student) })}
                checked={selection.has(request.id)}
                onChange={() => toggle(request.id)}
              />
            ),
          },
          { label: t('people.columns.name'), look: 'strong', cell: (request) => personName(request.student) },
          { label: t('people.columns.email'), cell: (request) => request.student.email },
          {
            label: t('people.columns.requested'),
            look: 'nowrap',
            cell: (request) => formatDate(request.created_at, DateFormat.date, language, timeZone),
          },
        ]}
        actions={
          canDecide
            ? (request) => {
                const name = personName(request.student);
                return (
                  <>
                    <Button
                      size="sm"
                      aria-label={t('people.requests.acceptLabel', { name })}
                      loading={busy('accept', request.id)}
                      disabled={decide.isPending}
                      onClick={() => run('accept', [request])}
                    >
                      {t('people.requests.accept')}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={t('people.requests.declineLabel', { name })}
                      disabled={decide.isPending}
                      onClick={() => setDeclining([request])}
                    >
                      {t('people.requests.decline')}
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
