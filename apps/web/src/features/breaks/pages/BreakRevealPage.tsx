import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import clsx from 'clsx';
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
import { Alert, ButtonLink, Button, Card, Skeleton } from '@/components/ui';
import styles from './BreakRevealPage.module.css';
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
    <ol aria-label="Team order" className={styles.order}>
      {order.map((team, index) => {
        const moved = swap !== null && (index === swap.i || index === swap.j);
        return (
          <li key={`${index}-${team}`} className={clsx(styles.team, moved && styles.moved)}>
            <span className={styles.place}>{index + 1}. </span>
            <span className={styles.teamName}>{team}</span>
          </li>
        );
      })}
    </ol>
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
      <div className={styles.loading} role="status" aria-label="Loading the break">
        <Skeleton variant="text" width="50%" height={48} />
        <Skeleton variant="rounded" height={300} className={styles.loadingBox} />
      </div>
    );
  }
  if (query.isError || !b) {
    if (isNotFound(query.error)) return <NotFoundPage />;
    return (
      <div className={styles.failed}>
        <Alert severity="error">Could not load this break.</Alert>
        <ButtonLink to={paths.breaks.getHref()} className={styles.back}>
          All breaks
        </ButtonLink>
      </div>
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
    <section className={styles.page}>
      <RouterLink to={paths.breakDetail.getHref(b._id)} className={styles.crumb}>
        ← {b.title}
      </RouterLink>
      <div className={styles.status}>
        <StatusChip status={b.status} />
      </div>
      <h1 className={clsx(ui.pageTitle, styles.title)}>Team draw</h1>
      <div aria-live="polite" className={ui.visuallyHidden}>
        {announce}
      </div>

      {b.format === 'pick_team' ? (
        <Alert severity="info" className={styles.block}>
          In a pick-your-team break every buyer chose their team: nothing is drawn.
        </Alert>
      ) : !teamsDrawn && stage === 'waiting' ? (
        <Card className={clsx(styles.block, styles.waiting)}>
          <p className={styles.waitingText}>
            {b.status === 'cancelled'
              ? 'This break was cancelled: no teams were drawn and every spot was refunded.'
              : 'The teams are drawn here, live, when staff start the break. Keep this page open.'}
          </p>
          {(b.status === 'open' || b.status === 'filled') && (
            <Countdown label="Scheduled to open in" to={b.scheduledAt} passed="Any moment now" />
          )}
        </Card>
      ) : (
        <div className={clsx(styles.block, styles.stage)}>
          <p className={styles.stageText}>
            {stage === 'shuffling'
              ? 'Shuffling the teams…'
              : stage === 'assigning'
                ? 'Giving each spot its team…'
                : stage === 'waiting'
                  ? 'The draw is starting…'
                  : 'The teams are drawn.'}
          </p>
          {(stage === 'shuffling' || stage === 'assigning') && (
            <progress
              className={styles.progress}
              max={100}
              value={stage === 'assigning' ? 100 : Math.round(progress * 100)}
              aria-label="Draw progress"
            />
          )}
          {final && revealed && (
            <div className={styles.replay}>
              <Button variant="outlined" onClick={() => void replay()}>
                Replay the draw
              </Button>
              <ButtonLink to={paths.breakPackReveal.getHref({ break: b._id })} variant="contained">
                Follow the hits
              </ButtonLink>
            </div>
          )}
        </div>
      )}

      {b.format === 'random_team' && !final && (
        <section aria-labelledby="order-title" className={styles.block}>
          <h2 id="order-title" className={styles.heading}>
            {order ? 'Current order' : 'Starting order'}
          </h2>
          <TeamOrder order={order ?? b.teams} swap={swap} />
        </section>
      )}

      <section aria-labelledby="assign-title">
        <h2 id="assign-title" className={styles.heading}>
          Spots and teams
        </h2>
        {rows.length === 0 && b.format === 'random_team' ? (
          <p className={styles.muted}>Each spot&apos;s team appears here as it is drawn.</p>
        ) : (
          <ul className={styles.spots}>
            {(b.format === 'pick_team'
              ? b.spots.map((s) => ({
                  spotNumber: s.spotNumber,
                  team: s.team ?? '',
                  holder: s.mine ? 'You' : (s.holder ?? 'House'),
                }))
              : rows
            ).map((r) => (
              <li key={r.spotNumber} data-testid="spot-assignment" className={styles.spot}>
                <div className={styles.spotText}>
                  <span className={styles.spotHolder}>
                    Spot {r.spotNumber} · {r.holder}
                  </span>
                  <p className={styles.spotTeam}>{r.team}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      {b.streamUrl && b.status !== 'completed' && b.status !== 'cancelled' && (
        <section aria-label="Live stream" className={styles.stream}>
          <StreamEmbed url={b.streamUrl} title={b.title} />
        </section>
      )}
    </section>
  );
}
