import type { Thread, UpdateThreadRequest } from '@app/contract/discussion';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { notify } from '../../../lib/notifications.ts';
import { useDeleteThread } from '../api/delete-thread.ts';
import { useUpdateThread } from '../api/update-thread.ts';
import { AuthorLine } from './author-line.tsx';
import { PlainText } from './plain-text.tsx';
import { ThreadForm } from './thread-form.tsx';
import styles from './thread-view.module.css';

export interface ThreadViewProps {
  thread: Thread;
  timeZone: string;
  /** After the thread is deleted: back to the board. */
  onDeleted: () => void;
}

type Moderation = 'pin' | 'unpin' | 'lock' | 'unlock';
const MODERATION: Record<Moderation, UpdateThreadRequest> = {
  pin: { pinned: true },
  unpin: { pinned: false },
  lock: { locked: true },
  unlock: { locked: false },
};

/** The opening post of a thread with the author's Edit and Delete and the moderators' pin and lock. */
export function ThreadView({ thread, timeZone, onDeleted }: ThreadViewProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateThread(thread.course_id, thread.id);
  const remove = useDeleteThread(thread.course_id, thread.id);

  const save = async (values: { title: string; body: string }) => {
    try {
      await update.mutateAsync(values);
    } catch {
      return false;
    }
    notify({ severity: 'success', message: t('discussion.thread.saved') });
    setEditing(false);
    return true;
  };

  const moderate = (action: Moderation) =>
    update.mutate(MODERATION[action], {
      onSuccess: () => notify({ severity: 'success', message: t(`discussion.thread.done.${action}`) }),
    });

  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        notify({ severity: 'success', message: t('discussion.thread.deleted') });
        onDeleted();
      },
      onSettled: () => setConfirming(false),
    });

  const busy = update.isPending || remove.isPending;

  return (
    <article className={styles.thread} aria-labelledby="thread-title">
      {thread.pinned || thread.locked ? (
        <div className={styles.marks}>
          {thread.pinned ? <Badge tone="info">{t('discussion.thread.pinned')}</Badge> : null}
          {thread.locked ? <Badge tone="neutral">{t('discussion.thread.locked')}</Badge> : null}
        </div>
      ) : null}
      {editing ? (
        <ThreadForm
          initial={{ title: thread.title, body: thread.body }}
          submitLabel={t('discussion.save')}
          pending={update.isPending}
          onSubmit={save}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <h1 id="thread-title" className={styles.title}>
            {thread.title}
          </h1>
          <AuthorLine author={thread.author} time={thread.created_at} edited={thread.edited_at !== null} timeZone={timeZone} />
          <PlainText text={thread.body} />
        </>
      )}
      {!editing && (thread.can.edit || thread.can.delete || thread.can.moderate) ? (
        <div className={styles.actions}>
          {thread.can.edit ? (
            <Button size="sm" variant="outline" onClick={() => setEditing(true)} disabled={busy}>
              {t('discussion.edit')}
            </Button>
          ) : null}
          {thread.can.moderate ? (
            <>
              <Button size="sm" variant="outline" onClick={() => moderate(thread.pinned ? 'unpin' : 'pin')} disabled={busy}>
                {thread.pinned ? t('discussion.thread.unpin') : t('discussion.thread.pin')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => moderate(thread.locked ? 'unlock' : 'lock')} disabled={busy}>
                {thread.locked ? t('discussion.thread.unlock') : t('discussion.thread.lock')}
              </Button>
            </>
          ) : null}
          {thread.can.delete ? (
            <Button size="sm" variant="danger" onClick={() => setConfirming(true)} disabled={busy}>
              {t('discussion.thread.delete')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('discussion.thread.deleteTitle')}
        message={t('discussion.thread.deleteMessage', { title: thread.title })}
        confirmLabel={t('discussion.delete')}
        confirmVariant="danger"
        onConfirm={confirmDelete}
        loading={remove.isPending}
      />
    </article>
  );
}
