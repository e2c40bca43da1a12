import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Link,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { GridColumns } from '@/components/GridColumns';
import {
  BREAK_ASSIGNMENT_MS,
  BREAK_STEP_MS,
  type BreakAssignmentEvent,
  type BreakDetail,
  type BreakStepEvent,
} from '@grail/contract';
import { NotFoundPage } from '@/app/pages/NotFoundPage';
import { isNotFound } from '@/lib/api/notFound';
import { shuffle } from '@/lib/fairness';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import { useBreak, useBreakFairness } from '../api/useBreak';
import { useBreakEvents } from '../api/useBreakEvents';
import { Countdown, StatusChip } from '../components/BreakBits';
import { StreamEmbed } from '../components/StreamEmbed';

type Stage = 'waiting' | 'shuffling' | 'assigning' | 'done';

/** When the live reveal of a started break ends on its shared clock. */
const revealEnd = (b: BreakDetail) =>
  Date.parse(b.startedAt ?? '') +
  (b.teams.length - 1) * BREAK_STEP_MS +
  b.teams.length * BREAK_ASSIGNMENT_MS;

/** The team list as the shuffle moves it, with the two places of the last swap marked. */
function TeamOrder({ order, swap }: { order: string[]; swap: { i: number; j: number } | null }) {
  return (
    <GridColumns
      component="ol"
      aria-label="Team order"
      gap={1}
      columns={{ xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' }}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {order.map((team, index) => {
        const moved = swap !== null && (index === swap.i || index === swap.j);
        return (
          <Box
            component="li"
            key={`${index}-${team}`}
            sx={{
              p: 1,
              borderRadius: 1,
              border: 1,
              borderColor: moved ? 'primary.main' : 'divider',
              bgcolor: moved ? 'action.selected' : 'background.paper',
              transition: 'background-color 200ms, border-color 200ms',
              fontSize: '0.85rem',
              minWidth: 0,
            }}
          >
            <Typography variant="caption" color="text.secondary" component="span">
              {index + 1}.{' '}
            </Typography>
            <Typography component="span" sx={{ fontWeight: 600, fontSize: 'inherit' }}>
              {team}
            </Typography>
          </Box>
        );
      })}
    </GridColumns>
  );
}

