import { Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { TierOdds as Tier } from '@grail/contract';
import { formatUsd } from '@/lib/format';

const band = (t: Tier) =>
  t.maxFmv === null
    ? `${formatUsd(t.minFmv)} and up`
    : t.minFmv === 0
      ? `under ${formatUsd(t.maxFmv + 0.01)}`
      : `${formatUsd(t.minFmv)} – ${formatUsd(t.maxFmv)}`;

/** The odds of the next pack by tier, from what remains in the case. */
export function TierOdds({ tiers }: { tiers: Tier[] }) {
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        Odds by tier
      </Typography>
      <Table size="small" aria-label="Odds by tier">
        <TableHead>
          <TableRow>
            <TableCell>Tier</TableCell>
            <TableCell>FMV</TableCell>
            <TableCell align="right">Left</TableCell>
            <TableCell align="right">Odds</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tiers.map((t) => (
            <TableRow key={t.name}>
              <TableCell sx={{ fontWeight: 600 }}>{t.name}</TableCell>
              <TableCell>{band(t)}</TableCell>
              <TableCell align="right">{t.remaining}</TableCell>
              <TableCell align="right">{(t.probability * 100).toFixed(1)}%</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
