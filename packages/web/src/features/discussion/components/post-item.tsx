import type { Post } from '@app/contract/discussion';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { notify } from '../../../lib/notifications.ts';
import { useDeletePost } from '../api/delete-post.ts';
import { useUpdatePost } from '../api/update-post.ts';
import { AuthorLine } from './author-line.tsx';
import { PlainText } from './plain-text.tsx';
import { PostForm } from './post-form.tsx';
import styles from './post-item.module.css';

export interface PostItemProps {
  post: Post;
  courseId: number;
  timeZone: string;
}

/** A reply: its author and text, or the placeholder of a deleted one; Edit and Delete when the server allows. */
export function PostItem({ post, courseId, timeZone }: PostItemProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdatePost(courseId, post.thread_id);
  const remove = useDeletePost(courseId, post.thread_id);

  const save = async (body: string) => {
    try {
      await update.mutateAsync({ postId: post.id, body });
    } catch {
      return false;
    }
    notify({ severity: 'success', message: t('discussion.post.saved') });
    setEditing(false);
    return true;
  };

  const confirmDelete = () =>
    remove.mutate(post.id, {
      onSuccess: () => notify({ severity: 'success', message: t('discussion.post.deleted') }),
      onSettled: () => setConfirming(false),
    });

  return (
    <li className={`${styles.post} ${post.deleted ? styles.deleted : ''}`} data-post-id={post.id}>
      <AuthorLine author={post.author} time={post.created_at} edited={post.edited_at !== null && !post.deleted} timeZone={timeZone} />
      {post.deleted || post.body === null ? (
        <p className={styles.placeholder}>{t('discussion.post.placeholder')}</p>
      ) : editing ? (
        <PostForm
          label={t('discussion.post.editLabel')}
          initial={post.body}
          submitLabel={t('discussion.save')}
          pending={update.isPending}
          onSubmit={save}
          onCancel={() => setEditing(false)}
          autoFocus
        />
      ) : (
        <PlainText text={post.body} />
      )}
      {!editing && (post.can.edit || post.can.delete) ? (
        <div className={styles.actions}>
          {post.can.edit ? (
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              {t('discussion.edit')}
            </Button>
          ) : null}
          {post.can.delete ? (
            <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
              {t('discussion.delete')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('discussion.post.deleteTitle')}
        message={t('discussion.post.deleteMessage')}
        confirmLabel={t('discussion.delete')}
        confirmVariant="danger"
        onConfirm={confirmDelete}
        loading={remove.isPending}
      />
    </li>
  );
}
