import { Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/lib/paths';
import { Commitment } from './Commitment';

const AT_GO_LIVE = 'published when the case goes live';

/** How a pull is decided, and the case's published commitments. */
export function FairnessExplainer({
  caseId,
  serverSeedHash,
  contentsHash,
}: {
  caseId: string;
  serverSeedHash: string | null;
  contentsHash: string | null;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="fairness-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="fairness-heading" variant="h6" component="h2" gutterBottom>
        Provably fair
      </Typography>
      <Typography variant="body2" color="text.secondary" paragraph>
        Before the first pack, we fix the order of every card in the case and publish two
        fingerprints: one of the contents and one of a secret server seed. Pack number k is decided
        by HMAC-SHA256(server seed, your client seed + ":" + k), turned into a position among the
        cards still in the case without bias. When the case sells out or closes we reveal the seed,
        so you can recompute every pull yourself.
      </Typography>
      <Stack spacing={1.5} sx={{ mb: 2 }}>
        <Commitment
          label="Server seed hash (SHA-256)"
          value={serverSeedHash}
          pending={AT_GO_LIVE}
        />
        <Commitment label="Contents hash (SHA-256)" value={contentsHash} pending={AT_GO_LIVE} />
      </Stack>
      <Link component={RouterLink} to={paths.fairness.getHref({ case: caseId })}>
        Verify pulls in your browser
      </Link>
    </Paper>
  );
}
