import { Box } from '@mui/material';
import type { ShippingAddress } from '@grail/contract';

const addressLines = (a: ShippingAddress) => [
  a.name,
  a.line1,
  ...(a.line2 ? [a.line2] : []),
  `${a.city}, ${a.state} ${a.postalCode}`,
  a.country,
];

/** A postal address, one line each, as on a label: shipping instructions and packing slips. */
export function Address({ address }: { address: ShippingAddress }) {
  return (
    <Box component="address" sx={{ fontStyle: 'normal' }}>
      {addressLines(address).map((line) => (
        <div key={line}>{line}</div>
      ))}
    </Box>
  );
}
