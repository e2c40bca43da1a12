import { useState } from 'react';
import { INVENTORY_GRADERS, INVENTORY_STATUSES, type InventoryCard } from '@grail/contract';
import { Badge, Button, buttonClass, Select, Table, TextField } from '@/components/ui';
import { formatUsd } from '@/lib/format';
import ui from '@/lib/styles/ui.module.css';
import { useInventory, inventoryExportUrl } from '../api/inventory';
import { FilteredResults, FilterForm, useAddressFilters } from '../components/AddressFilters';
import { InventoryEditDialog } from '../components/InventoryEditDialog';
import { InventoryImportDialog } from '../components/InventoryImportDialog';
import admin from '../admin.module.css';
import styles from './AdminInventoryPage.module.css';

const FILTER_KEYS = [
  'q',
  'status',
  'caseId',
  'sport',
  'grader',
  'minFmv',
  'maxFmv',
  'page',
] as const;
const PAGE_SIZE = 25;
/** A filter's first choice, which clears it (a choice needs a value of its own). */
const ANY = 'any';
const statusLabel = (s: string) => s.replace('_', ' ');

/**
 * /admin/inventory (staff only): every card, whatever its status, searched and filtered (the
 * filters live in the address), edited one by one, imported from and exported to CSV.
 */
export default function AdminInventoryPage() {
  const { filters, params, setParams } = useAddressFilters(FILTER_KEYS, PAGE_SIZE);
  const [search, setSearch] = useState(filters.q ?? '');
  const [editing, setEditing] = useState<InventoryCard | null>(null);
  const [importing, setImporting] = useState(false);
  const inventory = useInventory(filters);
  const data = inventory.data;
  /** Sets or clears filters; the list starts again at its first page. */
  const setFilter = (
    patch: Partial<Record<Exclude<(typeof FILTER_KEYS)[number], 'page'>, string>>,
  ) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    next.delete('page');
    setParams(next);
  };
  /** A bound on FMV in dollars, applied when the field is left. */
  const fmvFilter = (key: 'minFmv' | 'maxFmv', label: string) => (
    <div className={styles.field}>
      <TextField
        label={label}
        type="number"
        min={0}
        step="0.01"
        defaultValue={filters[key] ?? ''}
        onBlur={(e) => setFilter({ [key]: e.target.value })}
      />
    </div>
  );
  /** A filter chosen from `options`; the first choice, `any`, clears it. */
  const filterSelect = (
    key: 'status' | 'caseId' | 'sport' | 'grader',
    label: string,
    any: string,
    options: { value: string; label: string }[],
  ) => (
    <Select
      label={label}
      value={filters[key] ?? ANY}
      onValueChange={(value) => setFilter({ [key]: value === ANY ? '' : value })}
      options={[{ value: ANY, label: any }, ...options]}
    />
  );

  return (
    <section className={admin.page}>
      <h1 className={`${admin.title} ${styles.title}`}>Inventory</h1>
      <p className={`${admin.muted} ${styles.intro}`}>
        Every card in the shop: in the store, in Grail cases, pulled and sold.
      </p>
      <div className={styles.actions}>
        <Button variant="contained" onClick={() => setImporting(true)}>
          Import CSV
        </Button>
        <a
          className={buttonClass({ variant: 'outlined' })}
          href={inventoryExportUrl(filters)}
          download
        >
          Export CSV
        </a>
      </div>

      <FilterForm
        label="Filter the inventory"
        columns={4}
        onSubmit={() => setFilter({ q: search.trim() })}
      >
        <div className={`${styles.field} ${styles.search}`}>
          <TextField
            label="Search name, player, set, team, cert"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onBlur={() => search.trim() !== (filters.q ?? '') && setFilter({ q: search.trim() })}
          />
        </div>
        {filterSelect(
          'status',
          'Status',
          'Any status',
          INVENTORY_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
        )}
        {filterSelect(
          'caseId',
          'Grail case',
          'Any case',
          (data?.cases ?? []).map((c) => ({ value: c.caseId, label: c.name })),
        )}
        {filterSelect(
          'sport',
          'Sport',
          'Any sport',
          (data?.sports ?? []).map((s) => ({ value: s, label: s })),
        )}
        {filterSelect('grader', 'Grader', 'Any grader', [
          ...INVENTORY_GRADERS.map((g) => ({ value: g, label: g })),
          { value: 'raw', label: 'Raw (ungraded)' },
        ])}
        {fmvFilter('minFmv', 'FMV from ($)')}
        {fmvFilter('maxFmv', 'FMV to ($)')}
        <Button type="submit" variant="outlined">
          Search
        </Button>
      </FilterForm>

      <FilteredResults
        query={inventory}
        loadingLabel="Loading the inventory"
        isEmpty={(found) => found.cards.length === 0}
        empty="No card matches these filters."
        count={(total) => `${total} card${total === 1 ? '' : 's'}`}
        pagesLabel="Inventory pages"
      >
        {(found) => (
          // The table scrolls inside its box; on a phone each card is a block of labelled lines.
          <div className={styles.tableBox}>
            <Table
              label="Cards"
              rows={found.cards}
              rowKey={(card) => card.cardId}
              rowProps={() => ({ 'data-testid': 'inventory-row' })}
              columns={[
                {
                  key: 'card',
                  title: 'Card',
                  cell: (card) => (
                    <div className={styles.card}>
                      <span className={styles.name}>{card.name}</span>
                      <span className={styles.meta}>
                        {card.sport}
                        {card.certNumber ? ` · cert ${card.certNumber}` : ''}
                        {card.case ? ` · ${card.case.name}` : ''}
                      </span>
                    </div>
                  ),
                },
                {
                  key: 'status',
                  title: 'Status',
                  cell: (card) => <Badge>{statusLabel(card.status)}</Badge>,
                },
                {
                  key: 'grade',
                  title: 'Grade',
                  cell: (card) => (card.grader ? `${card.grader} ${card.grade}` : 'Raw'),
                },
                { key: 'fmv', title: 'FMV', align: 'right', cell: (card) => formatUsd(card.fmv) },
                {
                  key: 'price',
                  title: 'Store price',
                  align: 'right',
                  cell: (card) => (card.storePrice === null ? '—' : formatUsd(card.storePrice)),
                },
                {
                  key: 'actions',
                  title: <span className={ui.visuallyHidden}>Actions</span>,
                  cell: (card) => (
                    <Button
                      size="small"
                      onClick={() => setEditing(card)}
                      aria-label={`Edit ${card.name}`}
                    >
                      Edit
                    </Button>
                  ),
                },
              ]}
            />
          </div>
        )}
      </FilteredResults>
      {editing && <InventoryEditDialog card={editing} onClose={() => setEditing(null)} />}
      {importing && <InventoryImportDialog onClose={() => setImporting(false)} />}
    </section>
  );
}
