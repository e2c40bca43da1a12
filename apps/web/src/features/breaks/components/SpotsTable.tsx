import {
  Checkbox,
  Chip,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { BreakDetail } from '@grail/contract';
import { formatUsd } from '@/lib/format';
import ui from '@/lib/styles/ui.module.css';

/**
 * Every spot: its team (drawn or chosen), who holds it and its price. In a pick-your-team break
 * on sale, free teams can be ticked to buy.
 */
export function SpotsTable({
  b,
  selectable,
  selected,
  onToggle,
}: {
  b: BreakDetail;
  selectable: boolean;
  selected: number[];
  onToggle: (spotNumber: number) => void;
}) {
  const showPrice = b.format === 'pick_team';
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Spots">
        <TableHead>
          <TableRow>
            {selectable && (
              <TableCell padding="checkbox">
                <span className={ui.visuallyHidden}>Choose</span>
              </TableCell>
            )}
            <TableCell>Spot</TableCell>
            <TableCell>Team</TableCell>
            <TableCell>Holder</TableCell>
            {showPrice && <TableCell align="right">Price</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {b.spots.map((s) => {
            const free = !s.sold;
            const checked = selected.includes(s.spotNumber);
            return (
              <TableRow
                key={s.spotNumber}
                selected={checked}
                hover={selectable && free}
                data-testid="spot-row"
              >
                {selectable && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={checked}
                      disabled={!free}
                      onChange={() => onToggle(s.spotNumber)}
                      slotProps={{
                        input: { 'aria-label': `Choose ${s.team ?? `spot ${s.spotNumber}`}` },
                      }}
                    />
                  </TableCell>
                )}
                <TableCell>{s.spotNumber}</TableCell>
                <TableCell sx={{ fontWeight: s.team ? 600 : 400 }}>
                  {s.team ?? (
                    <Typography variant="body2" color="text.secondary" component="span">
                      To be drawn
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  {s.mine ? (
                    <Chip size="small" color="success" label="You" />
                  ) : (
                    (s.holder ??
                    (b.status === 'open' ? (
                      <Typography variant="body2" color="success.main" component="span">
                        Available
                      </Typography>
                    ) : (
                      <Typography variant="body2" color="text.secondary" component="span">
                        House
                      </Typography>
                    )))
                  )}
                </TableCell>
                {showPrice && <TableCell align="right">{formatUsd(s.price)}</TableCell>}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Paper>
  );
}
