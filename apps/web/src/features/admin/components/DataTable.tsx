import type { ReactNode } from 'react';
import { Table } from '@/components/ui';
import styles from '../admin.module.css';

export interface Column<R> {
  name: string;
  cell: (row: R) => ReactNode;
}

/**
 * A table of `rows`, one cell per column, that turns into one card per row on a phone. With
 * `empty`, no rows shows that sentence instead of an empty table.
 */
export function DataTable<R>({
  label,
  columns,
  rows,
  rowKey,
  empty,
  className,
}: {
  label: string;
  columns: Column<R>[];
  rows: R[];
  rowKey: (row: R) => string;
  empty?: string;
  className?: string;
}) {
  if (empty !== undefined && rows.length === 0) {
    return <p className={styles.muted}>{empty}</p>;
  }
  return (
    <Table
      label={label}
      className={className}
      rows={rows}
      rowKey={rowKey}
      columns={columns.map((c) => ({ key: c.name, title: c.name, cell: c.cell }))}
    />
  );
}
