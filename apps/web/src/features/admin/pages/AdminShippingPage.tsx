import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { FulfilmentItem, FulfilmentKind, ShippingCompliance } from '@grail/contract';
import { Address } from '@/components/Address';
import { dateTimeFormat } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useFulfilmentQueue, useShipItem } from '../api/fulfilment';
import { PackingSlips } from '../components/PackingSlips';
import { trackingProblems } from '../components/trackingProblems';
import { RowForm } from '../components/RowForm';

const KIND_LABEL: Record<FulfilmentKind, string> = {
  order: 'Store order',
  pull: 'Grail pull',
  break: 'Break hits',
  submission: 'Returned submission',
};
const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL'];
const keyOf = (item: FulfilmentItem) => `${item.kind}:${item._id}`;

/** "Due in 5 h 20 min" or "Overdue by 2 h 5 min", from the deadline and now. */
export function dueText(shipBy: string, now: number): string {
  const minutes = Math.round((new Date(shipBy).getTime() - now) / 60_000);
  const abs = Math.abs(minutes);
  const span = abs >= 60 ? `${Math.floor(abs / 60)} h ${abs % 60} min` : `${abs} min`;
  return minutes < 0 ? `Overdue by ${span}` : `Due in ${span}`;
}

function ComplianceSummary({ compliance }: { compliance: ShippingCompliance }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} data-testid="shipping-compliance">
      <Typography variant="overline" component="h2" color="text.secondary">
        Shipped within 48 hours, last 30 days
      </Typography>
      {compliance.share === null ? (
        <Typography>Nothing shipped in the last 30 days.</Typography>
      ) : (
        <Typography variant="h4" component="p" sx={{ fontWeight: 800 }}>
          {Math.round(compliance.share * 1000) / 10}%{' '}
          <Typography component="span" color="text.secondary">
            ({compliance.onTime} of {compliance.shipped})
          </Typography>
        </Typography>
      )}
    </Paper>
  );
}

function ShipForm({ item }: { item: FulfilmentItem }) {
  const ship = useShipItem();
  const [carrier, setCarrier] = useState('USPS');
  const [tracking, setTracking] = useState('');
  const [problems, setProblems] = useState<ReturnType<typeof trackingProblems>>({});
  const id = keyOf(item).replace(':', '-');
  return (
    <RowForm
      noValidate
      sx={{ alignItems: { sm: 'flex-start' } }}
      onSubmit={() => {
        const found = trackingProblems(carrier, tracking);
        setProblems(found);
        if (found.carrier || found.trackingNumber) return;
        ship.mutate(
          { kind: item.kind, id: item._id, body: { carrier, trackingNumber: tracking.trim() } },
          { onSuccess: () => notify.success(`${item.reference} marked shipped.`) },
        );
      }}
    >
      <TextField
        select
        size="small"
        label="Carrier"
        id={`${id}-carrier`}
        value={carrier}
        onChange={(e) => setCarrier(e.target.value)}
        sx={{ minWidth: 110 }}
      >
        {CARRIERS.map((c) => (
          <MenuItem key={c} value={c}>
            {c}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label="Tracking number"
        id={`${id}-tracking`}
        value={tracking}
        onChange={(e) => setTracking(e.target.value)}
        error={Boolean(problems.trackingNumber)}
        helperText={problems.trackingNumber}
        slotProps={{ htmlInput: { maxLength: 64, autoComplete: 'off' } }}
      />
      <Button type="submit" variant="contained" disabled={ship.isPending}>
        Mark shipped
      </Button>
      {ship.error && <Alert severity="error">{ship.error.message}</Alert>}
    </RowForm>
  );
}

function QueueItem({
  item,
  now,
  selected,
  onSelect,
}: {
  item: FulfilmentItem;
  now: number;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid="fulfilment-item"
      sx={{ p: 2, listStyle: 'none', borderColor: item.overdue ? 'error.main' : undefined }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <FormControlLabel
          control={<Checkbox checked={selected} onChange={(e) => onSelect(e.target.checked)} />}
          label={<Typography sx={{ fontWeight: 700 }}>{item.reference}</Typography>}
        />
        <Chip size="small" label={KIND_LABEL[item.kind]} />
        <Chip
          size="small"
          color={item.overdue ? 'error' : 'default'}
          variant={item.overdue ? 'filled' : 'outlined'}
          label={dueText(item.shipBy, now)}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        Ship by {dateTimeFormat.format(new Date(item.shipBy))} · {item.username} ({item.email})
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          my: 1.5,
          overflowWrap: 'anywhere',
        }}
      >
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {item.items.map((name, i) => (
            <li key={i}>{name}</li>
          ))}
        </Box>
        {item.address ? (
          <Address address={item.address} />
        ) : (
          <Alert severity="warning">No address on file.</Alert>
        )}
      </Box>
      <ShipForm item={item} />
    </Paper>
  );
}

/**
 * /admin/shipping: one queue of everything owed to collectors (store orders, claimed pulls,
 * break hits, returned submissions) by deadline, with packing slips and mark-shipped.
 */
export function AdminShippingPage() {
  const queue = useFulfilmentQueue();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const now = queue.dataUpdatedAt || Date.now();
  const items = queue.data?.items ?? [];
  const chosen = items.filter((i) => selected.has(keyOf(i)));
  const toggle = (key: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  return (
    <Box component="section" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 800 }}>
        Orders and shipping
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Everything owed to collectors, earliest deadline first. Each box must leave within 48 hours;
        overdue boxes are marked in red.
      </Typography>
      {queue.isPending && <CircularProgress aria-label="Loading the shipping queue" />}
      {queue.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void queue.refetch()}>
              Retry
            </Button>
          }
        >
          {queue.error.message}
        </Alert>
      )}
      {queue.data && (
        <>
          <ComplianceSummary compliance={queue.data.compliance} />
          {items.length === 0 ? (
            <Alert severity="success">Nothing to ship right now.</Alert>
          ) : (
            <>
              <Stack
                direction="row"
                spacing={1}
                sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
              >
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={chosen.length === items.length}
                      indeterminate={chosen.length > 0 && chosen.length < items.length}
                      onChange={(e) =>
                        setSelected(e.target.checked ? new Set(items.map(keyOf)) : new Set())
                      }
                    />
                  }
                  label="Select all"
                />
                <Button
                  variant="outlined"
                  disabled={chosen.length === 0}
                  onClick={() => window.print()}
                >
                  Print packing slips ({chosen.length})
                </Button>
              </Stack>
              <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }} aria-label="Shipping queue">
                {items.map((item) => (
                  <QueueItem
                    key={keyOf(item)}
                    item={item}
                    now={now}
                    selected={selected.has(keyOf(item))}
                    onSelect={(on) => toggle(keyOf(item), on)}
                  />
                ))}
              </Stack>
              <PackingSlips items={chosen} />
            </>
          )}
        </>
      )}
    </Box>
  );
}
