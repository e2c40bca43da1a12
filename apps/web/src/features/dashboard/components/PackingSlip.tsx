import { Box, GlobalStyles, Typography } from '@mui/material';
import type { Submission } from '@grail/contract';
import { Address } from '@/components/Address';
import { dateTimeFormat } from '@/lib/format';

export { Address };

export const PACKING_SLIP_CLASS = 'packing-slip';

/**
 * What goes in the box with the cards: our address, the submission number and every cert. Hidden
 * on screen; when printing, it is all that prints.
 */
export function PackingSlip({ submission }: { submission: Submission }) {
  if (!submission.shipTo) return null;
  return (
    <>
      <GlobalStyles
        styles={{
          '@media print': {
            'body *': { visibility: 'hidden' },
            [`.${PACKING_SLIP_CLASS}, .${PACKING_SLIP_CLASS} *`]: { visibility: 'visible' },
            [`.${PACKING_SLIP_CLASS}`]: {
              display: 'block !important',
              position: 'absolute',
              inset: '0 0 auto 0',
              padding: 24,
              color: '#000',
              background: '#fff',
            },
          },
        }}
      />
      <Box className={PACKING_SLIP_CLASS} sx={{ display: 'none' }} aria-hidden>
        <Typography variant="h4" component="p" sx={{ fontWeight: 800 }}>
          Packing slip · Submission {submission.number}
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Printed {dateTimeFormat.format(new Date())}. Put this slip in the box with your cards.
        </Typography>
        <Typography sx={{ fontWeight: 700 }}>Ship to</Typography>
        <Address address={submission.shipTo} />
        <Typography sx={{ fontWeight: 700, mt: 2 }}>
          {submission.cards.length} {submission.cards.length === 1 ? 'card' : 'cards'}
        </Typography>
        <Box component="ol" sx={{ pl: 3 }}>
          {submission.cards.map((c) => (
            <li key={c._id}>
              {c.grader} {c.certNumber}: {c.year} {c.setName} {c.player} #{c.cardNumber}, {c.grade}
            </li>
          ))}
        </Box>
      </Box>
    </>
  );
}
