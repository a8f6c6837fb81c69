import type { AssignmentSet } from '@app/contract/assignments';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { ChevronDownIcon, DocumentIcon, EditIcon, EyeIcon } from '../../../components/ui/icons.tsx';
import { dateTimeText } from '../assignment-text.ts';
import styles from './assignment-set-card.module.css';

export type SetPhase = 'draft' | 'scheduled' | 'open' | 'pastDue';

/** Where a set is in its life: a draft (decision 054), not yet assigned, open for work, or past its due date. */
export function setPhase(set: Pick<AssignmentSet, 'released_at' | 'due_at' | 'draft'>, now: number): SetPhase {
  if (set.draft) return 'draft';
  if (now < set.released_at) return 'scheduled';
  return now <= set.due_at ? 'open' : 'pastDue';
}

const PHASE_TONE: Record<SetPhase, BadgeTone> = { draft: 'warning', scheduled: 'info', open: 'success', pastDue: 'neutral' };

export interface AssignmentSetCardProps {
  set: AssignmentSet;
  position: number;
  timeZone: string;
  /** The editor's path, for instructors; TAs get none. */
  editPath?: string;
  /** The drag handle, for instructors. */
  handle?: ReactNode;
  onPreview: (documentIndex: number) => void;
}

/** One numbered set of the course page: title, dates, a link to its editor, and its documents behind a toggle. */
export function AssignmentSetCard({ set, position, timeZone, editPath, handle, onPreview }: AssignmentSetCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const phase = setPhase(set, Math.floor(Date.now() / 1000));

  return (
    <article className={styles.card} aria-labelledby={titleId} data-phase={phase}>
      <div className={styles.head}>
        {handle}
        <span className={styles.number} aria-hidden="true">
          {position}.
        </span>
        <div className={styles.main}>
          <div className={styles.titleRow}>
            <h2 id={titleId} className={styles.title}>
              <span className="visually-hidden">{position}. </span>
              {set.title}
            </h2>
            <Badge tone={PHASE_TONE[phase]}>{t(`assignments.phase.${phase}`)}</Badge>
          </div>
          <dl className={styles.dates}>
            <div>
              <dt>{t('assignments.list.assigned')}</dt>
              <dd>{dateTimeText(set.released_at, timeZone)}</dd>
            </div>
            <div>
              <dt>{t('assignments.list.due')}</dt>
              <dd>{dateTimeText(set.due_at, timeZone)}</dd>
            </div>
          </dl>
        </div>
        {editPath ? (
          <ButtonLink
            to={editPath}
            variant="outline"
            size="sm"
            className={styles.edit}
            aria-label={t('assignments.list.editLabel', { title: set.title })}
          >
            <EditIcon width="16" height="16" />
            <span className={styles.editText}>{t('assignments.list.edit')}</span>
          </ButtonLink>
        ) : null}
      </div>

      <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}>
        <ChevronDownIcon width="18" height="18" className={open ? styles.chevronOpen : styles.chevron} />
        {t('assignments.list.documents', { total: set.documents.length })}
      </button>
      {open ? (
        <div id={listId} className={styles.documents}>
          {set.documents.length === 0 ? (
            <p className={styles.none}>{t('assignments.list.noDocuments')}</p>
          ) : (
            <ol className={styles.documentList}>
              {set.documents.map((doc, index) => (
                <li key={doc.id}>
                  <DocumentIcon width="18" height="18" className={styles.docIcon} />
                  <span className={styles.docTitle}>{doc.title}</span>
                  <button
                    type="button"
                    className={styles.previewButton}
                    onClick={() => onPreview(index)}
                    aria-label={t('assignments.documents.previewLabel', { title: doc.title })}
                  >
                    <EyeIcon width="16" height="16" />
                    <span aria-hidden="true">{t('assignments.documents.preview')}</span>
                  </button>
                </li>
              ))}
            </ol>
          )}
        </div>
      ) : null}
    </article>
  );
}