/** /breaks/:id/reveal: the team draw shown live to everyone watching, then each spot's team. */
export default function BreakRevealPage() {
  const { id } = useParams();
  const query = useBreak(id);
  const b = query.data;
  const revealed = Boolean(b?.fairness.serverSeed);
  const fairness = useBreakFairness(id, revealed);
  const [stage, setStage] = useState<Stage>('waiting');
  const [order, setOrder] = useState<string[] | null>(null);
  const [swap, setSwap] = useState<{ i: number; j: number } | null>(null);
  const [progress, setProgress] = useState(0);
  const [assigned, setAssigned] = useState<BreakAssignmentEvent[]>([]);
  const [announce, setAnnounce] = useState('');
  const replayTimers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const onStep = useCallback((e: BreakStepEvent) => {
    setStage('shuffling');
    setOrder(e.order);
    setSwap({ i: e.i, j: e.j });
    setProgress(e.step / e.steps);
    setAssigned([]);
  }, []);
  const onAssignment = useCallback((e: BreakAssignmentEvent) => {
    setStage('assigning');
    setSwap(null);
    setAssigned((list) => (list.some((a) => a.spotNumber === e.spotNumber) ? list : [...list, e]));
    setAnnounce(`Spot ${e.spotNumber}: ${e.team}, held by ${e.holder}`);
  }, []);
  useBreakEvents(id, { onStep, onAssignment });

  // A page opened after the reveal shows the result; opened during it, it waits for the events.
  const teamsDrawn = b?.format === 'random_team' && b.startedAt !== null;
  useEffect(() => {
    if (!b || !teamsDrawn || stage !== 'waiting') return;
    const left = revealEnd(b) - Date.now();
    if (left <= 0) {
      setStage('done');
      return;
    }
    // Should the live events not arrive, the result shows when the reveal would have ended.
    const timer = setTimeout(() => setStage((now) => (now === 'waiting' ? 'done' : now)), left);
    return () => clearTimeout(timer);
  }, [b, teamsDrawn, stage]);
  useEffect(() => {
    if (stage === 'assigning' && b && assigned.length >= b.spots.length) setStage('done');
  }, [stage, assigned.length, b]);
  useEffect(() => () => replayTimers.current.forEach(clearTimeout), []);

  /** Replays the draw here from the revealed seed, at twice the live pace. */
  const replay = async () => {
    const f = fairness.data ?? (await fairness.refetch()).data;
    if (!b || !f?.serverSeed || f.publicInput === null) return;
    replayTimers.current.forEach(clearTimeout);
    const { swaps } = await shuffle(f.serverSeed, f.publicInput, f.teams);
    const current = [...f.teams];
    setOrder(current);
    setAssigned([]);
    setStage('shuffling');
    const pace = BREAK_STEP_MS / 2;
    replayTimers.current = swaps.map((s, n) =>
      setTimeout(
        () => {
          [current[s.i], current[s.j]] = [current[s.j]!, current[s.i]!];
          onStep({ breakId: b._id, ...s, steps: swaps.length, order: [...current] });
        },
        (n + 1) * pace,
      ),
    );
    b.spots.forEach((spot, n) =>
      replayTimers.current.push(
        setTimeout(
          () =>
            onAssignment({
              breakId: b._id,
              spotNumber: spot.spotNumber,
              team: current[spot.spotNumber - 1] ?? '',
              holder: spot.holder ?? 'House',
            }),
          (swaps.length + 1) * pace + n * (BREAK_ASSIGNMENT_MS / 2),
        ),
      ),
    );
  };

  if (query.isPending) {
    return (
      <Box sx={{ py: 4 }} role="status" aria-label="Loading the break">
        <Skeleton variant="text" width="50%" height={48} />
        <Skeleton variant="rounded" height={300} sx={{ mt: 2 }} />
      </Box>
    );
  }
  if (query.isError || !b) {
    if (isNotFound(query.error)) return <NotFoundPage />;
    return (
      <Box sx={{ py: 6 }}>
        <Alert severity="error">Could not load this break.</Alert>
        <Button component={RouterLink} to={paths.breaks.getHref()} sx={{ mt: 2 }}>
          All breaks
        </Button>
      </Box>
    );
  }

  const final = stage === 'done';
  const rows = final
    ? b.spots.map((s) => ({
        spotNumber: s.spotNumber,
        team: s.team ?? '',
        holder: s.mine ? 'You' : (s.holder ?? 'House'),
      }))
    : assigned;

  return (
    <Box component="section" sx={{ py: { xs: 2, sm: 4 } }}>
      <Link component={RouterLink} to={paths.breakDetail.getHref(b._id)} variant="body2">
        ← {b.title}
      </Link>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 2 }}>
        <StatusChip status={b.status} />
      </Stack>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 800, fontSize: { xs: '1.6rem', md: '2.125rem' }, my: 1 }}
      >
        Team draw
      </Typography>
      <div aria-live="polite" className={ui.visuallyHidden}>
        {announce}
      </div>

      {b.format === 'pick_team' ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          In a pick-your-team break every buyer chose their team: nothing is drawn.
        </Alert>
      ) : !teamsDrawn && stage === 'waiting' ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
          <Typography gutterBottom>
            {b.status === 'cancelled'
              ? 'This break was cancelled: no teams were drawn and every spot was refunded.'
              : 'The teams are drawn here, live, when staff start the break. Keep this page open.'}
          </Typography>
          {(b.status === 'open' || b.status === 'filled') && (
            <Countdown label="Scheduled to open in" to={b.scheduledAt} passed="Any moment now" />
          )}
        </Paper>
      ) : (
        <Stack spacing={1} sx={{ mb: 3 }}>
          <Typography>
            {stage === 'shuffling'
              ? 'Shuffling the teams…'
              : stage === 'assigning'
                ? 'Giving each spot its team…'
                : stage === 'waiting'
                  ? 'The draw is starting…'
                  : 'The teams are drawn.'}
          </Typography>
          {(stage === 'shuffling' || stage === 'assigning') && (
            <LinearProgress
              variant="determinate"
              value={stage === 'assigning' ? 100 : Math.round(progress * 100)}
              aria-label="Draw progress"
            />
          )}
          {final && revealed && (
            <Stack direction="row" spacing={1.5} useFlexGap flexWrap="wrap">
              <Button variant="outlined" onClick={() => void replay()}>
                Replay the draw
              </Button>
              <Button
                component={RouterLink}
                to={paths.breakPackReveal.getHref({ break: b._id })}
                variant="contained"
              >
                Follow the hits
              </Button>
            </Stack>
          )}
        </Stack>
      )}

      {b.format === 'random_team' && !final && (
        <Box component="section" aria-labelledby="order-title" sx={{ mb: 3 }}>
          <Typography variant="h6" component="h2" id="order-title" gutterBottom>
            {order ? 'Current order' : 'Starting order'}
          </Typography>
          <TeamOrder order={order ?? b.teams} swap={swap} />
        </Box>
      )}

      <Box component="section" aria-labelledby="assign-title">
        <Typography variant="h6" component="h2" id="assign-title" gutterBottom>
          Spots and teams
        </Typography>
        {rows.length === 0 && b.format === 'random_team' ? (
          <Typography color="text.secondary">
            Each spot&apos;s team appears here as it is drawn.
          </Typography>
        ) : (
          <GridColumns
            component="ul"
            gap={1}
            columns={{ xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' }}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
          >
            {(b.format === 'pick_team'
              ? b.spots.map((s) => ({
                  spotNumber: s.spotNumber,
                  team: s.team ?? '',
                  holder: s.mine ? 'You' : (s.holder ?? 'House'),
                }))
              : rows
            ).map((r) => (
              <Paper
                component="li"
                key={r.spotNumber}
                variant="outlined"
                data-testid="spot-assignment"
                sx={{ px: 1.5, py: 1, display: 'flex', justifyContent: 'space-between', gap: 1 }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="caption" color="text.secondary">
                    Spot {r.spotNumber} · {r.holder}
                  </Typography>
                  <Typography sx={{ fontWeight: 700 }}>{r.team}</Typography>
                </Box>
              </Paper>
            ))}
          </GridColumns>
        )}
      </Box>

      {b.streamUrl && b.status !== 'completed' && b.status !== 'cancelled' && (
        <Box component="section" aria-label="Live stream" sx={{ mt: 3 }}>
          <StreamEmbed url={b.streamUrl} title={b.title} />
        </Box>
      )}
    </Box>
  );
}
