import { Box, Paper, Typography } from '@mui/material';
import { SHIPPING_PROMISE_HOURS } from '@grail/contract';
import { SectionHeading } from './SectionHeading';

const STEPS = [
  {
    title: 'Load the Case',
    text: 'We load a curated case of graded and raw cards, each with its fair market value shown, so you know exactly what could come out.',
  },
  {
    title: 'Buy a Pack',
    text: 'Buy a pack at the set pack price. Every pack has a guaranteed floor value and gives you one random item from the remaining items in the case.',
  },
  {
    title: 'Instant Reveal & Claim',
    text: `Your card is revealed instantly. Claim it and it is shipped within ${SHIPPING_PROMISE_HOURS} hours.`,
  },
];

/** Section 6. */
export function HowItWorksSection() {
  return (
    <Box component="section" aria-labelledby="how-it-works-title">
      <SectionHeading id="how-it-works-title">How the Grail Machine Works</SectionHeading>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
          gap: 3,
        }}
      >
        {STEPS.map((step, i) => (
          <Paper
            component="li"
            key={step.title}
            variant="outlined"
            sx={{ p: 3, textAlign: 'center' }}
          >
            <Box
              sx={{
                width: 48,
                height: 48,
                mx: 'auto',
                mb: 1.5,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                fontWeight: 800,
                fontSize: '1.4rem',
              }}
            >
              {i + 1}
            </Box>
            <Typography variant="h6" component="h3" sx={{ fontWeight: 800, mb: 1 }}>
              {step.title}
            </Typography>
            <Typography color="text.secondary">{step.text}</Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
