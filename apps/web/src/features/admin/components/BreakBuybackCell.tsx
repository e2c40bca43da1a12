import { useEffect, useState } from 'react';
import { Button, Stack, TextField, Typography } from '@mui/material';
import type { AdminBreak, AdminBreakHit } from '@grail/contract';
import { formatUsd } from '@/lib/format';
import { useBreakCommands } from '../api/breaks';

/** A held hit's sell-back price, editable until its owner claims or sells it. */
export function BuybackCell({ b, hit }: { b: AdminBreak; hit: AdminBreakHit }) {
  const { setBuyback } = useBreakCommands();
  const [value, setValue] = useState(hit.buybackPrice === null ? '' : String(hit.buybackPrice));
  useEffect(
    () => setValue(hit.buybackPrice === null ? '' : String(hit.buybackPrice)),
    [hit.buybackPrice],
  );
  if (hit.status !== 'held')
    return <>{hit.buybackPrice === null ? '—' : formatUsd(hit.buybackPrice)}</>;
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <TextField
        size="small"
        type="number"
        label="Buyback ($)"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        slotProps={{ htmlInput: { step: '0.01', min: '0.01' } }}
        sx={{ width: 120 }}
      />
      <Button
        size="small"
        disabled={setBuyback.isPending}
        onClick={() =>
          setBuyback.mutate({
            id: b._id,
            hitId: hit._id,
            buybackPrice: value.trim() ? Number(value) : null,
          })
        }
      >
        Save
      </Button>
      {setBuyback.error && (
        <Typography variant="caption" color="error">
          {setBuyback.error.message}
        </Typography>
      )}
    </Stack>
  );
}
