import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import type { DropQueueResponse } from '@grail/contract';
import { Button, ButtonLink } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { useAuth } from '@/lib/auth';
import { dateFormat } from '@/lib/format';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import { useDropEvents, useDropQueue, useJoinDrop } from '../api/useDropQueue';
import { QueueCommitments } from './Commitment';
import grail from './grail.module.css';
import styles from './WaitingRoom.module.css';

const timeFormat = dateFormat({ timeStyle: 'short' });

/** "4 min 05 s", "45 s": a wait in words that change each second. */
export function waitText(ms: number) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(s / 60);
  return minutes > 0 ? `${minutes} min ${String(s % 60).padStart(2, '0')} s` : `${s} s`;
}

/** The server's clock, ticking each second (from its last answer, so the device's clock is not trusted). */
function useServerNow(room: DropQueueResponse | undefined) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    if (room) setOffset(Date.parse(room.serverTime) - Date.now());
  }, [room]);
  return now + offset;
}

function YourEntry({ room, now }: { room: DropQueueResponse; now: number }) {
  const you = room.you!;
  const from = you.admittedFrom ? Date.parse(you.admittedFrom) : null;
  const until = you.admittedUntil ? Date.parse(you.admittedUntil) : null;
  const turn =
    from === null || now < from ? 'waiting' : until !== null && now >= until ? 'ended' : 'admitted';
  return (
    <dl className={styles.entry}>
      <div>
        <dt className={clsx(grail.caption, ui.secondaryText)}>Your entry</dt>
        <dd className={clsx(ui.body2, styles.entryId)}>{you.entryId}</dd>
      </div>
      <div>
        <dt className={clsx(grail.caption, ui.secondaryText)}>Your place</dt>
        <dd className={ui.body1}>
          {you.position === null ? 'Drawn when the case opens' : `Number ${you.position}`}
        </dd>
      </div>
      <div>
        <dt className={clsx(grail.caption, ui.secondaryText)}>Estimated wait</dt>
        <dd className={ui.body1} aria-live="polite">
          {turn === 'admitted' ? (
            <span className={styles.turnNow}>
              It is your turn: buy before {timeFormat.format(new Date(until!))}
            </span>
          ) : turn === 'ended' ? (
            'Your turn has ended.'
          ) : from === null ? (
            `Up to ${waitText(Math.ceil(room.entries / room.admitBatch) * room.admitSeconds * 1000)} after the case opens`
          ) : (
            `${waitText(from - now)} (your turn at ${timeFormat.format(new Date(from))})`
          )}
        </dd>
      </div>
    </dl>
  );
}

/**
 * A drop's waiting room (docs/fairness.md): join, your entry id, place and estimated wait, the
 * committed seed hash, then the revealed seed and a link to check the order. Nothing when the
 * case has no waiting room.
 */
export function WaitingRoom({ caseId }: { caseId: string }) {
  const query = useDropQueue(caseId);
  const join = useJoinDrop(caseId);
  const { isLoggedIn } = useAuth();
  useDropEvents(caseId);
  const room = query.data;
  const now = useServerNow(room);

  if (query.isPending) {
    return (
      <div role="status" className={clsx(ui.paper, styles.room)}>
        <Spinner size={24} label="Loading the waiting room" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className={grail.alert}>
        Could not load the waiting room.
      </p>
    );
  }
  if (!room || room.state === 'off') return null;
  const windowMinutes = Math.round(room.windowSeconds / 60);
  return (
    <section aria-labelledby="waiting-room" className={clsx(ui.paper, styles.room)}>
      <h3 id="waiting-room" className={ui.h6}>
        Waiting room
      </h3>
      {room.state === 'upcoming' ? (
        <p className={ui.body1}>
          The waiting room opens at {timeFormat.format(new Date(room.opensAt!))}. Everyone who joins
          before the case opens has the same chance: a committed seed draws the order.
        </p>
      ) : (
        <>
          <p className={ui.body1}>
            {room.entries === 1 ? '1 collector has' : `${room.entries} collectors have`} joined.
            Everyone who joins before the case opens has the same chance: at{' '}
            {timeFormat.format(new Date(room.activationTime!))} the seed below draws the order.
            Collectors are let in {room.admitBatch} at a time every {room.admitSeconds} seconds,
            each with {windowMinutes} minutes to buy.
          </p>
          {room.you ? (
            <YourEntry room={room} now={now} />
          ) : isLoggedIn ? (
            <div className={styles.actions}>
              <Button
                variant="contained"
                loading={join.isPending}
                onClick={() => join.mutate()}
                className={grail.button}
              >
                Join the waiting room
              </Button>
            </div>
          ) : (
            <div className={styles.actions}>
              <ButtonLink
                variant="contained"
                to={paths.login.getHref({ redirectTo: paths.grailMachine.getHref() })}
              >
                Sign in to join
              </ButtonLink>
            </div>
          )}
          {room.you?.turn === 'ended' && (
            <div className={styles.actions}>
              <Button variant="outlined" loading={join.isPending} onClick={() => join.mutate()}>
                Join again at the back
              </Button>
            </div>
          )}
          {join.isError && (
            <p role="alert" className={clsx(ui.body2, styles.error)}>
              {join.error.message}
            </p>
          )}
          <QueueCommitments seedHash={room.seedHash} seed={room.seed} />
          {room.seed && (
            <Link to={paths.fairness.getHref({ case: caseId })} className={ui.textLink}>
              Check the order in your browser
            </Link>
          )}
        </>
      )}
    </section>
  );
}
