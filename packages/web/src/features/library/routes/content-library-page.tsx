import { UserType } from '@app/contract/users';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { JobPreview } from '../../../components/ui/job-preview.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useLeaveWithNotice } from '../../../lib/use-leave-with-notice.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useContentLibrary } from '../api/get-content-library.ts';
import { libraryPreview } from '../api/get-library-preview.ts';
import { libraryKeys } from '../api/keys.ts';
import { searchLibrary } from '../components/library-search.ts';
import { LibrarySearchBox } from '../components/library-search-box.tsx';
import styles from './content-library.module.css';

/** What the page gives the 'Create Exercise' slot (exercise authoring, composed in app/routes). */
export interface LibraryExerciseAuthoringProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The courses the instructor teaches; the first is the default for the suggestions' spelling rules. */
  courses: readonly { id: number; title: string }[];
  /** Called once an exercise is saved into the instructor's own section ('My exercises'). */
  onSaved: () => void;
}

export interface ContentLibraryPageProps {
  exerciseAuthoring?: (props: LibraryExerciseAuthoringProps) => ReactNode;
}

/**
 * /content-library (spec §2): the sets of ready-made exercises, searchable by title, with the first
 * page of the chosen one. Instructors only; a student goes to /my-profile with the spec's message.
 */
export function ContentLibraryPage({ exerciseAuthoring }: ContentLibraryPageProps = {}) {
  const { t } = useTranslation();
  usePageTitle(t('library.title'));
  const searchId = useId();
  const { data: user } = useCurrentUser();
  const allowed = user?.user_type === UserType.instructor;
  useLeaveWithNotice(user && !allowed ? { to: '/my-profile', message: t('messages.assignment.libraryOnlyInstructors') } : null);
  const library = useContentLibrary({ enabled: allowed });
  const [query, setQuery] = useState('');
  const [chosenId, setChosenId] = useState<number | null>(null);
  const previewPanel = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const [authoringOpen, setAuthoringOpen] = useState(false);
  const taught = (user?.course_instructors ?? []).filter((course) => !course.archived);

  if (!allowed || !library.data) return <LoadingScreen />;

  const sets = searchLibrary(library.data, query);
  const found = sets.flatMap((set) => set.documents.map((doc) => ({ doc, set })));
  // The chosen document while the search still shows it, else the first one found.
  const shown = found.find((entry) => entry.doc.id === chosenId) ?? found[0];
  const total = library.data.reduce((sum, set) => sum + set.documents.length, 0);

  const choose = (id: number) => {
    setChosenId(id);
    // Below the two-column width the preview sits above the list: bring it into view.
    if (window.matchMedia('(max-width: 991.98px)').matches) previewPanel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('library.title')}</h1>
        <p className={styles.lead}>{t('library.lead', { sets: library.data.length, total })}</p>
        {exerciseAuthoring && taught.length > 0 ? (
          <Button variant="outline" onClick={() => setAuthoringOpen(true)}>
            {t('authoring.createExercise')}
          </Button>
        ) : null}
      </header>
      {exerciseAuthoring && taught.length > 0
        ? exerciseAuthoring({
            open: authoringOpen,
            onOpenChange: setAuthoringOpen,
            courses: taught,
            onSaved: () => void queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
          })
        : null}

      <LibrarySearchBox id={searchId} value={query} onChange={setQuery} className={styles.search} />

      {found.length === 0 ? (
        <div className={styles.empty}>
          <p>{t('library.noResults', { query: query.trim() })}</p>
        </div>
      ) : (
        <div className={styles.layout}>
          <div className={styles.sets}>
            {sets.map((set) => (
              <section key={set.id} className={styles.set} aria-labelledby={`${searchId}-${set.id}`}>
                <h2 id={`${searchId}-${set.id}`} className={styles.setTitle}>
                  {set.own ? t('library.ownSection') : set.title}
                  <span className={styles.count}>{set.documents.length}</span>
                </h2>
                <ul className={styles.documents}>
                  {set.documents.map((doc) => (
                    <li key={doc.id}>
                      <button
                        type="button"
                        className={`${styles.document} ${shown?.doc.id === doc.id ? styles.current : ''}`}
                        aria-current={shown?.doc.id === doc.id ? 'true' : undefined}
                        onClick={() => choose(doc.id)}
                      >
                        {doc.title}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
          {shown ? (
            <div ref={previewPanel} className={styles.preview} aria-live="polite">
              <p className={styles.previewSet}>{shown.set.own ? t('library.ownSection') : shown.set.title}</p>
              <h2 className={styles.previewTitle}>{shown.doc.title}</h2>
              <JobPreview key={shown.doc.id} source={libraryPreview(shown.doc.id)} title={shown.doc.title} />
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}
