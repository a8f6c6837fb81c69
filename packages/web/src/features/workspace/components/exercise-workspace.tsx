import type { LanguageCode } from '@app/contract/users';
import { type StartedWorkspace, WORKSPACE_MAX_ANSWER_LENGTH, type WorkspaceItem } from '@app/contract/workspace';
import { type CSSProperties, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { PlaybackControls } from '../../../components/ui/playback-controls.tsx';
import { SymbolPalette } from '../../../components/ui/symbol-palette.tsx';
import type { ScoreLayout } from '../../../lib/field-layout.ts';
import { keyName } from '../../../lib/keys.ts';
import { insertSymbol } from '../../../lib/label-palette.ts';
import { usePlayback } from '../../../lib/use-playback.ts';
import { isMalformedLabel } from '../answer-check.ts';
import { type AnswerStore, createAnswerStore, useAnswer, useAnswerSummary, useKeyInForce } from '../answer-store.ts';
import { readLocalDraft, startingAnswers } from '../local-draft.ts';
import { refusalText } from '../refusal-text.ts';
import { useAutosave } from '../use-autosave.ts';
import { useSecondsLeft } from '../use-countdown.ts';
import { useHandIn } from '../use-hand-in.ts';
import { useMediaQuery } from '../use-media-query.ts';
import styles from './exercise-workspace.module.css';
import { SaveIndicator } from './save-indicator.tsx';
import { ScoreView } from './score-view.tsx';
import { SubmissionResult } from './submission-result.tsx';
import { TimeLeft } from './time-left.tsx';
import { type FieldHandlers, type SubmittedAnswer, WorkspaceField } from './workspace-field.tsx';
import { WorkspaceHeader } from './workspace-header.tsx';
import toolbarStyles from './workspace-toolbar.module.css';
import { ZoomControls } from './zoom-controls.tsx';

/** Pixels per SVG unit at 100 %. Verovio's default units draw a staff space of about 7 px; this makes it about 11.5 px. */
const BASE_SCALE = 1.6;
export const ZOOM_LEVELS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5] as const;
const DEFAULT_ZOOM = { wide: 2, narrow: 1 };
const FIELD_WIDTH = 64;
/** A row of fields: the chord's number, the field, and two short lines under it (a refused label's mark, a key change). */
const FIELD_ROW_HEIGHT = 92;
const FEEDBACK_HEIGHT = 20;
/** Room under each system's fields for the note on the focused chord (its place, the grader's complaint). */
const NOTE_HEIGHT = 56;
const NOTE_WIDTH = 480;
export const NARROW_QUERY = '(max-width: 640px)';
const zoomStorageKey = (userId: number) => `workspace-zoom:${userId}`;

/** The zoom this user chose last (on this device), if any. */
function storedZoom(userId: number): number | null {
  try {
    const value = Number(globalThis.localStorage?.getItem(zoomStorageKey(userId)));
    const index = ZOOM_LEVELS.indexOf(value as (typeof ZOOM_LEVELS)[number]);
    return index >= 0 ? index : null;
  } catch {
    return null;
  }
}

export interface Viewer {
  id: number;
  timeZone: string;
  language: LanguageCode;
}

export interface ExerciseWorkspaceProps {
  workspace: StartedWorkspace;
  /** When the workspace arrived (ms), to turn `workspace.now` into an offset from the browser's clock. */
  receivedAt: number;
  viewer: Viewer;
  courseTitle: string;
  assignmentsPath: string;
  submissionPath: (submissionId: number) => string;
}

const trimmed = (store: AnswerStore) => store.entries().map((entry) => ({ ...entry, answer: entry.answer.trim() }));

/**
 * The exercise workspace (issue 13): the score with one answer field per chord, the symbol
 * palette, playback, autosave, hand-in with the result the rules allow, and a timed document's
 * countdown. Wide screens put each field under its chord; narrow ones list them below the score.
 */
