import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Grid, Link, Paper, Skeleton, Stack, Typography } from '@mui/material';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import type { PublicUser } from '@grail/contract';
import { paths } from '@/lib/paths';
import { useSellSettings } from '../api/settings';
import { SellForm } from './SellForm';

const STEPS = [
  {
    icon: <AssignmentOutlined />,
    title: 'Describe your slabs',
    text: 'PSA, BGS, SGC or CGC: the cert number, the card, its grade and a photo of each side.',
  },
  {
    icon: <LocalOfferOutlined />,
    title: 'Get an offer',
    text: 'Our buyers review every card and make an offer, open for 7 days.',
  },
  {
    icon: <LocalShippingOutlined />,
    title: 'Ship them to us',
    text: 'Accept, print the packing slip and send the cards in with tracking.',
  },
  {
    icon: <PaymentsOutlined />,
    title: 'Get paid',
    text: 'Store credit with a bonus, a bank transfer or PayPal once the cards are verified.',
  },
];

function HowItWorks({ bonusPercent }: { bonusPercent: number | undefined }) {
  return (
    <Grid component="ol" container spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0, mb: 4 }}>
      {STEPS.map((step, i) => (
        <Grid component="li" key={step.title} size={{ xs: 6, md: 3 }}>
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, height: '100%', borderRadius: 3 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <Box
                aria-hidden
                sx={{
                  width: 28,
                  height: 28,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'secondary.main',
                  color: 'secondary.contrastText',
                  fontWeight: 800,
                  fontSize: 14,
                }}
              >
                {i + 1}
              </Box>
              <Box sx={{ color: 'secondary.main', display: 'flex' }} aria-hidden>
                {step.icon}
              </Box>
            </Stack>
            <Typography component="h2" sx={{ fontWeight: 700 }}>
              {step.title}
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: { xs: 'none', sm: 'block' } }}
            >
              {i === 3 && bonusPercent !== undefined
                ? `Store credit with a ${bonusPercent}% bonus, a bank transfer or PayPal once the cards are verified.`
                : step.text}
            </Typography>
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}

/** Before selling, the same rules as buying: a verified e-mail and a complete 18+ profile. */
function NotYetEligible({ user }: { user: PublicUser }) {
  return (
    <Alert severity="info" sx={{ alignItems: 'center' }}>
      <Typography sx={{ fontWeight: 700, mb: 0.5 }}>One step before you can sell</Typography>
      {!user.emailVerified && (
        <Typography variant="body2">
          Verify your email address: open the link we sent to {user.email}, or send a new one from
          your dashboard settings.
        </Typography>
      )}
      {!user.profileComplete && (
        <Typography variant="body2">
          Complete your profile (name, date of birth and address; you must be 18 or older).{' '}
          <Link
            component={RouterLink}
            to={paths.completeProfile.getHref({ redirectTo: paths.sellCards.getHref() })}
          >
            Complete your profile
          </Link>
        </Typography>
      )}
    </Alert>
  );
}

/** The signed-in /sell-cards page: how selling works, then the submission form. */
export function SellCardsOverview({ user }: { user: PublicUser }) {
  const eligible = user.emailVerified && user.profileComplete;
  const settings = useSellSettings(eligible);
  return (
    <Box component="section" sx={{ maxWidth: 1080, mx: 'auto' }}>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 30, md: 42 }, mb: 1 }}>
        Sell Your Graded Cards
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 680, mb: 3 }}>
        Tell us about your slabs and get an offer for each. Nothing is sold until you accept, and
        you can follow every submission in your dashboard.
      </Typography>
      <HowItWorks bonusPercent={settings.data?.creditBonusPercent} />
      {!eligible ? (
        <NotYetEligible user={user} />
      ) : settings.isPending ? (
        <Stack spacing={2} aria-busy="true" aria-label="Loading the sell form">
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={360} />
        </Stack>
      ) : settings.isError ? (
        <Alert
          severity="error"
          action={<Button onClick={() => void settings.refetch()}>Try again</Button>}
        >
          Could not load the sell form. Check your connection and try again.
        </Alert>
      ) : (
        <>
          {settings.data.openCount > 0 && (
            <Alert severity="info" sx={{ mb: 3 }}>
              You have {settings.data.openCount} submission
              {settings.data.openCount === 1 ? '' : 's'} in progress.{' '}
              <Link component={RouterLink} to={paths.dashboard.getHref({ tab: 'submissions' })}>
                See them in your dashboard
              </Link>
            </Alert>
          )}
          <SellForm settings={settings.data} />
        </>
      )}
    </Box>
  );
}
