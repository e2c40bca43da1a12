import { useDeferredValue, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  InputAdornment,
  Paper,
  Skeleton,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import type { ChecklistCard } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { formatUsd } from '@/lib/format';
import { useCaseChecklist } from '../api/useCaseChecklist';

type Show = 'all' | 'in' | 'pulled';
/** Cards shown per tier before 'Show all': a big case stays quick to draw on a phone. */
const FIRST_ROWS = 12;

function CardRow({ card }: { card: ChecklistCard }) {
  return (
    <Box
      component="li"
      data-testid="checklist-card"
      data-pulled={card.pulled}
      sx={{
        display: 'grid',
        gridTemplateColumns: '48px minmax(0, 1fr) auto',
        gap: 1.5,
        alignItems: 'center',
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      {/* A pulled card's picture fades; its text keeps full contrast. */}
      <Box sx={{ width: 48, ...(card.pulled && { filter: 'grayscale(1)', opacity: 0.55 }) }}>
        <CardImage src={card.imageUrl} alt={card.name} sizes="48px" />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography
          variant="body2"
          sx={{
            fontWeight: 600,
            overflowWrap: 'anywhere',
            textDecoration: card.pulled ? 'line-through' : 'none',
          }}
        >
          {card.name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {card.grade}
        </Typography>
      </Box>
      <Stack alignItems="flex-end" spacing={0.5}>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {formatUsd(card.fmv)}
        </Typography>
        <Chip
          size="small"
          variant={card.pulled ? 'outlined' : 'filled'}
          color={card.pulled ? 'default' : 'success'}
          label={card.pulled ? 'Pulled' : 'In the case'}
        />
      </Stack>
    </Box>
  );
}

/**
 * The whole case as a checklist: every card by tier, those still in it and those already pulled,
 * with image, grade and FMV, searchable by name or grade.
 */
export function CaseChecklist({ caseId }: { caseId: string }) {
  const checklist = useCaseChecklist(caseId);
  const [search, setSearch] = useState('');
  const [show, setShow] = useState<Show>('all');
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const term = useDeferredValue(search.trim().toLowerCase());

  const tiers = useMemo(
    () =>
      (checklist.data?.tiers ?? []).map((tier) => ({
        ...tier,
        shown: tier.cards.filter(
          (card) =>
            (show === 'all' || (show === 'pulled') === card.pulled) &&
            (!term || `${card.name} ${card.grade}`.toLowerCase().includes(term)),
        ),
      })),
    [checklist.data, show, term],
  );
  const matches = tiers.reduce((n, tier) => n + tier.shown.length, 0);

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="checklist-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="checklist-heading" variant="h6" component="h2" gutterBottom>
        Case checklist
      </Typography>
      {checklist.data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Every card this case was filled with: {checklist.data.remaining} of{' '}
          {checklist.data.totalItems} still in it.
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
        <TextField
          size="small"
          label="Search the case"
          placeholder="Player, set or grade"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ flex: 1 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={show}
          onChange={(_, value: Show | null) => value && setShow(value)}
          aria-label="Which cards to show"
        >
          <ToggleButton value="all">All</ToggleButton>
          <ToggleButton value="in">In the case</ToggleButton>
          <ToggleButton value="pulled">Pulled</ToggleButton>
        </ToggleButtonGroup>
      </Stack>

      {checklist.isPending && (
        <Stack spacing={1} aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={64} />
          ))}
        </Stack>
      )}
      {checklist.isError && <Alert severity="error">Could not load the case checklist.</Alert>}
      {checklist.data && matches === 0 && (
        <Typography color="text.secondary" role="status">
          {term ? `No card in this case matches “${search.trim()}”.` : 'No cards to show.'}
        </Typography>
      )}
      <Stack spacing={3}>
        {tiers
          .filter((tier) => tier.shown.length > 0)
          .map((tier) => {
            const open = expanded.has(tier.name) || Boolean(term);
            const visible = open ? tier.shown : tier.shown.slice(0, FIRST_ROWS);
            return (
              <Box key={tier.name} component="section" aria-label={`${tier.name} tier`}>
                <Stack
                  direction="row"
                  justifyContent="space-between"
                  alignItems="baseline"
                  flexWrap="wrap"
                  useFlexGap
                  spacing={1}
                >
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                    {tier.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {tier.remaining} of {tier.total} left · odds{' '}
                    {(tier.probability * 100).toFixed(1)}%
                  </Typography>
                </Stack>
                <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {visible.map((card) => (
                    <CardRow key={card._id} card={card} />
                  ))}
                </Box>
                {visible.length < tier.shown.length && (
                  <Button
                    size="small"
                    onClick={() => setExpanded((prev) => new Set(prev).add(tier.name))}
                  >
                    Show all {tier.shown.length} {tier.name} cards
                  </Button>
                )}
              </Box>
            );
          })}
      </Stack>
    </Paper>
  );
}
