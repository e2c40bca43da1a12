import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Link,
  Paper,
  Stack,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { StackedTable } from '@/components/StackedTable';
import { BREAK_FORMAT_LABELS } from '@grail/contract';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useAdminBreak, useBreakCommands, type BreakCommand } from '../api/breaks';
import { STATUS_LABEL } from './breakStatus';
import { BuybackCell } from './BreakBuybackCell';
import { ConfirmButton } from './ConfirmButton';
import { HitForm } from './BreakHitForm';
import { RowForm } from './RowForm';

/** One break as staff run it: its state, the command that moves it on, its spots and hits. */
export function BreakEditor({ id }: { id: string }) {
  const query = useAdminBreak(id);
  const { command, update, upload } = useBreakCommands();
  const b = query.data;
  const [stream, setStream] = useState('');
  useEffect(() => setStream(b?.streamUrl ?? ''), [b?.streamUrl]);
  if (query.isPending) return <CircularProgress aria-label="Loading the break" />;
  if (query.isError || !b) return <Alert severity="error">Could not load this break.</Alert>;
  const run = (c: BreakCommand) => command.mutate({ id: b._id, command: c });
  const canChangeStream = b.status !== 'completed' && b.status !== 'cancelled';
  const uploadProduct = async (file: File) => {
    const { imageId } = await upload.mutateAsync({ id: b._id, file });
    update.mutate({ id: b._id, patch: { imageId } });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="break-editor">
      <Stack spacing={2.5}>
        <Box>
          <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
            <Chip size="small" label={STATUS_LABEL[b.status]} />
            <Typography variant="h6" component="h3">
              {b.title}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {BREAK_FORMAT_LABELS[b.format]} · {b.spotsSold} of {b.totalSpots} spots sold (runs with{' '}
            {b.minSpots}) · sales close {dateTimeFormat.format(new Date(b.salesDeadline))} · opens{' '}
            {dateTimeFormat.format(new Date(b.scheduledAt))}
          </Typography>
          {b.status !== 'draft' && (
            <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
              <Link component={RouterLink} to={paths.breakDetail.getHref(b._id)}>
                Public page
              </Link>
              <Link component={RouterLink} to={paths.breakReveal.getHref(b._id)}>
                Team draw
              </Link>
              <Link component={RouterLink} to={paths.breakPackReveal.getHref({ break: b._id })}>
                Hits live
              </Link>
            </Stack>
          )}
        </Box>

        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
          {b.status === 'draft' && (
            <ConfirmButton
              label="Open sales"
              title="Put the spots on sale?"
              text="The team list, prices and times are then fixed, and the server seed's hash is published."
              onConfirm={() => run('open')}
              disabled={command.isPending}
            />
          )}
          {(b.status === 'open' || b.status === 'filled') && (
            <ConfirmButton
              label="Start break"
              title="Start the break now?"
              text="The teams are drawn live for everyone watching and the seed is revealed."
              onConfirm={() => run('start')}
              disabled={command.isPending || b.status !== 'filled'}
            />
          )}
          {b.status === 'live' && (
            <ConfirmButton
              label="End break"
              title="End the break?"
              text="No more hits can be entered; owners may then claim their hits, shipped within 48 hours."
              onConfirm={() => run('complete')}
              disabled={command.isPending}
            />
          )}
          {(b.status === 'draft' || b.status === 'open' || b.status === 'filled') && (
            <ConfirmButton
              label={b.spotsSold > 0 ? 'Cancel and refund' : 'Cancel break'}
              title="Cancel this break?"
              text={
                b.spotsSold > 0
                  ? `Every one of the ${b.spotsSold} spots sold is refunded to its buyer's wallet.`
                  : 'Nobody has bought a spot yet.'
              }
              color="error"
              variant="outlined"
              onConfirm={() => run('cancel')}
              disabled={command.isPending}
            />
          )}
        </Stack>
        {b.status === 'open' && (
          <Typography variant="body2" color="text.secondary">
            The break can start once it fills, or at its deadline with at least {b.minSpots} sold
            (otherwise every spot is refunded automatically).
          </Typography>
        )}
        {command.error && <Alert severity="error">{command.error.message}</Alert>}
        {b.status === 'cancelled' && (
          <Alert severity="info">Cancelled: {b.refunds} spot(s) refunded.</Alert>
        )}

        {b.status === 'draft' && (
          <Button
            variant="outlined"
            component="label"
            size="small"
            sx={{ alignSelf: 'flex-start' }}
          >
            {b.imageUrl ? 'Replace product photo' : 'Add a product photo'}
            <input
              hidden
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void uploadProduct(file).catch(() => undefined);
              }}
            />
          </Button>
        )}
        {(upload.error ?? update.error) && (
          <Alert severity="error">{(upload.error ?? update.error)!.message}</Alert>
        )}

        {canChangeStream && (
          <RowForm
            onSubmit={() => {
              update.mutate({ id: b._id, patch: { streamUrl: stream.trim() || null } });
            }}
          >
            <TextField
              size="small"
              label="Live stream link"
              placeholder="YouTube, Twitch or Whatnot URL"
              value={stream}
              onChange={(e) => setStream(e.target.value)}
              sx={{ flex: 1 }}
            />
            <Button type="submit" size="small" variant="outlined" disabled={update.isPending}>
              Save link
            </Button>
          </RowForm>
        )}

        {b.status === 'live' && <HitForm b={b} />}

        <Box sx={{ overflowX: 'auto' }}>
          <StackedTable
            label="Spots and buyers"
            head={['Spot', 'Team', 'Buyer', { name: 'Price', key: 'Price', align: 'right' }]}
          >
            {b.spots.map((s) => (
              <TableRow key={s.spotNumber}>
                <TableCell data-label="Spot">{s.spotNumber}</TableCell>
                <TableCell data-label="Team">{s.team ?? '—'}</TableCell>
                <TableCell data-label="Buyer">
                  <span>
                    {s.username ?? '—'}
                    {s.refunded && (
                      <Chip size="small" label="Refunded" sx={{ ml: 1 }} variant="outlined" />
                    )}
                  </span>
                </TableCell>
                <TableCell data-label="Price" align="right">
                  {formatUsd(s.price)}
                </TableCell>
              </TableRow>
            ))}
          </StackedTable>
        </Box>

        {b.hits.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <StackedTable label="Hits" head={['#', 'Card', 'Team', 'Owner', 'Status', 'Buyback']}>
              {b.hits.map((h) => (
                <TableRow key={h._id}>
                  <TableCell data-label="#">{h.hitNumber}</TableCell>
                  <TableCell data-label="Card">
                    <span>
                      {h.cardName}
                      {h.detail && (
                        <Typography variant="caption" component="div" color="text.secondary">
                          {h.detail}
                        </Typography>
                      )}
                    </span>
                  </TableCell>
                  <TableCell data-label="Team">{h.team}</TableCell>
                  <TableCell data-label="Owner">
                    <span>
                      {h.username ?? 'House'}
                      {h.spotNumber ? ` (spot ${h.spotNumber})` : ''}
                    </span>
                  </TableCell>
                  <TableCell data-label="Status">{h.status.replace('_', ' ')}</TableCell>
                  <TableCell data-label="Buyback">
                    <BuybackCell b={b} hit={h} />
                  </TableCell>
                </TableRow>
              ))}
            </StackedTable>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
