import { useCallback, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import clsx from 'clsx';
import { Uuid, type BreakHitEvent } from '@grail/contract';
import { ApiError } from '@/lib/api/client';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import { Alert, ButtonLink, Card, Skeleton } from '@/components/ui';
import styles from './BreakPackRevealPage.module.css';
import { useBreak } from '../api/useBreak';
import { useBreakEvents } from '../api/useBreakEvents';
import { useBreaks } from '../api/useBreaks';
import { StatusChip } from '../components/BreakBits';
import { HitCard, HitGrid } from '../components/HitCard';
import { StreamEmbed } from '../components/StreamEmbed';

/** Without a break named: the breaks whose packs are being opened, or were. */
function ChooseBreak() {
  const breaks = useBreaks({});
  const list = breaks.data?.filter((b) => b.status === 'live' || b.status === 'completed') ?? [];
  return (
    <Card className={styles.choose}>
      <p className={styles.chooseText}>Choose a break to follow its hits.</p>
      {breaks.isPending && <Skeleton variant="rounded" height={120} />}
      {breaks.isError && <Alert severity="error">Could not load breaks.</Alert>}
      {breaks.data && list.length === 0 && (
        <p className={styles.muted}>No break is being opened right now.</p>
      )}
      {list.length > 0 && (
        <ul aria-label="Breaks being opened" className={styles.list}>
          {list.map((b) => (
            <li key={b._id}>
              <RouterLink
                to={paths.breakPackReveal.getHref({ break: b._id })}
                className={clsx(ui.rowAction, styles.listLink)}
              >
                <span className={styles.listTitle}>{b.title}</span>
                <span className={styles.listStatus}>
                  {b.status === 'live' ? 'Live now' : 'Ended'}
                </span>
              </RouterLink>
            </li>
          ))}
        </ul>
      )}
    </Card>
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
    <section className={styles.page}>
      <h1 className={clsx(ui.pageTitle, styles.title)}>Break pack reveal</h1>
      <div aria-live="polite" className={ui.visuallyHidden}>
        {announce}
      </div>
      {!breakId && <ChooseBreak />}
      {breakId && query.isPending && (
        <div className={styles.loading} role="status" aria-label="Loading hits">
          <Skeleton variant="text" width="50%" />
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={96} />
        </div>
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
        <div className={styles.content}>
          <div className={styles.head}>
            <StatusChip status={b.status} />
            <RouterLink to={paths.breakDetail.getHref(b._id)} className={styles.link}>
              {b.title}
            </RouterLink>
          </div>
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
            <p className={styles.muted}>
              No hits yet. They appear here the moment each pack is opened.
            </p>
          )}
          {b.hits.length > 0 && (
            <>
              <p className={styles.muted}>
                {b.hits.length} hit{b.hits.length === 1 ? '' : 's'} so far
                {b.hits.some((h) => h.mine)
                  ? ` · ${b.hits.filter((h) => h.mine).length} yours`
                  : ''}
              </p>
              <HitGrid>
                {[...b.hits]
                  .sort((x, y) => y.hitNumber - x.hitNumber)
                  .map((h) => (
                    <div key={h._id} className={clsx(h._id === latest && styles.latest)}>
                      <HitCard hit={h} highlight={h._id === latest} />
                    </div>
                  ))}
              </HitGrid>
            </>
          )}
          {b.hits.some((h) => h.mine) && (
            <ButtonLink
              to={paths.dashboard.getHref({ tab: 'breaks' })}
              variant="contained"
              className={styles.claim}
            >
              Claim or sell back your hits
            </ButtonLink>
          )}
        </div>
      )}
    </section>
  );
}
