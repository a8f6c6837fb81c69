import type { Course } from '@app/contract/courses';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useOutletContext, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { BackIcon } from '../../../components/ui/icons.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { apiErrorMessages } from '../../../lib/api-errors.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { displayTimeZone } from '../../../lib/date-time-input.ts';
import { notify } from '../../../lib/notifications.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCreatePost } from '../api/create-post.ts';
import { useThread } from '../api/get-thread.ts';
import { PostForm } from '../components/post-form.tsx';
import { PostItem } from '../components/post-item.tsx';
import { ThreadView } from '../components/thread-view.tsx';
import { discussionPath } from '../discussion-paths.ts';
import styles from './discussion.module.css';

/** …/discussion/{threadId}: a thread, its replies (50 at a time), the reply box and the moderators' actions. */
export function DiscussionThreadPage() {
  const { t } = useTranslation();
  const course = useOutletContext<Course>();
  const navigate = useNavigate();
  const threadId = Number(useParams().threadId);
  const { data: user } = useCurrentUser();
  const query = useThread(course.id, threadId);
  const reply = useCreatePost(course.id, threadId);
  const thread = query.data?.pages[0]?.thread ?? null;
  usePageTitle(thread?.title ?? t('discussion.page.title'));
  const board = discussionPath(course);

  const back = (
    <Link to={board} className={styles.back}>
      <BackIcon />
      {t('discussion.thread.back')}
    </Link>
  );

  if (query.error || !Number.isInteger(threadId)) {
    return (
      <section className={styles.page}>
        {back}
        <Notice severity="error">
          {(query.error ? apiErrorMessages(query.error) : [t('messages.discussion.threadNotFound')]).map((message) => (
            <p key={message}>{message}</p>
          ))}
        </Notice>
      </section>
    );
  }
  if (!user || !query.data || !thread) return <LoadingScreen />;
  const timeZone = displayTimeZone(user.timezone_name);
  const posts = query.data.pages.flatMap((page) => page.posts);

  const send = async (body: string) => {
    try {
      await reply.mutateAsync({ body });
    } catch {
      return false;
    }
    notify({ severity: 'success', message: t('discussion.reply.posted') });
    return true;
  };

  let replyArea = null;
  if (thread.can.reply) {
    replyArea = (
      <section className={`${styles.panel} ${styles.reply}`} aria-labelledby="reply-title">
        <h2 id="reply-title" className={styles.panelTitle}>
          {t('discussion.reply.title')}
        </h2>
        <PostForm
          label={t('discussion.reply.label')}
          submitLabel={t('discussion.reply.submit')}
          pending={reply.isPending}
          onSubmit={send}
        />
      </section>
    );
  } else if (thread.locked) {
    replyArea = <Notice severity="info">{t('discussion.reply.locked')}</Notice>;
  } else {
    replyArea = <Notice severity="info">{t('discussion.page.readOnly')}</Notice>;
  }

  return (
    <section className={styles.page}>
      {back}
      <ThreadView thread={thread} timeZone={timeZone} onDeleted={() => void navigate(board, { replace: true })} />
      <h2 className={styles.repliesTitle}>{t('discussion.reply.count', { count: thread.reply_count })}</h2>
      {posts.length === 0 ? (
        <p className={styles.empty}>{t('discussion.reply.empty')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('discussion.reply.listLabel')}>
          {posts.map((post) => (
            <PostItem key={post.id} post={post} courseId={course.id} timeZone={timeZone} />
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <div className={styles.more}>
          <Button variant="outline" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t('discussion.reply.loadMore')}
          </Button>
        </div>
      ) : null}
      {replyArea}
    </section>
  );
}
