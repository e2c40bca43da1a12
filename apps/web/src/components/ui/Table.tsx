import type { HTMLAttributes, Key, ReactNode } from 'react';
import clsx from 'clsx';
import styles from './Table.module.css';
import ui from '@/lib/styles/ui.module.css';

export type Column<Row> = {
  key: string;
  /** The column's title; a node (an icon, a hidden title) needs `label` for the phone layout. */
  title: ReactNode;
  /** The name beside each value when rows stack on a phone; defaults to a string `title`. */
  label?: string;
  cell: (row: Row) => ReactNode;
  /** Numbers and amounts: set right. */
  align?: 'right';
  /** A class for the column's body cells, such as a width limit. */
  className?: string;
};

/**
 * A table whose rows become cards on a phone (under 600 px): each value on its own line with its
 * column's name beside it, so no column is cut off or hidden behind a sideways scroll.
 */
export function Table<Row>({
  label,
  columns,
  rows,
  rowKey,
  empty = 'Nothing here yet.',
  className,
  rowProps,
}: {
  /** The table's name for screen readers. */
  label: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Shown in place of rows when there are none. */
  empty?: ReactNode;
  className?: string;
  /** Attributes of a row's `<tr>`, such as a `data-testid` or a class for a late row. */
  rowProps?: (
    row: Row,
  ) => HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string };
}) {
  return (
    <table aria-label={label} className={clsx(ui.denseTable, styles.table, className)}>
      {/* The column names head the table from 600 px; on a phone each cell says its own. */}
      <thead className={ui.labelOnWide}>
        <tr>
          {columns.map((column) => (
            <th key={column.key} scope="col" className={clsx(column.align && styles.right)}>
              {column.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length} className={styles.empty}>
              {empty}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((column) => (
                <td
                  key={column.key}
                  data-label={
                    column.label ?? (typeof column.title === 'string' ? column.title : undefined)
                  }
                  className={clsx(column.align && styles.right, column.className)}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
