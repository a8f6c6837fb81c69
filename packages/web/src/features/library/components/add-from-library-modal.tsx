import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { JobPreview } from '../../../components/ui/job-preview.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useContentLibrary } from '../api/get-content-library.ts';
import { libraryPreview } from '../api/get-library-preview.ts';
import styles from './add-from-library-modal.module.css';
import { searchLibrary } from './library-search.ts';
import { LibrarySearchBox } from './library-search-box.tsx';

export interface AddFromLibraryModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Copies the chosen documents into the set; the caller closes the modal when it succeeds. */
  onAdd: (documentIds: number[]) => Promise<unknown>;
  adding: boolean;
}

/** The editor's 'Add from Library' modal: search by title, tick documents (or whole sets), see their first pages. */
export function AddFromLibraryModal({ open, onOpenChange, onAdd, adding }: AddFromLibraryModalProps) {
  const { t } = useTranslation();
  const searchId = useId();
  const library = useContentLibrary({ enabled: open });
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  useEffect(() => {
    if (!open) {
      setQuery('');
      setSelected(new Set());
    }
  }, [open]);

  const sets = searchLibrary(library.data ?? [], query);
  const toggle = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  // The library's order, so documents arrive in the set as they are listed.
  const chosen = (library.data ?? []).flatMap((set) => set.documents.map((doc) => doc.id)).filter((id) => selected.has(id));

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!adding) onOpenChange(next);
      }}
      size="lg"
      title={t('library.picker.title')}
      description={t('library.picker.description')}
      footer={
        <div className={styles.footer}>
          <span className={styles.selected} aria-live="polite">
            {t('library.picker.selected', { total: chosen.length })}
          </span>
          <div className={styles.buttons}>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={adding}>
              {t('common.cancel')}
            </Button>
            <Button disabled={chosen.length === 0} loading={adding} onClick={() => void onAdd(chosen).catch(() => undefined)}>
              {t('library.picker.add')}
            </Button>
          </div>
        </div>
      }
    >
      <LibrarySearchBox id={searchId} value={query} onChange={setQuery} className={styles.search} labelHidden />
      {!library.data ? (
        <LoadingScreen />
      ) : sets.length === 0 ? (
        <p className={styles.none}>{t('library.noResults', { query: query.trim() })}</p>
      ) : (
        <div className={styles.sets}>
          {sets.map((set) => {
            const ids = set.documents.map((doc) => doc.id);
            const count = ids.filter((id) => selected.has(id)).length;
            return (
              <section key={set.id} className={styles.set} aria-labelledby={`${searchId}-set-${set.id}`}>
                <div>
                  <label className={styles.setLabel}>
                    <input
                      type="checkbox"
                      className={styles.checkbox}
                      checked={count === ids.length}
                      ref={(input) => {
                        if (input) input.indeterminate = count > 0 && count < ids.length;
                      }}
                      onChange={(event) => toggle(ids, event.target.checked)}
                      aria-label={t('library.picker.selectSet', { title: set.own ? t('library.ownSection') : set.title })}
                    />
                    <span id={`${searchId}-set-${set.id}`} className={styles.setTitle}>
                      {set.own ? t('library.ownSection') : set.title}
                    </span>
                    <span className={styles.setCount}>{t('library.documentCount', { total: ids.length })}</span>
                  </label>
                </div>
                <ul className={styles.documents}>
                  {set.documents.map((doc) => (
                    <li key={doc.id}>
                      <label className={`${styles.document} ${selected.has(doc.id) ? styles.checked : ''}`}>
                        <input
                          type="checkbox"
                          className={styles.checkbox}
                          checked={selected.has(doc.id)}
                          onChange={(event) => toggle([doc.id], event.target.checked)}
                          aria-label={doc.title}
                        />
                        <JobPreview source={libraryPreview(doc.id)} title={doc.title} size="thumbnail" />
                        <span className={styles.documentTitle}>{doc.title}</span>
                      </label>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
    </Modal>
  );
}
