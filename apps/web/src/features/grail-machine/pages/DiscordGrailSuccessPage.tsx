import { Link as RouterLink } from 'react-router';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import { paths } from '@/lib/paths';

/** Where a pack bought through our Discord community lands: it is in the account, ready to reveal. */
export default function DiscordGrailSuccessPage() {
  return (
    <Box
      component="section"
      sx={{ py: { xs: 4, sm: 8 }, display: 'flex', justifyContent: 'center' }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, textAlign: 'center' }}>
        <CheckCircleRoundedIcon color="success" sx={{ fontSize: 64, mb: 1 }} />
        <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 800 }}>
          Grail Secured!
        </Typography>
        <Typography color="text.secondary" paragraph>
          Your Discord Grail Machine purchase went through. Your card is in your account: reveal it,
          claim it and we ship within 48 hours, or sell it back instantly.
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          justifyContent="center"
          sx={{ mt: 3 }}
        >
          <Button
            component={RouterLink}
            to={paths.dashboard.getHref()}
            variant="contained"
            size="large"
          >
            See My Pulls
          </Button>
          <Button
            component={RouterLink}
            to={paths.grailMachine.getHref()}
            variant="outlined"
            size="large"
          >
            Back to the Grail Machine
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
