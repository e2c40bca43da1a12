import { Link as RouterLink } from 'react-router';
import { Box, CardActionArea, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { RecentPull } from '@grail/contract';
import { formatUsd } from '@/lib/format';
import { CardImage } from '@/components/CardImage';
import { paths } from '@/lib/paths';

const ago = (iso: string) => {
  const s = Math.max(0, (Date.now() - new Date(iso).getTime()) / 1000);
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86400)} d ago`;
};

/** The latest pulls, updated live as anyone opens a pack. */
export function RecentPullsStrip({
  pulls,
  loading,
  failed,
}: {
  pulls: RecentPull[] | undefined;
  loading: boolean;
  failed: boolean;
}) {
  return (
    <Box component="section" aria-labelledby="recent-pulls-heading">
      <Typography id="recent-pulls-heading" variant="h6" component="h2" gutterBottom>
        Live pulls
      </Typography>
      {failed && <Typography color="error">Could not load recent pulls.</Typography>}
      {!failed && !loading && (pulls ?? []).length === 0 && (
        <Typography color="text.secondary">No pulls yet. Be the first to open a pack!</Typography>
      )}
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ overflowX: 'auto', pb: 1, scrollSnapType: 'x mandatory' }}
        data-testid="recent-pulls"
      >
        {loading &&
          Array.from({ length: 5 }, (_, i) => (
            <Skeleton
              key={i}
              variant="rounded"
              width={132}
              height={240}
              sx={{ flex: '0 0 auto' }}
            />
          ))}
        {(pulls ?? []).map((p) => (
          <Paper
            key={p._id}
            variant="outlined"
            sx={{ flex: '0 0 132px', scrollSnapAlign: 'start' }}
          >
            <CardActionArea
              component={RouterLink}
              to={paths.pull.getHref(p._id)}
              sx={{ p: 1, borderRadius: 'inherit' }}
            >
              <CardImage src={p.imageUrl} alt={p.name} sizes="132px" />
              <Typography
                variant="caption"
                component="p"
                noWrap
                title={p.name}
                sx={{ mt: 0.5, fontWeight: 600 }}
              >
                {p.name}
              </Typography>
              <Typography variant="caption" component="p" color="text.secondary" noWrap>
                {p.grade} · {formatUsd(p.fmv)}
              </Typography>
              <Typography variant="caption" component="p" color="text.secondary" noWrap>
                {p.pulledBy} · {ago(p.pulledAt)}
              </Typography>
            </CardActionArea>
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}
