import { Box, GlobalStyles, Typography } from '@mui/material';
import type { FulfilmentItem } from '@grail/contract';
import { Address } from '@/components/Address';
import { dateTimeFormat } from '@/lib/format';

export const STAFF_SLIP_CLASS = 'staff-packing-slips';

/**
 * One packing slip per selected box: what goes in it and where it goes. Hidden on screen; while
 * they are mounted, printing prints them alone, one to a page.
 */
export function PackingSlips({ items }: { items: FulfilmentItem[] }) {
  if (items.length === 0) return null;
  const printed = dateTimeFormat.format(new Date());
  return (
    <>
      <GlobalStyles
        styles={{
          '@media print': {
            'body *': { visibility: 'hidden' },
            [`.${STAFF_SLIP_CLASS}, .${STAFF_SLIP_CLASS} *`]: { visibility: 'visible' },
            [`.${STAFF_SLIP_CLASS}`]: {
              display: 'block !important',
              position: 'absolute',
              inset: '0 0 auto 0',
              color: '#000',
              background: '#fff',
            },
          },
        }}
      />
      <Box className={STAFF_SLIP_CLASS} sx={{ display: 'none' }} aria-hidden>
        {items.map((item) => (
          <Box
            key={`${item.kind}:${item._id}`}
            data-testid="packing-slip"
            sx={{ p: 3, breakAfter: 'page' }}
          >
            <Typography variant="h5" component="p" sx={{ fontWeight: 800 }}>
              Packing slip · {item.reference}
            </Typography>
            <Typography sx={{ mb: 2 }}>
              For {item.username} · printed {printed} · ship by{' '}
              {dateTimeFormat.format(new Date(item.shipBy))}
            </Typography>
            <Typography sx={{ fontWeight: 700 }}>Ship to</Typography>
            {item.address ? (
              <Address address={item.address} />
            ) : (
              <Typography>No address on file: ask {item.email}.</Typography>
            )}
            <Typography sx={{ fontWeight: 700, mt: 2 }}>
              {item.items.length} {item.items.length === 1 ? 'item' : 'items'}
            </Typography>
            <Box component="ol" sx={{ pl: 3, m: 0 }}>
              {item.items.map((name, i) => (
                <li key={i}>{name}</li>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
    </>
  );
}
