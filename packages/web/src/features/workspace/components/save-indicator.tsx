import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import type { AutosaveStatus } from '../use-autosave.ts';
import styles from './workspace-header.module.css';

/**
 * The quiet autosave status (Saving…, Saved, Offline: will retry). Only trouble is announced:
 * hearing 'Saved' after every chord would drown the answers being typed.
 */
export function SaveIndicator({ status }: { status: AutosaveStatus }) {
  const { t } = useTranslation();
  const text: Record<AutosaveStatus, string> = {
    idle: '',
    saving: t('workspace.save.saving'),
    saved: t('workspace.save.saved'),
    offline: t('workspace.save.offline'),
    failed: t('workspace.save.failed'),
  };
  const trouble = status === 'offline' || status === 'failed';
  return (
    <>
      <span className={styles.save} data-state={status} data-testid="save-status" aria-hidden={trouble || undefined}>
        {status === 'saving' ? <span className={styles.spinner} aria-hidden="true" /> : null}
        {status === 'saved' ? <CheckIcon width="16" height="16" aria-hidden="true" /> : null}
        {trouble ? <span className={styles.dot} aria-hidden="true" /> : null}
        {text[status]}
      </span>
      <span className="visually-hidden" role="status">
        {trouble ? text[status] : ''}
      </span>
    </>
  );
}
