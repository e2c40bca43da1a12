import type { ReactNode } from 'react';
import { TableCell, TableRow, Typography, type SxProps, type Theme } from '@mui/material';
import { StackedTable } from '@/components/StackedTable';

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
  sx,
}: {
  label: string;
  columns: Column<R>[];
  rows: R[];
  rowKey: (row: R) => string;
  empty?: string;
  sx?: SxProps<Theme>;
}) {
  if (empty !== undefined && rows.length === 0) {
    return <Typography color="text.secondary">{empty}</Typography>;
  }
  return (
    <StackedTable label={label} head={columns.map((c) => c.name)} sx={sx}>
      {rows.map((row) => (
        <TableRow key={rowKey(row)}>
          {columns.map((c) => (
            <TableCell key={c.name} data-label={c.name}>
              {c.cell(row)}
            </TableCell>
          ))}
        </TableRow>
      ))}
    </StackedTable>
  );
}
