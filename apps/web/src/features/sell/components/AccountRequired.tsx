import { Box, Button, Grid, Paper, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import LockOutlined from '@mui/icons-material/LockOutlined';
import TrendingUp from '@mui/icons-material/TrendingUp';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import { paths } from '@/lib/paths';

const REASONS = [
  {
    icon: <TrendingUp />,
    title: 'Competitive offers',
    text: 'Get strong, market-based offers on your PSA, BGS and SGC graded cards.',
  },
  {
    icon: <ReceiptLongOutlined />,
    title: 'Track submissions and payment history',
    text: 'Follow every submission from offer to payout, all in your dashboard.',
  },
  {
    icon: <VerifiedUserOutlined />,
    title: 'Secure, fast payment',
    text: 'Get paid quickly and safely once your cards are received and verified.',
  },
  {
    icon: <WorkspacePremiumOutlined />,
    title: 'Exclusive buying programs',
    text: 'Members get access to special buying programs and bonus offers.',
  },
];

/** What a visitor who is not signed in sees at /sell-cards: the teaser and a way to sign up. */
export function AccountRequired() {
  return (
    <Box component="section" sx={{ maxWidth: 880, mx: 'auto' }}>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, md: 6 }, borderRadius: 4, textAlign: 'center', overflow: 'hidden' }}
      >
        <Box
          sx={{
            mx: 'auto',
            mb: 2,
            width: 64,
            height: 64,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.selected',
            color: 'secondary.main',
          }}
        >
          <LockOutlined fontSize="large" />
        </Box>
        <Typography variant="overline" sx={{ color: 'secondary.main', fontWeight: 800 }}>
          Account Required
        </Typography>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 30, md: 42 }, mb: 1.5 }}>
          Sell Your Graded Cards
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 560, mx: 'auto', mb: 4 }}>
          You need an account to sell your graded cards. Create one in a minute or sign in to start
          your submission.
        </Typography>
        <Grid component="ul" container spacing={2} sx={{ listStyle: 'none', p: 0, m: 0, mb: 4 }}>
          {REASONS.map((reason) => (
            <Grid component="li" key={reason.title} size={{ xs: 12, sm: 6 }}>
              <Stack
                direction="row"
                spacing={2}
                sx={{
                  textAlign: 'left',
                  p: 2,
                  height: '100%',
                  borderRadius: 2,
                  bgcolor: 'action.hover',
                }}
              >
                <Box sx={{ color: 'secondary.main', pt: 0.25 }}>{reason.icon}</Box>
                <Box>
                  <Typography component="h2" sx={{ fontWeight: 700 }}>
                    {reason.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {reason.text}
                  </Typography>
                </Box>
              </Stack>
            </Grid>
          ))}
        </Grid>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'center' }}
        >
          <Button
            component={Link}
            to={paths.register.getHref()}
            variant="contained"
            color="secondary"
            size="large"
          >
            Create Account
          </Button>
          <Button component={Link} to={paths.login.getHref()} variant="outlined" size="large">
            Sign In
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
