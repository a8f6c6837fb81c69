import type { LanguageCode } from '@app/contract/users';
import {
  type Column,
  columnSizingFeature,
  createColumnHelper,
  createSortedRowModel,
  type Row,
  rowSortingFeature,
  type SortFn,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, type MouseEvent, memo, useMemo, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatGradeAs, type GradeView } from '../../../lib/format-grade.ts';
import {
  compareStudents,
  type GradeBookColumn,
  type GradeBookRow,
  type GradeBookSet,
  type GradeCell,
  mostSubmissionsPerColumn,
  type SetMode,
  studentName,
} from '../grade-book-model.ts';
import styles from './grade-book-grid.module.css';

const features = tableFeatures({ columnSizingFeature, rowSortingFeature, sortedRowModel: createSortedRowModel() });
type Features = typeof features;
const helper = createColumnHelper<Features, GradeBookRow>();

const ROW_HEIGHT = 44;
const SET_ROW_HEIGHT = 64;
const DOCUMENT_ROW_HEIGHT = 56;
const HEADER_HEIGHT = SET_ROW_HEIGHT + DOCUMENT_ROW_HEIGHT;
const COLUMN_WIDTH = 132;
/** Room for one grade in an 'All submissions' cell, by view. */
const CHIP_WIDTH: Record<GradeView, number> = { score: 72, percent: 64, grade: 44 };
const MAX_CHIPS = 6;
const STUDENT_COLUMN = 'student';

const byName: SortFn<Features, GradeBookRow> = (a, b) => compareStudents(a.original, b.original);
/** Sorts by the best grade of the cell; empty cells go last in either direction (sortUndefined). */
const byBestPercent: SortFn<Features, GradeBookRow> = (a, b, id) => (a.getValue<number>(id) ?? 0) - (b.getValue<number>(id) ?? 0);

const narrowQuery = '(max-width: 575.98px)';
const narrowMedia = () => (typeof window.matchMedia === 'function' ? window.matchMedia(narrowQuery) : null);
function subscribeNarrow(onChange: () => void) {
  const media = narrowMedia();
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
}
/** Phones get a narrower frozen name column, so a grade or two still fits beside it. */
function useNarrowScreen() {
  return useSyncExternalStore(
    subscribeNarrow,
    () => narrowMedia()?.matches ?? false,
    () => false,
  );
}

export interface GradeBookGridProps {
  /** The column groups, in course order. */
  sets: readonly GradeBookSet[];
  rows: readonly GradeBookRow[];
  view: GradeView;
  language: LanguageCode;
  /** The accessible name of the table. */
  label: string;
  onSetModeChange: (setId: number, mode: SetMode) => void;
  submissionPath: (submission: GradeCell) => string;
  /** Where a student's name leads (their grade book), if anywhere. */
  studentPath?: (studentId: number) => string;
  /** Where a set's title leads (the set's own view), if anywhere. */
  setPath?: (setId: number) => string;
}

/**
 * The grade book grid (spec §2): students down, documents across grouped by set. Rows and columns
 * are virtualized (TanStack Table for the model and sorting, TanStack Virtual for the window), the
 * header stays on top and the name column stays on the left, so 1,000 students × 200 documents
 * scroll as smoothly as ten.
 */
