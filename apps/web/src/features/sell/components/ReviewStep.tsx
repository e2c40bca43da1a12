import { Box, Paper, Stack, TextField, Typography } from '@mui/material';
import type { UseFormReturn } from 'react-hook-form';
import { imageUrl, PAYOUT_METHOD_LABELS, type PayoutInput } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { formatUsd } from '@/lib/format';
import { cardTitle, type SellFormValues } from '../lib/sellForm';

function payoutLine(payout: PayoutInput, bonusPercent: number) {
  switch (payout.method) {
    case 'store_credit':
      return `Store credit, with a ${bonusPercent}% bonus on our offer`;
    case 'bank':
      return `Bank transfer to the account ending ${payout.accountNumber.slice(-4)} (${payout.accountHolder})`;
    case 'paypal':
      return `PayPal to ${payout.email}`;
  }
}

/** The submission as it will be sent: every card, the asking prices, the payout, and a note. */
export function ReviewStep({
  form,
  payout,
  bonusPercent,
}: {
  form: UseFormReturn<SellFormValues>;
  payout: PayoutInput;
  bonusPercent: number;
}) {
  const cards = form.watch('cards');
  const asking = cards.reduce((sum, c) => sum + (c.askingPrice ? Number(c.askingPrice) : 0), 0);
  return (
    <Stack spacing={3}>
      <Stack
        component="ul"
        spacing={1.5}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        aria-label="Cards to submit"
      >
        {cards.map((c, i) => (
          <Paper
            component="li"
            key={i}
            variant="outlined"
            sx={{
              p: 1.5,
              display: 'grid',
              gap: 2,
              alignItems: 'center',
              gridTemplateColumns: '56px minmax(0, 1fr) auto',
            }}
            data-testid="review-card"
          >
            <CardImage src={imageUrl(c.frontImageId)} alt={`Front of card ${i + 1}`} sizes="56px" />
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {cardTitle(c)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {c.grader} {c.certNumber} · {c.grade}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
              {c.askingPrice ? formatUsd(Number(c.askingPrice)) : 'No asking price'}
            </Typography>
          </Paper>
        ))}
      </Stack>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <Box>
          <Typography variant="subtitle2">Cards</Typography>
          <Typography>
            {cards.length} {cards.length === 1 ? 'card' : 'cards'}
            {asking > 0 ? `, asking ${formatUsd(asking)} in all` : ''}
          </Typography>
        </Box>
        <Box>
          <Typography variant="subtitle2">Payout: {PAYOUT_METHOD_LABELS[payout.method]}</Typography>
          <Typography>{payoutLine(payout, bonusPercent)}</Typography>
        </Box>
      </Box>
      <TextField
        label="Note for our buyers (optional)"
        multiline
        minRows={2}
        {...form.register('note')}
        error={Boolean(form.formState.errors.note)}
        helperText={form.formState.errors.note?.message}
      />
      <Typography variant="body2" color="text.secondary">
        After you submit, our buyers review your cards and send an offer for each. You decide then:
        nothing is sold until you accept, and you ship only after accepting.
      </Typography>
    </Stack>
  );
}
