import { useState } from 'react';
import { Alert, Button, Chip, Paper, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { ValueField } from '@/components/ValueField';
import { StackedTable } from '@/components/StackedTable';
import type { DueShipment } from '@grail/contract';
import { dateTimeFormat } from '@/lib/format';
import { useMarkShipped, useShipmentsDue } from '../api/shipmentsDue';
import { trackingProblems } from './trackingProblems';

function ShipForm({ shipment }: { shipment: DueShipment }) {
  const mark = useMarkShipped();
  const [carrier, setCarrier] = useState('USPS');
  const [tracking, setTracking] = useState('');
  const [problems, setProblems] = useState<ReturnType<typeof trackingProblems>>({});
  return (
    <Stack
      component="form"
      noValidate
      direction="column"
      spacing={1}
      sx={{ minWidth: 200 }}
      onSubmit={(e) => {
        e.preventDefault();
        const found = trackingProblems(carrier, tracking);
        setProblems(found);
        if (found.carrier || found.trackingNumber) return;
        mark.mutate({
          id: shipment._id,
          body: { carrier: carrier.trim(), trackingNumber: tracking.trim() },
        });
      }}
    >
      <ValueField
        label="Carrier"
        value={carrier}
        onValue={setCarrier}
        problem={problems.carrier}
        sx={{ width: 110 }}
      />
      <ValueField
        label="Tracking number"
        value={tracking}
        onValue={setTracking}
        problem={problems.trackingNumber}
      />
      <Button type="submit" size="small" variant="contained" disabled={mark.isPending}>
        Mark shipped
      </Button>
      {mark.error && <Alert severity="error">{mark.error.message}</Alert>}
    </Stack>
  );
}

/** Shipments still to send, earliest ship-by first, with their 48-hour deadline. */
export function ShipmentsDue() {
  const due = useShipmentsDue();
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Typography variant="h6" component="h2" sx={{ p: 2, pb: 0 }}>
        Shipments due
      </Typography>
      {due.isError && <Alert severity="error">{due.error.message}</Alert>}
      <StackedTable
        label="Shipments due"
        head={['Ship by', 'Collector', 'Items', 'Address', 'Ship']}
      >
        {due.data?.length === 0 && (
          <TableRow>
            <TableCell colSpan={5}>Nothing to ship right now.</TableCell>
          </TableRow>
        )}
        {due.data?.map((s) => (
          <TableRow key={s._id} data-testid="shipment-due">
            <TableCell data-label="Ship by">
              <span>
                {dateTimeFormat.format(new Date(s.shipBy))}
                {s.overdue && <Chip size="small" color="error" label="Overdue" sx={{ ml: 1 }} />}
              </span>
            </TableCell>
            <TableCell data-label="Collector">
              <span>
                {s.username}
                <Typography variant="caption" component="div" color="text.secondary">
                  {s.sourceType === 'pull'
                    ? 'Grail pull'
                    : s.sourceType === 'break'
                      ? 'Break hits'
                      : 'Store order'}
                </Typography>
              </span>
            </TableCell>
            <TableCell data-label="Items">{s.items.join(', ')}</TableCell>
            <TableCell data-label="Address">
              <span>
                {s.address.name}, {s.address.line1}, {s.address.city} {s.address.state}{' '}
                {s.address.postalCode}
              </span>
            </TableCell>
            <TableCell>
              <ShipForm shipment={s} />
            </TableCell>
          </TableRow>
        ))}
      </StackedTable>
    </Paper>
  );
}
