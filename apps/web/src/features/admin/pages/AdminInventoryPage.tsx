import { useState } from 'react';
import {
  Box,
  Button,
  Chip,
  MenuItem,
  Paper,
  Stack,
  TableCell,
  TableContainer,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { StackedTable } from '@/components/StackedTable';
import { INVENTORY_GRADERS, INVENTORY_STATUSES, type InventoryCard } from '@grail/contract';
import { formatUsd } from '@/lib/format';
import ui from '@/lib/styles/ui.module.css';
import { useInventory, inventoryExportUrl } from '../api/inventory';
import { FilteredResults, FilterForm, useAddressFilters } from '../components/AddressFilters';
import { InventoryEditDialog } from '../components/InventoryEditDialog';
import { InventoryImportDialog } from '../components/InventoryImportDialog';

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
  /** A filter chosen from `options`; the first choice, `any`, clears it. */
  /** A bound on FMV in dollars, applied when the field is left. */
  const fmvFilter = (key: 'minFmv' | 'maxFmv', label: string) => (
    <TextField
      size="small"
      label={label}
      type="number"
      defaultValue={filters[key] ?? ''}
      slotProps={{ htmlInput: { min: 0, step: '0.01' } }}
      onBlur={(e) => setFilter({ [key]: e.target.value })}
    />
  );
  const filterSelect = (
    key: 'status' | 'caseId' | 'sport' | 'grader',
    label: string,
    any: string,
    options: { value: string; label: string }[],
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={filters[key] ?? ''}
      onChange={(e) => setFilter({ [key]: e.target.value })}
    >
      <MenuItem value="">{any}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box component="section" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 0.5 }}>
        Inventory
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Every card in the shop: in the store, in Grail cases, pulled and sold.
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', gap: 1 }} useFlexGap>
        <Button variant="contained" onClick={() => setImporting(true)}>
          Import CSV
        </Button>
        <Button variant="outlined" component="a" href={inventoryExportUrl(filters)} download>
          Export CSV
        </Button>
      </Stack>

      <FilterForm
        label="Filter the inventory"
        columns={4}
        onSubmit={() => setFilter({ q: search.trim() })}
      >
        <TextField
          size="small"
          label="Search name, player, set, team, cert"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onBlur={() => search.trim() !== (filters.q ?? '') && setFilter({ q: search.trim() })}
          sx={{ gridColumn: { md: 'span 2' } }}
        />
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
          <TableContainer
            component={Paper}
            variant="outlined"
            // The table scrolls inside its box; positioned, so the hidden column title stays in it too.
            sx={{ overflowX: 'auto', position: 'relative' }}
          >
            {/* On a phone each card is a block of labelled lines, so FMV and price stay in view. */}
            <StackedTable
              label="Cards"
              head={[
                'Card',
                'Status',
                'Grade',
                { name: 'FMV', key: 'FMV', align: 'right' },
                { name: 'Store price', key: 'Store price', align: 'right' },
                { name: <span className={ui.visuallyHidden}>Actions</span>, key: 'actions' },
              ]}
            >
              {found.cards.map((card) => (
                <TableRow key={card.cardId} hover data-testid="inventory-row">
                  <TableCell sx={{ minWidth: 200 }}>
                    <Box sx={{ textAlign: 'left' }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {card.name}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {card.sport}
                        {card.certNumber ? ` · cert ${card.certNumber}` : ''}
                        {card.case ? ` · ${card.case.name}` : ''}
                      </Typography>
                    </Box>
                  </TableCell>
                  <TableCell data-label="Status">
                    <Chip size="small" label={statusLabel(card.status)} />
                  </TableCell>
                  <TableCell data-label="Grade">
                    {card.grader ? `${card.grader} ${card.grade}` : 'Raw'}
                  </TableCell>
                  <TableCell data-label="FMV" align="right">
                    {formatUsd(card.fmv)}
                  </TableCell>
                  <TableCell data-label="Store price" align="right">
                    {card.storePrice === null ? '—' : formatUsd(card.storePrice)}
                  </TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      onClick={() => setEditing(card)}
                      aria-label={`Edit ${card.name}`}
                    >
                      Edit
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </StackedTable>
          </TableContainer>
        )}
      </FilteredResults>
      {editing && <InventoryEditDialog card={editing} onClose={() => setEditing(null)} />}
      {importing && <InventoryImportDialog onClose={() => setImporting(false)} />}
    </Box>
  );
}
