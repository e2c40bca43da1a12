import { useCallback, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Fade,
  Link,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { GridColumns } from '@/components/GridColumns';
import { Uuid, type BreakHitEvent } from '@grail/contract';
import { ApiError } from '@/lib/api/client';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import { useBreak } from '../api/useBreak';
import { useBreakEvents } from '../api/useBreakEvents';
import { useBreaks } from '../api/useBreaks';
import { StatusChip } from '../components/BreakBits';
import { HitCard } from '../components/HitCard';
import { StreamEmbed } from '../components/StreamEmbed';

/** Without a break named: the breaks whose packs are being opened, or were. */
function ChooseBreak() {
  const breaks = useBreaks({});
  const list = breaks.data?.filter((b) => b.status === 'live' || b.status === 'completed') ?? [];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography gutterBottom>Choose a break to follow its hits.</Typography>
      {breaks.isPending && <Skeleton variant="rounded" height={120} />}
      {breaks.isError && <Alert severity="error">Could not load breaks.</Alert>}
      {breaks.data && list.length === 0 && (
        <Typography color="text.secondary">No break is being opened right now.</Typography>
      )}
      {list.length > 0 && (
        <List aria-label="Breaks being opened">
          {list.map((b) => (
            <ListItemButton
              key={b._id}
              component={RouterLink}
              to={paths.breakPackReveal.getHref({ break: b._id })}
            >
              <ListItemText
                primary={b.title}
                secondary={b.status === 'live' ? 'Live now' : 'Ended'}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Paper>
  );
}

/** /break-pack-reveal?break=ID: every hit of a break, live, as staff enter it pack by pack. */
export default function BreakPackRevealPage() {
  const [params] = useSearchParams();
  const breakId = Uuid.safeParse(params.get('break')).data;
  const query = useBreak(breakId);
  const [latest, setLatest] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const onHit = useCallback((e: BreakHitEvent) => {
    setLatest(e.hit._id);
    setAnnounce(`Hit ${e.hit.hitNumber}: ${e.hit.cardName}, ${e.hit.team}, to ${e.hit.holder}`);
  }, []);
  useBreakEvents(breakId, { onHit });
  const b = query.data;

  return (
    <Box component="section" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 800, fontSize: { xs: '1.6rem', md: '2.125rem' }, mb: 1 }}
      >
        Break pack reveal
      </Typography>
      <div aria-live="polite" className={ui.visuallyHidden}>
        {announce}
      </div>
      {!breakId && <ChooseBreak />}
      {breakId && query.isPending && (
        <Stack spacing={1.5} role="status" aria-label="Loading hits">
          <Skeleton variant="text" width="50%" />
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={96} />
        </Stack>
      )}
      {breakId && query.isError && (
        <Alert
          severity={
            query.error instanceof ApiError && query.error.status === 404 ? 'info' : 'error'
          }
        >
          {query.error instanceof ApiError && query.error.status === 404
            ? 'This break does not exist or is not listed.'
            : 'Could not load this break.'}
        </Alert>
      )}
      {b && (
        <Stack spacing={3}>
          <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
            <StatusChip status={b.status} />
            <Link component={RouterLink} to={paths.breakDetail.getHref(b._id)}>
              {b.title}
            </Link>
          </Stack>
          {b.status === 'live' && b.streamUrl && <StreamEmbed url={b.streamUrl} title={b.title} />}
          {(b.status === 'open' || b.status === 'filled') && (
            <Alert severity="info">
              The packs are opened once the break starts. Hits appear here the moment they are
              pulled.
            </Alert>
          )}
          {b.status === 'cancelled' && (
            <Alert severity="info">This break was cancelled: no packs were opened.</Alert>
          )}
          {b.hits.length === 0 && b.status === 'live' && (
            <Typography color="text.secondary">
              No hits yet. They appear here the moment each pack is opened.
            </Typography>
          )}
          {b.hits.length > 0 && (
            <>
              <Typography color="text.secondary">
                {b.hits.length} hit{b.hits.length === 1 ? '' : 's'} so far
                {b.hits.some((h) => h.mine)
                  ? ` · ${b.hits.filter((h) => h.mine).length} yours`
                  : ''}
              </Typography>
              <GridColumns
                gap={1.5}
                columns={{ xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }}
              >
                {[...b.hits]
                  .sort((x, y) => y.hitNumber - x.hitNumber)
                  .map((h) => (
                    <Fade in key={h._id} timeout={h._id === latest ? 600 : 0}>
                      <div>
                        <HitCard hit={h} highlight={h._id === latest} />
                      </div>
                    </Fade>
                  ))}
              </GridColumns>
            </>
          )}
          {b.hits.some((h) => h.mine) && (
            <Button
              component={RouterLink}
              to={paths.dashboard.getHref({ tab: 'breaks' })}
              variant="contained"
              sx={{ alignSelf: 'flex-start' }}
            >
              Claim or sell back your hits
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}
