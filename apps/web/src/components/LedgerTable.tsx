import { Chip, Stack, TableCell, TableRow } from '@mui/material';
import { StackedTable } from '@/components/StackedTable';
import type { LedgerEntry } from '@grail/contract';
import { dateTimeFormat, formatUsd } from '@/lib/format';

const KIND_LABELS: Record<LedgerEntry['kind'], string> = {
  top_up: 'Top-up',
  order: 'Store order',
  pack: 'Grail pack',
  buyback: 'Sell-back',
  refund: 'Refund',
  adjustment: 'Adjustment',
  sale: 'Payout',
  break: 'Break spot',
};

/**
 * Wallet entries as the collector and staff both read them: when, what kind and why, the signed
 * amount, and the balance after it. One card per entry on a phone.
 */
export function LedgerTable({ label, entries }: { label: string; entries: LedgerEntry[] }) {
  return (
    <StackedTable
      label={label}
      head={[
        'Date',
        'Description',
        { name: 'Amount', key: 'Amount', align: 'right' },
        { name: 'Balance after', key: 'Balance after', align: 'right' },
      ]}
    >
      {entries.map((e) => (
        <TableRow key={e._id}>
          <TableCell data-label="Date" sx={{ whiteSpace: 'nowrap' }}>
            {dateTimeFormat.format(new Date(e.createdAt))}
          </TableCell>
          <TableCell data-label="Description">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Chip size="small" label={KIND_LABELS[e.kind]} variant="outlined" />
              <span>{e.description}</span>
            </Stack>
          </TableCell>
          <TableCell
            data-label="Amount"
            align="right"
            sx={{
              fontWeight: 700,
              color: e.amount > 0 ? 'success.main' : 'text.primary',
              whiteSpace: 'nowrap',
            }}
          >
            {e.amount > 0 ? '+' : '−'}
            {formatUsd(Math.abs(e.amount))}
          </TableCell>
          <TableCell data-label="Balance after" align="right">
            {formatUsd(e.balanceAfter)}
          </TableCell>
        </TableRow>
      ))}
    </StackedTable>
  );
}
