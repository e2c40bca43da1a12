import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import type { BreakHit } from '@grail/contract';
import { CardImage } from '@/components/CardImage';

/** One hit: its photo, the card, its team and who it went to. */
export function HitCard({ hit, highlight = false }: { hit: BreakHit; highlight?: boolean }) {
  return (
    <Paper
      variant="outlined"
      data-testid="break-hit"
      sx={{
        p: 1.5,
        display: 'grid',
        gridTemplateColumns: '72px 1fr',
        gap: 1.5,
        alignItems: 'center',
        borderColor: highlight ? 'primary.main' : undefined,
        borderWidth: highlight ? 2 : 1,
      }}
    >
      <CardImage src={hit.imageUrl ?? undefined} alt={hit.cardName} sizes="72px" />
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{hit.cardName}</Typography>
        {hit.detail && (
          <Typography variant="body2" color="text.secondary">
            {hit.detail}
          </Typography>
        )}
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mt: 0.5 }}>
          <Chip size="small" label={hit.team} />
          <Chip
            size="small"
            variant={hit.mine ? 'filled' : 'outlined'}
            color={hit.mine ? 'success' : 'default'}
            label={
              hit.mine
                ? 'Yours'
                : hit.spotNumber
                  ? `Spot ${hit.spotNumber} · ${hit.holder}`
                  : hit.holder
            }
          />
          <Typography variant="caption" color="text.secondary" sx={{ alignSelf: 'center' }}>
            Hit #{hit.hitNumber}
            {hit.packNumber ? ` · pack ${hit.packNumber}` : ''}
          </Typography>
        </Stack>
      </Box>
    </Paper>
  );
}
