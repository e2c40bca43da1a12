import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { SubmissionStatus } from '@grail/contract';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { SubmissionQueue } from '../components/SubmissionQueue';
import { SubmissionReview } from '../components/SubmissionReview';
import { GridColumns } from '@/components/GridColumns';

/**
 * /admin/submissions (staff only): the queue of collectors' submissions, oldest first, and the
 * one open beside it. The filter, page and open submission live in the address.
 */
export default function AdminSubmissionsPage() {
  const { isLoading } = useAuth();
  const [params, setParams] = useSearchParams();
  const parsed = SubmissionStatus.safeParse(params.get('status'));
  const status = parsed.success ? parsed.data : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const selected = params.get('id');
  const review = useRef<HTMLDivElement>(null);
  // On a phone the review sits below the queue: bring it into view when one is chosen.
  useEffect(() => {
    if (selected && window.matchMedia('(max-width: 899.95px)').matches) {
      review.current?.scrollIntoView({ block: 'start' });
    }
  }, [selected]);
  const update = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };
  if (isLoading) return <CircularProgress aria-label="Loading" />;
  return (
    <Box component="section" sx={{ py: { xs: 2, sm: 4 } }}>
      <Button
        component={RouterLink}
        to={paths.admin.getHref()}
        startIcon={<ArrowBack />}
        sx={{ mb: 1 }}
      >
        Admin
      </Button>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 0.5 }}>
        Submissions
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Collectors’ cards for sale, oldest first. Review, make offers, receive, verify and pay.
      </Typography>
      <GridColumns
        gap={3}
        columns={{ xs: '1fr', md: '320px minmax(0, 1fr)' }}
        sx={{ alignItems: 'start' }}
      >
        <SubmissionQueue
          status={status}
          onStatus={(s) => update({ status: s, page: undefined })}
          page={page}
          onPage={(p) => update({ page: String(p) })}
          selected={selected}
          onSelect={(id) => update({ id })}
        />
        {selected ? (
          <Box ref={review} sx={{ minWidth: 0, scrollMarginTop: 72 }}>
            <SubmissionReview key={selected} id={selected} />
          </Box>
        ) : (
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Typography color="text.secondary">
              Choose a submission from the queue to review it.
            </Typography>
          </Paper>
        )}
      </GridColumns>
    </Box>
  );
}
