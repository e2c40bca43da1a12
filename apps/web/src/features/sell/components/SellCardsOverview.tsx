import { Box, Chip, Grid, Paper, Stack, Typography } from '@mui/material';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import { usePublicConfig } from '@/lib/config';

const STEPS = [
  {
    icon: <AssignmentOutlined />,
    title: 'Describe your cards',
    text: 'List each slab: grading company (PSA, BGS or SGC), certificate number, grade and photos.',
  },
  {
    icon: <LocalOfferOutlined />,
    title: 'Receive an offer',
    text: 'Our buyers review your submission and send an offer for each card.',
  },
  {
    icon: <LocalShippingOutlined />,
    title: 'Ship with a prepaid label',
    text: 'Accept the offers you like and send the cards in, fully insured.',
  },
  {
    icon: <PaymentsOutlined />,
    title: 'Get paid',
    text: 'Payment goes out as soon as the cards are received and verified.',
  },
];

/** The signed-in /sell-cards page until the submission form opens. */
export function SellCardsOverview() {
  const { supportEmail } = usePublicConfig();
  return (
    <Box component="section" sx={{ maxWidth: 960, mx: 'auto' }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 30, md: 42 } }}>
          Sell Your Graded Cards
        </Typography>
      </Stack>
      <Chip label="Submissions open soon" color="secondary" variant="outlined" sx={{ mb: 2 }} />
      <Typography color="text.secondary" sx={{ maxWidth: 640, mb: 4 }}>
        The submission form will live here: start a submission, add your graded cards and follow
        each one from offer to payout in your dashboard. Here is how it works.
      </Typography>
      <Grid component="ol" container spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {STEPS.map((step, i) => (
          <Grid component="li" key={step.title} size={{ xs: 12, sm: 6 }}>
            <Paper variant="outlined" sx={{ p: 3, height: '100%', borderRadius: 3 }}>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
                <Box
                  sx={{
                    width: 36,
                    height: 36,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'secondary.main',
                    color: 'secondary.contrastText',
                    fontWeight: 800,
                  }}
                >
                  {i + 1}
                </Box>
                <Box sx={{ color: 'secondary.main', display: 'flex' }}>{step.icon}</Box>
              </Stack>
              <Typography component="h2" variant="h6">
                {step.title}
              </Typography>
              <Typography color="text.secondary">{step.text}</Typography>
            </Paper>
          </Grid>
        ))}
      </Grid>
      <Typography color="text.secondary" sx={{ mt: 4 }}>
        Have a collection to sell now? Email <a href={`mailto:${supportEmail}`}>{supportEmail}</a>{' '}
        and a buyer will get back to you.
      </Typography>
    </Box>
  );
}
