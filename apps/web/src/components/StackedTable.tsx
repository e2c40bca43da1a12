import type { ReactNode } from 'react';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  type SxProps,
  type Theme,
} from '@mui/material';
import stacked from './StackedTable.module.css';

/** A column's title; a number column's is set right, and one read only by screen readers has a key. */
export type ColumnHead = string | { name: ReactNode; key: string; align?: 'right' };

/**
 * A small table under `head` whose rows (`children`) turn into one card per row on a phone,
 * each cell labelled by its `data-label`.
 */
export function StackedTable({
  label,
  head,
  children,
  sx,
}: {
  label: string;
  head: ColumnHead[];
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  return (
    <Table size="small" aria-label={label} className={stacked.table} sx={sx}>
      <TableHead>
        <TableRow>
          {head.map((h) =>
            typeof h === 'string' ? (
              <TableCell key={h}>{h}</TableCell>
            ) : (
              <TableCell key={h.key} align={h.align}>
                {h.name}
              </TableCell>
            ),
          )}
        </TableRow>
      </TableHead>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
