import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { dateTimeFormat } from '@/lib/format';
import { useAuditLog } from '../api/audit';
import { FilteredResults, FilterForm, useAddressFilters } from '../components/AddressFilters';
import { AuditDiff } from '../components/AuditDiff';

const FILTER_KEYS = ['actor', 'action', 'subjectType', 'subjectId', 'from', 'to', 'page'] as const;
const PAGE_SIZE = 25;

/**
 * /admin/audit (staff only): what staff did, newest first, with who, when and each changed value
 * before and after. The filters live in the address. The log itself cannot be edited.
 */
export default function AdminAuditPage() {
  const { filters, setParams } = useAddressFilters(FILTER_KEYS, PAGE_SIZE);
  const log = useAuditLog(filters);
  const apply = (form: HTMLFormElement) => {
    const next = new URLSearchParams();
    const fields = new FormData(form);
    for (const key of FILTER_KEYS) {
      const value = String(fields.get(key) ?? '').trim();
      if (value && key !== 'page') next.set(key, value);
    }
    setParams(next);
  };
  const field = (name: (typeof FILTER_KEYS)[number], label: string, type = 'text') => (
    <TextField
      key={`${name}-${filters[name] ?? ''}`}
      name={name}
      label={label}
      size="small"
      type={type}
      defaultValue={filters[name] ?? ''}
      slotProps={type === 'date' ? { inputLabel: { shrink: true } } : undefined}
    />
  );

  return (
    <Box component="section" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 0.5 }}>
        Audit log
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Every staff action, newest first. Entries are never changed or removed.
      </Typography>
      <FilterForm label="Filter the audit log" columns={3} onSubmit={apply}>
        {field('actor', 'Staff member (e-mail)')}
        {field('action', 'Action (e.g. card.update, or card.)')}
        {field('subjectType', 'Subject type (card, flag, user…)')}
        {field('subjectId', 'Subject id')}
        {field('from', 'From', 'date')}
        {field('to', 'To', 'date')}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained">
            Filter
          </Button>
          <Button onClick={() => setParams(new URLSearchParams())}>Clear</Button>
        </Stack>
      </FilterForm>

      <FilteredResults
        query={log}
        loadingLabel="Loading the audit log"
        isEmpty={(data) => data.entries.length === 0}
        empty="No staff action matches these filters."
        count={(total) => `${total} entr${total === 1 ? 'y' : 'ies'}`}
        pagesLabel="Audit log pages"
      >
        {(data) => (
          <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {data.entries.map((entry) => (
              <Paper
                component="li"
                key={entry.id}
                variant="outlined"
                sx={{ p: 2 }}
                data-testid="audit-entry"
              >
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={{ xs: 0.5, sm: 2 }}
                  sx={{ mb: 1, justifyContent: 'space-between' }}
                >
                  <Typography variant="subtitle2" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                    {entry.action} · {entry.subjectType} {entry.subjectId}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    <time dateTime={entry.createdAt}>
                      {dateTimeFormat.format(new Date(entry.createdAt))}
                    </time>
                  </Typography>
                </Stack>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ mb: 1, overflowWrap: 'anywhere' }}
                >
                  By {entry.actor.email ?? entry.actor.userId}
                </Typography>
                <AuditDiff before={entry.before} after={entry.after} />
              </Paper>
            ))}
          </Stack>
        )}
      </FilteredResults>
    </Box>
  );
}
