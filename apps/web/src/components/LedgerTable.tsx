import clsx from 'clsx';
import type { LedgerEntry } from '@grail/contract';
import { Badge, Table, type Column } from '@/components/ui';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import styles from './LedgerTable.module.css';

const KIND_LABELS: Record<LedgerEntry['kind'], string> = {
  top_up: 'Top-up',
  order: 'Store order',
  pack: 'Grail pack',
  buyback: 'Sell-back',
  refund: 'Refund',
  adjustment: 'Adjustment',
  sale: 'Payout',
  break: 'Break spot',
  withdrawal: 'Withdrawal',
  shipping: 'Shipping',
  hold: 'Amount held',
  hold_release: 'Hold released',
  market: 'Marketplace purchase',
  market_sale: 'Marketplace sale',
  trade: 'Trade',
};

const columns: Column<LedgerEntry>[] = [
  {
    key: 'date',
    title: 'Date',
    cell: (e) => (
      <span className={styles.nowrap}>{dateTimeFormat.format(new Date(e.createdAt))}</span>
    ),
  },
  {
    key: 'description',
    title: 'Description',
    cell: (e) => (
      <span className={styles.description}>
        <Badge>{KIND_LABELS[e.kind]}</Badge>
        <span>{e.description}</span>
      </span>
    ),
  },
  {
    key: 'amount',
    title: 'Amount',
    align: 'right',
    cell: (e) => (
      <span className={clsx(styles.amount, e.amount > 0 && styles.credit)}>
        {e.amount > 0 ? '+' : '−'}
        {formatUsd(Math.abs(e.amount))}
      </span>
    ),
  },
  {
    key: 'balanceAfter',
    title: 'Balance after',
    align: 'right',
    cell: (e) => formatUsd(e.balanceAfter),
  },
];

/**
 * Wallet entries as the collector and staff both read them: when, what kind and why, the signed
 * amount, and the balance after it. One card per entry on a phone.
 */
export function LedgerTable({ label, entries }: { label: string; entries: LedgerEntry[] }) {
  return <Table label={label} columns={columns} rows={entries} rowKey={(e) => e._id} />;
}
