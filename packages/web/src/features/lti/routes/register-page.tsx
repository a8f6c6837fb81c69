import type { LtiRegistrationRequest } from '@app/contract/lti';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorMessages } from '../../../lib/api-errors.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useRegister, useRegistrationPreview } from '../api/registration.ts';

/** The message that tells the LMS the tool's registration window may close (LTI Dynamic Registration 1.0, §3.6). */
export const CLOSE_MESSAGE = { subject: 'org.imsglobal.lti.close' } as const;

/**
 * /lti/register/{key}?openid_configuration=…&registration_token=… (issue 28): LTI Dynamic
 * Registration, opened by the LMS (in a frame or a window) from the URL the admin CLI made. It
 * shows the LMS and one confirmation; on success the tool is registered there and here, and the
 * page tells the LMS it may close.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  usePageTitle(t('lti.register.title'));
  const key = useParams().key ?? '';
  const [params] = useSearchParams();
  const request = useMemo<LtiRegistrationRequest | undefined>(() => {
    const configuration = params.get('openid_configuration');
    if (!configuration) return undefined;
    const token = params.get('registration_token');
    return { openid_configuration: configuration, ...(token ? { registration_token: token } : {}) };
  }, [params]);
  const preview = useRegistrationPreview(key, request);
  const register = useRegister(key);

  useEffect(() => {
    if (!register.isSuccess) return;
    // The LMS's window is our opener (a new window) or our parent (a frame); the spec posts to any origin.
    (window.opener ?? window.parent)?.postMessage(CLOSE_MESSAGE, '*');
  }, [register.isSuccess]);

  const failure = (error: unknown) => {
    const status = error instanceof ApiError ? error.status : 0;
    const lead = status === 404 ? 'lti.register.gone' : status === 400 ? 'lti.register.refusedConfig' : 'lti.register.failed';
    return (
      <Notice severity="error">
        <p>{t(lead)}</p>
        {status === 400 || status === 502 ? apiErrorMessages(error).map((message) => <p key={message}>{message}</p>) : null}
      </Notice>
    );
  };

  let body: React.ReactNode;
  if (!request) body = <Notice severity="error">{t('lti.register.noConfiguration')}</Notice>;
  else if (preview.isError) body = failure(preview.error);
  else if (!preview.data) body = <LoadingScreen label={t('lti.register.loading')} />;
  else if (register.isSuccess)
    body = (
      <Notice severity="success">
        <p>{t('lti.register.done', { issuer: register.data.issuer })}</p>
        <p>{t('lti.register.ids', { clientId: register.data.client_id, deploymentId: register.data.deployment_id ?? '—' })}</p>
        <p>{t('lti.register.close')}</p>
      </Notice>
    );
  else
    body = (
      <>
        <p>{t('lti.register.intro', { issuer: preview.data.issuer })}</p>
        {preview.data.product ? <p>{t('lti.register.product', { product: preview.data.product })}</p> : null}
        <ul>
          <li>{t('lti.register.grantLaunch')}</li>
          <li>{t('lti.register.grantServices')}</li>
          <li>{t('lti.register.grantEmails')}</li>
        </ul>
        {preview.data.registered_already ? <Notice severity="info">{t('lti.register.again')}</Notice> : null}
        {register.isError ? failure(register.error) : null}
        <Button type="button" loading={register.isPending} disabled={register.isPending} onClick={() => register.mutate(request)}>
          {t('lti.register.confirm')}
        </Button>
      </>
    );

  return (
    <>
      <h1>{t('lti.register.title')}</h1>
      {body}
    </>
  );
}