export function GradeBookGrid(props: GradeBookGridProps) {
  const { sets, rows, view, language, label, onSetModeChange, submissionPath, studentPath, setPath } = props;
  const { t } = useTranslation();
  const narrow = useNarrowScreen();
  const nameWidth = narrow ? 136 : 232;
  const scrollRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  const columnsById = useMemo(() => new Map(sets.flatMap((set) => set.columns.map((column) => [column.id, column] as const))), [sets]);
  const setsById = useMemo(() => new Map(sets.map((set) => [set.id, set])), [sets]);
  const most = useMemo(() => mostSubmissionsPerColumn(sets, rows), [sets, rows]);

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor((row) => studentName(row), {
          id: STUDENT_COLUMN,
          size: nameWidth,
          sortFn: byName,
          sortDescFirst: false,
        }),
        ...sets.map((set) =>
          helper.group({
            id: `set-${set.id}`,
            columns: helper.columns(
              set.columns.map((column) =>
                helper.accessor((row) => row.cells.get(column.documentId)?.[0]?.percent ?? undefined, {
                  id: column.id,
                  size:
                    set.mode === 'all'
                      ? Math.max(COLUMN_WIDTH, 20 + Math.min(most.get(column.documentId) ?? 1, MAX_CHIPS) * CHIP_WIDTH[view])
                      : COLUMN_WIDTH,
                  sortFn: byBestPercent,
                  sortDescFirst: true,
                  sortUndefined: 'last',
                }),
              ),
            ),
          }),
        ),
      ]),
    [sets, most, view, nameWidth],
  );

  const table = useTable({
    features,
    columns,
    data: rows as GradeBookRow[],
    getRowId: (row) => String(row.studentId),
    initialState: { sorting: [{ id: STUDENT_COLUMN, desc: false }] },
  });
  const tableRows = table.getRowModel().rows;
  const leafColumns = table.getAllLeafColumns();
  // Stable between scroll renders, so rows already on screen are not drawn again (GridRow is memo).
  const gradeColumns = useMemo(() => leafColumns.filter((column) => column.id !== STUDENT_COLUMN), [leafColumns]);
  const totalWidth = table.getTotalSize();

  const rowVirtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    scrollMargin: HEADER_HEIGHT,
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: gradeColumns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => gradeColumns[index]?.getSize() ?? COLUMN_WIDTH,
    // A new key function each render makes the virtualizer re-read the widths, which change with
    // the view and each set's mode (200 sums: nothing to save by caching).
    getItemKey: (index) => gradeColumns[index]?.id ?? index,
    paddingStart: nameWidth,
    overscan: 3,
  });
  const virtualColumns = columnVirtualizer.getVirtualItems();
  const virtualRows = rowVirtualizer.getVirtualItems();
  const visibleSets: { set: GradeBookSet; start: number; width: number }[] = [];
  for (const item of virtualColumns) {
    const info = columnsById.get(gradeColumns[item.index]?.id ?? '');
    const set = info ? setsById.get(info.setId) : undefined;
    if (!set || visibleSets.some((entry) => entry.set.id === set.id)) continue;
    const first = table.getColumn(set.columns[0]?.id ?? '');
    const start = first ? first.getStart() : item.start;
    const width = set.columns.reduce((sum, column) => sum + (table.getColumn(column.id)?.getSize() ?? COLUMN_WIDTH), 0);
    visibleSets.push({ set, start, width });
  }

  const sortState = (column: Column<Features, GradeBookRow> | undefined) => {
    const sorted = column?.getIsSorted();
    return sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
  };
  const studentColumn = table.getColumn(STUDENT_COLUMN);
  // Cells hold plain links (a router Link per cell costs too much while scrolling); one listener
  // sends ordinary clicks (and Enter, which clicks) through the router, and lets modified clicks open tabs.
  const followLink = (event: MouseEvent<HTMLTableElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as HTMLElement).closest('a[data-route]');
    const href = link?.getAttribute('href');
    if (!href) return;
    event.preventDefault();
    void navigate(href);
  };
  const gridStyle = { '--name-width': `${nameWidth}px` } as CSSProperties;

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll area must take the keyboard to scroll it
    <div ref={scrollRef} className={styles.scroller} style={gridStyle} tabIndex={0}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: delegation for the links inside; Enter on a link clicks it */}
      <table
        className={styles.canvas}
        style={{ width: totalWidth }}
        aria-label={label}
        aria-rowcount={tableRows.length + 2}
        aria-colcount={gradeColumns.length + 1}
        onClick={followLink}
      >
        <thead className={styles.head} style={{ width: totalWidth }}>
          <tr aria-rowindex={1} className={styles.setRow} style={{ height: SET_ROW_HEIGHT }}>
            <th scope="col" aria-colindex={1} className={`${styles.corner} ${styles.frozen}`}>
              {t('gradebook.grid.students', { count: tableRows.length })}
            </th>
            {visibleSets.map(({ set, start, width }) => (
              <SetHeader
                key={set.id}
                set={set}
                style={{ left: start, width }}
                colIndex={2 + gradeColumns.findIndex((column) => column.id === set.columns[0]?.id)}
                setPath={setPath}
                onModeChange={onSetModeChange}
              />
            ))}
          </tr>
          <tr aria-rowindex={2} className={styles.documentRow} style={{ height: DOCUMENT_ROW_HEIGHT }}>
            <th scope="col" aria-colindex={1} aria-sort={sortState(studentColumn)} className={`${styles.nameHead} ${styles.frozen}`}>
              <button type="button" className={styles.sortButton} onClick={studentColumn?.getToggleSortingHandler()}>
                {t('gradebook.grid.student')}
                <SortMark direction={studentColumn?.getIsSorted() ?? false} />
              </button>
            </th>
            {virtualColumns.map((item) => {
              const column = gradeColumns[item.index];
              const info = column ? columnsById.get(column.id) : undefined;
              if (!column || !info) return null;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-colindex={item.index + 2}
                  aria-sort={sortState(column)}
                  className={styles.documentHead}
                  style={{ left: item.start, width: item.size }}
                >
                  <button
                    type="button"
                    className={styles.sortButton}
                    title={t('gradebook.grid.sortBy', { title: info.title })}
                    onClick={column.getToggleSortingHandler()}
                  >
                    <span className={styles.documentTitle}>{info.title}</span>
                    <SortMark direction={column.getIsSorted()} />
                  </button>
                  {info.practice ? <span className={styles.practice}>{t('gradebook.grid.practice')}</span> : null}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={styles.body} style={{ height: rowVirtualizer.getTotalSize() }}>
          {virtualRows.map((item) => {
            const row = tableRows[item.index];
            if (!row) return null;
            return (
              <GridRow
                key={row.id}
                row={row}
                index={item.index}
                top={item.start - HEADER_HEIGHT}
                width={totalWidth}
                virtualColumns={virtualColumns}
                gradeColumns={gradeColumns}
                columnsById={columnsById}
                setsById={setsById}
                view={view}
                language={language}
                submissionPath={submissionPath}
                studentPath={studentPath}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function SortMark({ direction }: { direction: false | 'asc' | 'desc' }) {
  if (!direction) return <span className={styles.sortIdle} aria-hidden="true" />;
  return (
    <span className={styles.sortMark} aria-hidden="true">
      {direction === 'asc' ? '▲' : '▼'}
    </span>
  );
}

interface SetHeaderProps {
  set: GradeBookSet;
  style: CSSProperties;
  colIndex: number;
  setPath: ((setId: number) => string) | undefined;
  onModeChange: (setId: number, mode: SetMode) => void;
}

/** A set's title over its documents, with its choice of 'Highest submission' or 'All submissions'. */
function SetHeader({ set, style, colIndex, setPath, onModeChange }: SetHeaderProps) {
  const { t } = useTranslation();
  return (
    <th scope="colgroup" aria-colindex={colIndex} colSpan={set.columns.length} className={styles.setHead} style={style}>
      <div className={styles.setInner}>
        {setPath ? (
          <Link to={setPath(set.id)} className={styles.setTitle} title={set.title}>
            {set.title}
          </Link>
        ) : (
          <span className={styles.setTitle} title={set.title}>
            {set.title}
          </span>
        )}
        <select
          className={styles.modeSelect}
          value={set.mode}
          aria-label={t('gradebook.mode.label', { title: set.title })}
          onChange={(event) => onModeChange(set.id, event.target.value === 'all' ? 'all' : 'highest')}
        >
          <option value="highest">{t('gradebook.mode.highest')}</option>
          <option value="all">{t('gradebook.mode.all')}</option>
        </select>
      </div>
    </th>
  );
}

interface GridRowProps {
  row: Row<Features, GradeBookRow>;
  index: number;
  top: number;
  width: number;
  virtualColumns: { index: number; start: number; size: number }[];
  gradeColumns: Column<Features, GradeBookRow>[];
  columnsById: ReadonlyMap<string, GradeBookColumn>;
  setsById: ReadonlyMap<number, GradeBookSet>;
  view: GradeView;
  language: LanguageCode;
  submissionPath: (submission: GradeCell) => string;
  studentPath: ((studentId: number) => string) | undefined;
}

const GridRow = memo(function GridRow(props: GridRowProps) {
  const { row, index, top, width, virtualColumns, gradeColumns, columnsById, setsById, view, language, submissionPath, studentPath } =
    props;
  const { t } = useTranslation();
  const student = row.original;
  const name = studentName(student);
  return (
    <tr
      aria-rowindex={index + 3}
      className={`${styles.row} ${index % 2 === 1 ? styles.striped : ''}`}
      style={{ height: ROW_HEIGHT, width, transform: `translateY(${top}px)` }}
    >
      <th scope="row" aria-colindex={1} className={`${styles.nameCell} ${styles.frozen}`} title={`${name} · ${student.email}`}>
        {studentPath ? (
          <a href={studentPath(student.studentId)} className={styles.nameLink} data-route="">
            {name}
          </a>
        ) : (
          <span className={styles.nameText}>{name}</span>
        )}
      </th>
      {virtualColumns.map((item) => {
        const column = gradeColumns[item.index];
        const info = column ? columnsById.get(column.id) : undefined;
        if (!column || !info) return null;
        const submissions = student.cells.get(info.documentId) ?? [];
        const mode = setsById.get(info.setId)?.mode ?? 'highest';
        const shown = mode === 'all' ? submissions.slice(0, MAX_CHIPS) : submissions.slice(0, 1);
        const more = mode === 'all' ? submissions.length - shown.length : 0;
        return (
          <td key={column.id} aria-colindex={item.index + 2} className={styles.cell} style={{ left: item.start, width: item.size }}>
            {shown.length === 0 ? (
              <span className={styles.empty} title={t('gradebook.grid.noSubmission')}>
                —<span className="visually-hidden">{t('gradebook.grid.noSubmission')}</span>
              </span>
            ) : (
              shown.map((submission, position) => {
                const text = formatGradeAs(view, submission, language) ?? '—';
                return (
                  <a
                    key={submission.id}
                    href={submissionPath(submission)}
                    data-route=""
                    className={`${styles.grade} ${position === 0 ? styles.best : ''} ${lowGrade(submission) ? styles.low : ''}`}
                    aria-label={t('gradebook.grid.cellLabel', {
                      student: name,
                      document: info.title,
                      number: submission.number,
                      grade: text,
                    })}
                  >
                    {text}
                  </a>
                );
              })
            )}
            {more > 0 ? <span className={styles.more}>+{more}</span> : null}
          </td>
        );
      })}
    </tr>
  );
});

const lowGrade = (submission: GradeCell) => submission.percent !== null && submission.percent < 60;
