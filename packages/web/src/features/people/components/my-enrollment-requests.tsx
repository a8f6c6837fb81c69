import type { EnrollmentRequest } from '@app/contract/people';
import type { LanguageCode } from '@app/contract/users';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { notify } from '../../../lib/notifications.ts';
import { useCancelEnrollmentRequest } from '../api/cancel-enrollment-request.ts';
import styles from './dashboard-people.module.css';
import { InvitationCodeForm } from './invitation-code-form.tsx';
import table from './people-table.module.css';
import { courseColumns, PeopleTable } from './people-table.tsx';
import { REQUEST_STATUS_TONE } from './people-text.ts';

export interface MyEnrollmentRequestsProps {
  requests: readonly EnrollmentRequest[];
  language: LanguageCode;
  timeZone: string;
}

/**
 * The dashboard's Enrollment Requests table with 'Join A Course' (spec §2); the button is always there.
 * A pending request can be cancelled, a declined one dismissed from the table.
 */
export function MyEnrollmentRequests({ requests, language, timeZone }: MyEnrollmentRequestsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const formId = useId();
  const [joining, setJoining] = useState(false);
  const cancel = useCancelEnrollmentRequest();
  const hasRequests = requests.length > 0;

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.panelHeader}>
        <div>
          <h2 id={headingId} className={styles.panelTitle}>
            {t('people.dashboard.requestsTitle')}
          </h2>
          {hasRequests ? null : <p className={styles.panelLead}>{t('people.dashboard.joinLead')}</p>}
        </div>
        <Button
          variant={joining ? 'secondary' : 'outline'}
          aria-expanded={joining}
          aria-controls={formId}
          onClick={() => setJoining((open) => !open)}
        >
          <PlusIcon width="18" height="18" />
          {t('people.dashboard.joinCourse')}
        </Button>
      </div>
      {joining ? (
        <div id={formId} className={styles.joinForm}>
          <InvitationCodeForm onSubmitted={() => setJoining(false)} onCancel={() => setJoining(false)} />
        </div>
      ) : null}
      {hasRequests ? (
        <div className={table.frame}>
          <PeopleTable
            rows={requests}
            rowKey={(request) => request.id}
            rowData={(request) => ({ 'data-status': request.status })}
            columns={[
              ...courseColumns<EnrollmentRequest>(t, (request) => request.course, language, timeZone),
              {
                label: t('people.columns.status'),
                cell: (request) => <Badge tone={REQUEST_STATUS_TONE[request.status]}>{t(`people.status.${request.status}`)}</Badge>,
              },
            ]}
            actions={(request) =>
              request.status === 'PENDING' || request.status === 'REJECTED' ? (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={t(request.status === 'PENDING' ? 'people.requests.cancelLabel' : 'people.requests.dismissLabel', {
                    title: request.course.title,
                  })}
                  loading={cancel.isPending && cancel.variables === request.id}
                  onClick={() =>
                    cancel.mutate(request.id, {
                      onSuccess: () =>
                        notify({
                          severity: 'success',
                          message: t(request.status === 'PENDING' ? 'people.requests.cancelled' : 'people.requests.dismissed'),
                        }),
                    })
                  }
                >
                  {t(request.status === 'PENDING' ? 'people.requests.cancel' : 'people.requests.dismiss')}
                </Button>
              ) : null
            }
          />
        </div>
      ) : null}
    </section>
  );
}
