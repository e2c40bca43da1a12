import { Box, Paper, Stack, Typography } from '@mui/material';
import type { SubmissionCard } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { CertLink } from '@/components/submissions/CertLink';
import { formatUsd } from '@/lib/format';

/** Each slab of a submission: both photos, the cert link, the description, asking and offers. */
export function SubmissionCards({ cards }: { cards: SubmissionCard[] }) {
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Cards">
      {cards.map((c) => (
        <Paper
          component="li"
          key={c._id}
          variant="outlined"
          data-testid="submission-card"
          sx={{
            p: 2,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '180px minmax(0, 1fr) auto' },
            alignItems: 'start',
          }}
        >
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr', maxWidth: 240 }}>
            <CardImage src={c.frontImageUrl} alt={`Front of ${c.player}`} sizes="90px" />
            <CardImage src={c.backImageUrl} alt={`Back of ${c.player}`} sizes="90px" />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {c.year} {c.setName} {c.player} #{c.cardNumber}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
              Grade {c.grade}
            </Typography>
            <CertLink grader={c.grader} certNumber={c.certNumber} href={c.certUrl} />
            {c.askingPrice !== null && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                You asked {formatUsd(c.askingPrice)}
              </Typography>
            )}
          </Box>
          <Box sx={{ textAlign: { sm: 'right' }, minWidth: 140 }}>
            {c.offer === null ? (
              <Typography variant="body2" color="text.secondary">
                Offer pending
              </Typography>
            ) : (
              <>
                <Typography variant="caption" color="text.secondary" component="p">
                  Our offer
                </Typography>
                <Typography
                  sx={{
                    fontWeight: 800,
                    fontSize: 18,
                    textDecoration: c.adjustedOffer !== null ? 'line-through' : 'none',
                    color: c.adjustedOffer !== null ? 'text.secondary' : 'text.primary',
                  }}
                  data-testid="card-offer"
                >
                  {formatUsd(c.offer)}
                </Typography>
                {c.offerNote && (
                  <Typography variant="body2" color="text.secondary">
                    {c.offerNote}
                  </Typography>
                )}
                {c.adjustedOffer !== null && (
                  <>
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      component="p"
                      sx={{ mt: 1 }}
                    >
                      Adjusted offer
                    </Typography>
                    <Typography sx={{ fontWeight: 800, fontSize: 18 }}>
                      {formatUsd(c.adjustedOffer)}
                    </Typography>
                    {c.adjustedNote && (
                      <Typography variant="body2" color="text.secondary">
                        {c.adjustedNote}
                      </Typography>
                    )}
                  </>
                )}
              </>
            )}
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}