export function ExerciseWorkspace({ workspace, receivedAt, viewer, courseTitle, assignmentsPath, submissionPath }: ExerciseWorkspaceProps) {
  const { t } = useTranslation();
  const { items, score, rules, document } = workspace;
  const narrow = useMediaQuery(NARROW_QUERY);
  const [clockOffset] = useState(() => workspace.now - receivedAt / 1000);
  const latest = workspace.submissions[0];

  const [start] = useState(() =>
    startingAnswers(
      readLocalDraft(viewer.id, document.id),
      workspace.draft,
      latest?.items.map((item) => ({ id: item.id, answer: item.answer })),
    ),
  );
  // The answers live outside React state: a keystroke draws only its own field (answer-store.ts).
  const [store] = useState(() =>
    createAnswerStore(
      items.map((item) => item.id),
      start.answers,
      workspace.key,
    ),
  );
  const [activeId, setActiveId] = useState<string | null>(null);
  const [lastUsedId, setLastUsedId] = useState<string | null>(null);
  const [zoomIndex, setZoomIndex] = useState<number | null>(() => storedZoom(viewer.id));
  const [layout, setLayout] = useState<ScoreLayout | null>(null);
  const [timeUp, setTimeUp] = useState(false);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const submitBar = useRef<HTMLDivElement>(null);
  const paletteBar = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const focusResultFor = useRef<number | null>(null);

  const secondsLeft = useSecondsLeft(rules.deadline_at, clockOffset);
  const outOfTime = secondsLeft === 0;
  const readOnly = !rules.can_submit || outOfTime;
  const autosave = useAutosave({
    userId: viewer.id,
    documentId: document.id,
    clockOffset,
    enabled: !readOnly,
    base: start.base,
    initial: start.answers,
    // Another copy's answers (decision 046), shown at once (the hook says so when they came from the server).
    onMerged: (entries) => store.replace(entries),
  });
  const playback = usePlayback(score, items);

  // A local copy the server never got (typed offline, or the tab closed mid-save) is sent now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the answers the screen started from
  useEffect(() => {
    if (start.pending && !readOnly) autosave.change(start.answers);
  }, []);

  const zoom = ZOOM_LEVELS[zoomIndex ?? (narrow ? DEFAULT_ZOOM.narrow : DEFAULT_ZOOM.wide)] ?? 1;
  const changeZoom = (step: 1 | -1) => {
    const index = Math.max(0, Math.min(ZOOM_LEVELS.length - 1, ZOOM_LEVELS.indexOf(zoom as (typeof ZOOM_LEVELS)[number]) + step));
    setZoomIndex(index);
    try {
      globalThis.localStorage?.setItem(zoomStorageKey(viewer.id), String(ZOOM_LEVELS[index]));
    } catch {
      // Private mode: the zoom holds until the page is left.
    }
  };

  // The newest submission's answer per chord: its right or wrong shows while the field still holds it.
  const submitted = useMemo(() => new Map<string, SubmittedAnswer>((latest?.items ?? []).map((item) => [item.id, item])), [latest]);
  // Room for the marks whenever the newest submission has any (not only while an answer still matches: no jump while typing).
  const rowHeight = FIELD_ROW_HEIGHT + (latest?.items.some((item) => item.correct !== null) ? FEEDBACK_HEIGHT : 0);

  const update = (id: string, value: string) => {
    store.set(id, value);
    autosave.change(store.entries());
  };

  // Follow the music while it plays: the sounding chord's field comes into view (never under the bars).
  useEffect(() => {
    if (playback.soundingId) inputs.current.get(playback.soundingId)?.scrollIntoView?.({ block: 'nearest' });
  }, [playback.soundingId]);

  // The sticky palette's and submit bar's heights: fields keep clear of them when they scroll into view (scroll-margin).
  useEffect(() => {
    const element = root.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      element.style.setProperty('--palette-height', `${paletteBar.current?.offsetHeight ?? 0}px`);
      element.style.setProperty('--submit-bar-height', `${submitBar.current?.offsetHeight ?? 0}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    for (const bar of [paletteBar.current, submitBar.current]) if (bar) observer.observe(bar);
    return () => observer.disconnect();
  }, []);

  // On open, the first empty field (else the first) has the focus, in the middle of the window.
  const focusedOnOpen = useRef(false);
  const onLayout = useCallback(
    (next: ScoreLayout) => {
      setLayout(next);
      if (focusedOnOpen.current || readOnly) return;
      focusedOnOpen.current = true;
      const first = items.find((item) => store.get(item.id).trim() === '') ?? items[0];
      // Its system is drawn at once (only systems near the window are), so the field is there to focus.
      if (first) setActiveId(first.id);
      requestAnimationFrame(() => {
        const input = first ? inputs.current.get(first.id) : undefined;
        if (!input) return;
        input.focus({ preventScroll: true });
        input.scrollIntoView?.({ block: 'center' });
      });
    },
    [items, store, readOnly],
  );

  const focusItem = (item: WorkspaceItem | undefined) => {
    if (item) inputs.current.get(item.id)?.focus();
  };

  const move = (item: WorkspaceItem, step: 1 | -1) => {
    const next = items[items.indexOf(item) + step];
    if (next) focusItem(next);
    else if (step === 1) submitBar.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  };

  const insertPaletteSymbol = (symbol: string) => {
    const id = lastUsedId ?? items[0]?.id;
    const input = id ? inputs.current.get(id) : undefined;
    if (!id || !input) return;
    insertSymbol(input, store.get(id), symbol, WORKSPACE_MAX_ANSWER_LENGTH, (next) => update(id, next));
  };

  const playChord = (item: WorkspaceItem) => {
    void playback.playChord(item);
  };

  const { handIn, confirming, setConfirming, pending } = useHandIn({
    documentId: document.id,
    answers: () => trimmed(store),
    base: autosave.base,
    rebase: (draft) => autosave.rebase(draft, false).map((entry) => ({ ...entry, answer: entry.answer.trim() })),
    outOfTime,
    autoSubmit: rules.timed_seconds !== null && rules.can_submit,
    announcesTimeUp: true,
    onSubmitted: (submission, auto) => {
      focusResultFor.current = submission.id;
      if (auto) setTimeUp(true);
    },
  });

  // Focus the new result once the refreshed workspace shows it.
  useEffect(() => {
    if (latest && focusResultFor.current === latest.id) {
      focusResultFor.current = null;
      resultHeading.current?.focus();
    }
  }, [latest]);

  // One formal submission (issue 38): a complete hand-in asks too, once, as a partial one does.
  const singleTry = rules.gradable && !rules.practice && !rules.multiple_submissions;
  const onSubmitClick = () => {
    const { answered, unreadable } = store.summary();
    if (answered < items.length || unreadable.length > 0 || singleTry) setConfirming(true);
    else handIn();
  };

  const activeItem = items.find((item) => item.id === activeId);
  const lastUsed = items.find((item) => item.id === lastUsedId);

  // Each chord's handlers, made once per chord; they call this render's functions through the ref.
  const now = useRef({ update, move, playChord });
  now.current = { update, move, playChord };
  const handlers = useMemo(
    () =>
      new Map<string, FieldHandlers>(
        items.map((item) => [
          item.id,
          {
            onChange: (value: string) => now.current.update(item.id, value),
            onFocus: () => {
              setActiveId(item.id);
              setLastUsedId(item.id);
            },
            onMove: (step: 1 | -1) => now.current.move(item, step),
            onPlay: () => now.current.playChord(item),
            inputRef: (element: HTMLInputElement | null) => {
              if (element) inputs.current.set(item.id, element);
              else inputs.current.delete(item.id);
            },
          },
        ]),
      ),
    [items],
  );

  const field = (item: WorkspaceItem, style: CSSProperties) => (
    <WorkspaceField
      key={item.id}
      store={store}
      item={item}
      handlers={handlers.get(item.id) as FieldHandlers}
      readOnly={readOnly}
      submitted={submitted.get(item.id)}
      active={activeId === item.id}
      style={style}
    />
  );

  const warning = secondsLeft !== null && secondsLeft > 0 && secondsLeft <= 60;
  const activeIndex = activeItem ? items.indexOf(activeItem) : -1;
  const activePlace = layout?.fields[activeIndex];
  // Under the focused field's system, for the eyes only: its accessible description says the same.
  const activeNote = (system: number) =>
    activeItem && activePlace?.system === system ? (
      <ActiveNote key="note" store={store} item={activeItem} left={activePlace.left} submitted={submitted.get(activeItem.id)} />
    ) : null;
  // Drawn whatever the scroll: the focused chord's system (and its neighbours, for Tab), the sounding one, the palette's target.
  const keep = useMemo(
    () => [activeId, playback.soundingId, lastUsedId].map((id) => items.findIndex((item) => item.id === id)).filter((index) => index >= 0),
    [items, activeId, playback.soundingId, lastUsedId],
  );
  // What the confirm dialog says is read when it opens.
  const summary = confirming ? store.summary() : null;
  const empty = summary ? items.length - summary.answered : 0;
  const unreadable = summary ? items.filter((item) => summary.unreadable.includes(item.id)) : [];
  const instructions = (
    <p className={styles.instructions}>
      {readOnly ? null : `${t('workspace.page.instructions')} `}
      {t('workspace.page.labels', { cadential: workspace.labels.cadential_64, neapolitan: workspace.labels.neapolitan_6 })}
      {workspace.key ? ` ${t('keys.inForce', { key: keyName(workspace.key, t) })}. ${t('keys.help')}` : null}
    </p>
  );

  return (
    <div ref={root} className={styles.workspace}>
      <WorkspaceHeader
        workspace={workspace}
        courseTitle={courseTitle}
        assignmentsPath={assignmentsPath}
        viewer={viewer}
        status={readOnly ? null : <SaveIndicator status={autosave.status} />}
      />

      {/* Announced once when the last minute starts; the visible notice says the same. */}
      <div className="visually-hidden" aria-live="assertive">
        {warning ? t('workspace.timer.warning') : ''}
      </div>
      {warning ? <Notice severity="warning">{t('workspace.timer.warning')}</Notice> : null}
      {timeUp ? <Notice severity="info">{t('workspace.timer.ended')}</Notice> : null}
      {rules.refusal && !timeUp ? <Notice severity="info">{refusalText(rules.refusal)}</Notice> : null}

      <div className={toolbarStyles.toolbar}>
        <PlaybackControls playback={playback} lastChord={lastUsed} />
        <ZoomControls
          percent={Math.round(zoom * 100)}
          canOut={zoom > (ZOOM_LEVELS[0] ?? 0)}
          canIn={zoom < (ZOOM_LEVELS[ZOOM_LEVELS.length - 1] ?? 0)}
          onZoom={changeZoom}
        />
      </div>
      {readOnly ? null : (
        // Stays under the header while the page scrolls, so a symbol is a click away from any field.
        <div ref={paletteBar} className={styles.paletteBar}>
          <SymbolPalette onInsert={insertPaletteSymbol} disabled={readOnly} />
        </div>
      )}

      <ScoreView
        svg={score.svg}
        width={score.width}
        height={score.height}
        items={items}
        activeId={activeId}
        soundingId={playback.soundingId}
        onChordClick={(item) => {
          playChord(item);
          focusItem(item);
        }}
        label={t('workspace.score.label', { title: document.title })}
        scale={BASE_SCALE * zoom}
        renderField={(index, style) => (items[index] ? field(items[index], style) : null)}
        fieldWidth={FIELD_WIDTH}
        rowHeight={rowHeight}
        below={NOTE_HEIGHT}
        renderBelow={activeNote}
        keep={keep}
        onLayout={onLayout}
      />

      {instructions}

      {/* Stays at the bottom of the window: the time left and Submit are always in reach. */}
      <div ref={submitBar} className={styles.submitBar} data-sticky-actions>
        {secondsLeft !== null ? <TimeLeft seconds={secondsLeft} warning={warning} /> : null}
        <AnswerCount store={store} total={items.length} />
        {rules.gradable ? (
          <Button onClick={onSubmitClick} loading={pending} disabled={readOnly}>
            {latest && rules.can_submit ? t('workspace.submit.again') : t('workspace.submit.submit')}
          </Button>
        ) : null}
      </div>

      {latest ? (
        <SubmissionResult
          submission={latest}
          showGradeOn={rules.show_grade_on_date}
          language={viewer.language}
          timeZone={viewer.timeZone}
          viewPath={submissionPath(latest.id)}
          headingRef={resultHeading}
        />
      ) : null}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={
          empty > 0
            ? t('workspace.submit.confirmTitle')
            : unreadable.length > 0
              ? t('workspace.submit.confirmTitleUnreadable')
              : t('workspace.submit.confirmTitleOnce')
        }
        message={[
          empty > 0 ? t('workspace.submit.confirmMessage', { count: empty, total: items.length }) : null,
          unreadable.length > 0
            ? t('workspace.submit.confirmUnreadable', {
                chords: unreadable
                  .map((item) =>
                    t('workspace.field.chordAt', {
                      number: item.number,
                      measure: item.measure_label ?? item.measure,
                      label: store.get(item.id),
                    }),
                  )
                  .join(', '),
              })
            : null,
          singleTry ? t('workspace.submit.confirmOnce') : null,
        ]
          .filter(Boolean)
          .join(' ')}
        confirmLabel={t('workspace.submit.confirm')}
        onConfirm={() => handIn()}
        loading={pending}
      />
    </div>
  );
}

/** 'n of m chords answered' (and how many are not readable), drawn again only when those figures change. */
function AnswerCount({ store, total }: { store: AnswerStore; total: number }) {
  const { t } = useTranslation();
  const { answered, unreadable } = useAnswerSummary(store);
  return (
    <span className={styles.answered}>
      {unreadable.length > 0
        ? t('workspace.page.answeredUnreadable', { count: answered - unreadable.length, total, unreadable: unreadable.length })
        : t('workspace.page.answered', { count: answered, total })}
    </span>
  );
}

/** The note under the focused chord's system: its number, place, key in force and what is wrong with its answer. */
function ActiveNote({
  store,
  item,
  left,
  submitted,
}: {
  store: AnswerStore;
  item: WorkspaceItem;
  left: number;
  submitted: SubmittedAnswer | undefined;
}) {
  const { t } = useTranslation();
  const value = useAnswer(store, item.id);
  const key = useKeyInForce(store, item.id);
  const feedback = submitted && submitted.correct !== null && submitted.answer === value ? submitted : undefined;
  return (
    <p
      className={styles.note}
      aria-hidden="true"
      style={{
        // Centred under the field, as wide as it may be, never past the score's edges.
        left: `clamp(0px, ${left + FIELD_WIDTH / 2 - NOTE_WIDTH / 2}px, calc(100% - min(${NOTE_WIDTH}px, 100%)))`,
        width: `min(${NOTE_WIDTH}px, 100%)`,
      }}
    >
      <strong>{t('workspace.field.chord', { number: item.number })}</strong>
      {' · '}
      {t('workspace.field.position', { measure: item.measure_label ?? item.measure, beat: item.beat_label ?? item.beat })}
      {key ? ` · ${t('keys.inForce', { key: keyName(key.key, t) })}` : null}
      {isMalformedLabel(value) ? <span className={styles.problem}>{t('workspace.field.malformed')}</span> : null}
      {feedback?.expected && !feedback.correct ? (
        <span className={styles.expected}>{t('workspace.field.expected', { label: feedback.expected })}</span>
      ) : null}
    </p>
  );
}
