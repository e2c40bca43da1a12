import { useState } from 'react';
import { HOLDING_STATE_LABELS, HOLDING_STATES, type VaultQuery } from '@grail/contract';
import clsx from 'clsx';
import { Skeleton, Table } from '@/components/ui';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { formatUsd } from '@/lib/format';
import ui from '@/lib/styles/ui.module.css';
import { USER_VAULT_PAGE_SIZE, useStaffUserVault } from '../api/vault';
import { Pager } from './Pager';
import admin from '../admin.module.css';
import styles from './UserVault.module.css';
import { LoadFailed } from '@/components/ui/LoadFailed';

type StateFilter = NonNullable<VaultQuery['state']>;

const STATE_OPTIONS: { value: StateFilter; label: string }[] = [
  { value: 'custody', label: 'Held for them' },
  ...HOLDING_STATES.map((s) => ({ value: s, label: HOLDING_STATE_LABELS[s] })),
  { value: 'all', label: 'Every card' },
];
const isStateFilter = (value: string): value is StateFilter =>
  STATE_OPTIONS.some((o) => o.value === value);
const signedUsd = (dollars: number) => `${dollars > 0 ? '+' : ''}${formatUsd(dollars)}`;

/** A collector's vault as they see it, for staff: totals, then their cards by state, paged. */
export function UserVault({ userId }: { userId: string }) {
  const [state, setState] = useState<StateFilter>('custody');
  const [page, setPage] = useState(1);
  const vault = useStaffUserVault(userId, state, page);
  const data = vault.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  return (
    <>
      {data && (
        <dl className={styles.totals} data-testid="user-vault-totals">
          <div>
            <dt>Cards held</dt>
            <dd>{data.totals.cards}</dd>
          </div>
          <div>
            <dt>Value</dt>
            <dd>{formatUsd(data.totals.value)}</dd>
          </div>
          <div>
            <dt>Cost</dt>
            <dd>{formatUsd(data.totals.cost)}</dd>
          </div>
          <div>
            <dt>Gain or loss</dt>
            <dd>{signedUsd(data.totals.gain)}</dd>
          </div>
        </dl>
      )}
      <div className={styles.filter}>
        <NativeSelect
          label="State"
          value={state}
          options={STATE_OPTIONS}
          onChange={(value) => {
            if (!isStateFilter(value)) return;
            setState(value);
            setPage(1);
          }}
        />
      </div>
      {vault.isPending && <Skeleton variant="rounded" height={160} />}
      {vault.isError && (
        <LoadFailed onRetry={vault.refetch}>
          Could not load this collector&apos;s vault. {vault.error.message}
        </LoadFailed>
      )}
      {data && (
        <Table
          label="Vault"
          className={clsx(vault.isPlaceholderData && styles.stale)}
          rows={data.holdings}
          rowKey={(h) => h._id}
          rowProps={() => ({ 'data-testid': 'staff-holding' })}
          empty={state === 'custody' ? 'No cards in the vault.' : 'No cards in this state.'}
          columns={[
            {
              key: 'image',
              title: <span className={ui.visuallyHidden}>Image</span>,
              label: 'Image',
              // A card without a photo keeps its place in the row, drawn as an empty slab.
              cell: (h) =>
                h.card.imageUrl ? (
                  <img src={h.card.imageUrl} alt="" className={styles.image} loading="lazy" />
                ) : (
                  <span className={clsx(styles.image, styles.noImage)} />
                ),
            },
            {
              key: 'card',
              title: 'Card',
              cell: (h) => (
                <span className={admin.wrapAnywhere}>
                  {h.card.name}
                  <span className={styles.source}>{h.sourceLabel}</span>
                </span>
              ),
            },
            { key: 'grade', title: 'Grade', cell: (h) => h.card.grade },
            { key: 'state', title: 'State', cell: (h) => HOLDING_STATE_LABELS[h.state] },
            { key: 'fmv', title: 'FMV', align: 'right', cell: (h) => formatUsd(h.fmv) },
            { key: 'cost', title: 'Cost', align: 'right', cell: (h) => formatUsd(h.cost) },
          ]}
        />
      )}
      {data && data.total > USER_VAULT_PAGE_SIZE && (
        <Pager label="Pages of the vault" page={page} pages={pages} onPage={setPage} />
      )}
    </>
  );
}
