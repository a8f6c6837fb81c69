import type { Course } from '@app/contract/courses';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useOutletContext } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { displayTimeZone } from '../../../lib/date-time-input.ts';
import { notify } from '../../../lib/notifications.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCreateThread } from '../api/create-thread.ts';
import { useThreads } from '../api/get-threads.ts';
import { ThreadForm } from '../components/thread-form.tsx';
import { ThreadListItem } from '../components/thread-list-item.tsx';
import { discussionPath } from '../discussion-paths.ts';
import styles from './discussion.module.css';

/**
 * /course/{id}/discussion and /student/course/{id}/discussion: the course's threads, pinned first
 * and then by last activity, 20 at a time, with a form to start one. The course layout around it
 * has loaded the course and kept out anyone who is not a member in that role.
 */
export function DiscussionPage() {
  const { t } = useTranslation();
  usePageTitle(t('discussion.page.title'));
  const course = useOutletContext<Course>();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const threads = useThreads(course.id);
  const create = useCreateThread(course.id);
  const [composing, setComposing] = useState(false);

  if (!user || !threads.data) return <LoadingScreen />;
  const timeZone = displayTimeZone(user.timezone_name);
  const pages = threads.data.pages;
  const can = pages[0]?.can ?? { create: false, moderate: false };
  const list = pages.flatMap((page) => page.threads);

  const start = async (values: { title: string; body: string }) => {
    try {
      const thread = await create.mutateAsync(values);
      notify({ severity: 'success', message: t('discussion.page.created') });
      setComposing(false);
      void navigate(discussionPath(course, thread.id));
      return true;
    } catch {
      return false;
    }
  };

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <p className={styles.eyebrow}>{course.title}</p>
          <h1 className={styles.title}>{t('discussion.page.title')}</h1>
          <p className={styles.lead}>{t('discussion.page.lead')}</p>
        </div>
        {can.create && !composing ? (
          <Button onClick={() => setComposing(true)}>
            <PlusIcon />
            {t('discussion.page.newThread')}
          </Button>
        ) : null}
      </header>
      {can.create ? null : <Notice severity="info">{t('discussion.page.readOnly')}</Notice>}
      {composing ? (
        <section className={styles.panel} aria-labelledby="new-thread-title">
          <h2 id="new-thread-title" className={styles.panelTitle}>
            {t('discussion.page.newThread')}
          </h2>
          <ThreadForm
            submitLabel={t('discussion.page.post')}
            pending={create.isPending}
            onSubmit={start}
            onCancel={() => setComposing(false)}
          />
        </section>
      ) : null}
      {list.length === 0 ? (
        <p className={styles.empty}>{can.create ? t('discussion.page.empty') : t('discussion.page.emptyReadOnly')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('discussion.page.listLabel')}>
          {list.map((thread) => (
            <ThreadListItem key={thread.id} thread={thread} to={discussionPath(course, thread.id)} timeZone={timeZone} />
          ))}
        </ul>
      )}
      {threads.hasNextPage ? (
        <div className={styles.more}>
          <Button variant="outline" onClick={() => void threads.fetchNextPage()} loading={threads.isFetchingNextPage}>
            {t('discussion.page.loadMore')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
