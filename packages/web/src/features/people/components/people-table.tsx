import type { CourseRef } from '@app/contract/people';
import type { LanguageCode } from '@app/contract/users';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import table from './people-table.module.css';
import { courseDates } from './people-text.ts';

/** One column of a people table. */
export interface PeopleColumn<Row> {
  /** The header text, also the cell's label in the stacked (narrow) layout. */
  label: string;
  /** What the header shows instead of the label (a select-all checkbox); then the cells get no stacked label. */
  head?: ReactNode;
  /** How the cells look: the row's name in bold, a date kept on one line, or a selection checkbox. */
  look?: 'strong' | 'nowrap' | 'check';
  cell: (row: Row) => ReactNode;
}

export interface PeopleTableProps<Row> {
  rows: readonly Row[];
  rowKey: (row: Row) => number;
  columns: readonly (PeopleColumn<Row> | false)[];
  /** The buttons of a row, in a last Action column; null leaves the row's cell empty. Absent: no Action column. */
  actions?: ((row: Row) => ReactNode) | undefined;
  /** data-* attributes of a row (status, selected). */
  rowData?: (row: Row) => Record<`data-${string}`, string | true | undefined>;
  /** The id of the heading that names the table. */
  labelledBy?: string;
}

/** The people feature's tables (course people, invitations, requests): one header, one row shape, stacked on phones. */
export function PeopleTable<Row>({ rows, rowKey, columns, actions, rowData, labelledBy }: PeopleTableProps<Row>) {
  const { t } = useTranslation();
  const shown = columns.filter((column): column is PeopleColumn<Row> => column !== false);
  return (
    <table className={table.table} aria-labelledby={labelledBy}>
      <thead>
        <tr>
          {shown.map((column) => (
            <th key={column.label} scope="col" className={column.look === 'check' ? table.checkCell : undefined}>
              {column.head ?? column.label}
            </th>
          ))}
          {actions ? (
            <th scope="col" className={table.actionsHead}>
              {t('people.columns.action')}
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const buttons = actions?.(row);
          return (
            <tr key={rowKey(row)} {...rowData?.(row)}>
              {shown.map((column) => (
                <td
                  key={column.label}
                  data-label={column.head ? '' : column.label}
                  className={column.look === 'check' ? table.checkCell : column.look ? table[column.look] : undefined}
                >
                  {column.cell(row)}
                </td>
              ))}
              {actions ? <td data-label="">{buttons ? <div className={table.actions}>{buttons}</div> : null}</td> : null}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The Course, School and Dates columns of the dashboard's invitations and requests. */
export function courseColumns<Row>(
  t: TFunction,
  courseOf: (row: Row) => Pick<CourseRef, 'title' | 'school' | 'start_date' | 'end_date'>,
  language: LanguageCode,
  timeZone: string,
): PeopleColumn<Row>[] {
  return [
    { label: t('people.columns.course'), look: 'strong', cell: (row) => courseOf(row).title },
    {
      label: t('people.columns.school'),
      cell: (row) => courseOf(row).school.school ?? <span className={table.muted}>{t('people.noSchool')}</span>,
    },
    { label: t('people.columns.dates'), look: 'nowrap', cell: (row) => courseDates(courseOf(row), language, timeZone) },
  ];
}
