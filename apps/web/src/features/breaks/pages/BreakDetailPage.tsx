import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import clsx from 'clsx';
import {
  BREAK_FORMAT_LABELS,
  BREAK_MAX_SPOTS_PER_PURCHASE,
  UNOWNED_HIT_RULE_TEXT,
  type BreakDetail,
} from '@grail/contract';
import { NotFoundPage } from '@/app/pages/NotFoundPage';
import { isNotFound } from '@/lib/api/notFound';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useBreak } from '../api/useBreak';
import { useBreakEvents } from '../api/useBreakEvents';
import { Countdown, ProductImage, SpotsProgress, StatusChip, Tag } from '../components/BreakBits';
import { BuySpotsDialog } from '../components/BuySpotsDialog';
import { FairnessPanel } from '../components/FairnessPanel';
import { HitCard, HitGrid } from '../components/HitCard';
import { SpotsTable } from '../components/SpotsTable';
import { StreamEmbed } from '../components/StreamEmbed';
import { Alert, Button, ButtonLink, Select, Skeleton } from '@/components/ui';
import styles from './BreakDetailPage.module.css';
import ui from '@/lib/styles/ui.module.css';
import { LoadFailed } from '@/components/ui/LoadFailed';

const when = (iso: string) => dateTimeFormat.format(new Date(iso));

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <div className={styles.factLabel}>{label}</div>
      <div className={styles.factValue}>{value}</div>
    </div>
  );
}

/** Buying: how many spots (random team) or which teams (pick your team), then the dialog. */
function BuyBox({
  b,
  selected,
  onBought,
}: {
  b: BreakDetail;
  selected: number[];
  onBought: (what: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const left = b.totalSpots - b.spotsSold;
  const [quantity, setQuantity] = useState(1);
  const pick = b.format === 'pick_team';
  const max = Math.min(left, BREAK_MAX_SPOTS_PER_PURCHASE);
  const chosenTotal = b.spots
    .filter((s) => selected.includes(s.spotNumber))
    .reduce((sum, s) => sum + Math.round(s.price * 100), 0);
  return (
    <div className={styles.buy}>
      {pick ? (
        <p className={styles.muted}>
          {selected.length === 0
            ? 'Tick the teams you want in the list of spots.'
            : `${selected.length} team${selected.length === 1 ? '' : 's'} chosen.`}
        </p>
      ) : (
        <div className={styles.quantity}>
          <Select
            label="Spots"
            value={String(Math.min(quantity, max))}
            onValueChange={(n) => setQuantity(Number(n))}
            options={Array.from({ length: max }, (_, i) => ({
              value: String(i + 1),
              label: String(i + 1),
            }))}
          />
        </div>
      )}
      <Button
        variant="contained"
        size="large"
        disabled={pick ? selected.length === 0 : max < 1}
        onClick={() => setOpen(true)}
      >
        {pick
          ? selected.length
            ? `Buy ${selected.length} team${selected.length === 1 ? '' : 's'} · ${formatUsd(chosenTotal / 100)}`
            : 'Buy teams'
          : `Buy ${Math.min(quantity, max)} spot${quantity === 1 ? '' : 's'} · ${formatUsd(
              Math.round(Math.min(quantity, max) * b.spotPrice * 100) / 100,
            )}`}
      </Button>
      <BuySpotsDialog
        b={b}
        quantity={Math.min(quantity, max)}
        spotNumbers={selected}
        open={open}
        onClose={() => setOpen(false)}
        onBought={() => {
          setOpen(false);
          onBought(
            pick
              ? b.spots
                  .filter((s) => selected.includes(s.spotNumber))
                  .map((s) => s.team)
                  .join(', ')
              : `${Math.min(quantity, max)} spot${quantity === 1 ? '' : 's'}`,
          );
        }}
      />
    </div>
  );
}

/** /breaks/:id: the product, the spots and their holders, buying, the hits and the fairness data. */
export default function BreakDetailPage() {
  const { id } = useParams();
  const query = useBreak(id);
  useBreakEvents(id);
  const [selected, setSelected] = useState<number[]>([]);
  const [bought, setBought] = useState<string | null>(null);
  const b = query.data;

  if (query.isPending) {
    return (
      <div className={styles.page} role="status" aria-label="Loading the break">
        <Skeleton variant="text" width="60%" height={48} />
        <Skeleton variant="rounded" height={260} className={styles.loadingImage} />
        <Skeleton variant="rounded" height={320} />
      </div>
    );
  }
  if (query.isError || !b) {
    if (isNotFound(query.error)) return <NotFoundPage />;
    return (
      <div className={styles.failed}>
        <LoadFailed onRetry={query.refetch}>Could not load this break.</LoadFailed>
        <ButtonLink to={paths.breaks.getHref()} className={styles.back}>
          All breaks
        </ButtonLink>
      </div>
    );
  }

  const onSale = b.status === 'open';
  const toggle = (n: number) =>
    setSelected((s) => (s.includes(n) ? s.filter((x) => x !== n) : [...s, n]));
  const hits = [...b.hits].sort((x, y) => y.hitNumber - x.hitNumber);
  const price =
    b.spotPrice === b.maxSpotPrice
      ? formatUsd(b.spotPrice)
      : `${formatUsd(b.spotPrice)} – ${formatUsd(b.maxSpotPrice)}`;

  return (
    <article className={styles.page}>
      <RouterLink to={paths.breaks.getHref()} className={styles.crumb}>
        ← All breaks
      </RouterLink>
      <div className={clsx(styles.top, b.imageUrl && styles.withImage)}>
        <ProductImage b={b} eager />
        <div className={styles.main}>
          <div className={styles.tags}>
            <StatusChip status={b.status} />
            <Tag>{BREAK_FORMAT_LABELS[b.format]}</Tag>
            <Tag>{b.sport}</Tag>
          </div>
          <h1 className={ui.pageTitle}>{b.title}</h1>
          {b.description && <p className={styles.description}>{b.description}</p>}
          <div className={styles.facts}>
            <Fact label={b.format === 'pick_team' ? 'Team price' : 'Spot price'} value={price} />
            <Fact
              label="Product"
              value={`${b.boxes} box${b.boxes === 1 ? '' : 'es'} × ${b.packsPerBox} packs`}
            />
            <Fact label="Sales close" value={when(b.salesDeadline)} />
            <Fact label="Opening" value={when(b.scheduledAt)} />
          </div>
          {(b.status === 'open' || b.status === 'filled') && <SpotsProgress b={b} />}
          <div className={styles.countdowns}>
            {onSale && (
              <Countdown label="Sales close in" to={b.salesDeadline} passed="Sales closed" />
            )}
            {(b.status === 'open' || b.status === 'filled') && (
              <Countdown label="Opens in" to={b.scheduledAt} passed="Opening any moment" />
            )}
          </div>
          {onSale && (
            <BuyBox
              b={b}
              selected={selected}
              onBought={(what) => {
                setSelected([]);
                setBought(what);
              }}
            />
          )}
          {bought && (
            <Alert
              severity="success"
              action={
                <Button size="small" aria-label="Close" onClick={() => setBought(null)}>
                  <span aria-hidden>✕</span>
                </Button>
              }
            >
              You bought {bought}.{' '}
              {b.format === 'random_team' ? 'Your teams are drawn live when the break runs. ' : ''}
              Find your spots in{' '}
              <RouterLink to={paths.dashboard.getHref({ tab: 'breaks' })} className={styles.link}>
                your dashboard
              </RouterLink>
              .
            </Alert>
          )}
          {b.status === 'filled' && (
            <Alert severity="info">
              Every spot needed is sold. The teams are drawn live when the break starts.
            </Alert>
          )}
          {b.status === 'cancelled' && (
            <Alert severity="info">
              This break was cancelled: every spot was refunded to its buyer&apos;s wallet.
            </Alert>
          )}
          {b.status === 'completed' && (
            <Alert severity="success">
              This break has ended. Holders claim their hits from{' '}
              <RouterLink to={paths.dashboard.getHref({ tab: 'breaks' })} className={styles.link}>
                the dashboard
              </RouterLink>
              .
            </Alert>
          )}
          {(b.status === 'live' || b.status === 'completed' || b.status === 'filled') && (
            <div className={styles.watch}>
              <ButtonLink
                variant={b.status === 'live' ? 'contained' : 'outlined'}
                to={paths.breakReveal.getHref(b._id)}
              >
                {b.status === 'filled' ? 'Watch the team draw' : 'See the team draw'}
              </ButtonLink>
              {b.status !== 'filled' && (
                <ButtonLink variant="outlined" to={paths.breakPackReveal.getHref({ break: b._id })}>
                  Follow the hits live
                </ButtonLink>
              )}
            </div>
          )}
        </div>
      </div>

      {b.streamUrl && b.status !== 'completed' && b.status !== 'cancelled' && (
        <section className={styles.section} aria-label="Live stream">
          <StreamEmbed url={b.streamUrl} title={b.title} />
        </section>
      )}

      <section className={styles.section} aria-labelledby="spots-title">
        <h2 id="spots-title" className={styles.heading}>
          Spots
        </h2>
        {b.format === 'random_team' && !b.startedAt && (
          <div className={styles.teams}>
            <p className={styles.teamsLead}>
              The {b.teams.length} teams, each drawn onto one spot live when the break runs:
            </p>
            <div className={styles.teamTags} aria-label="Teams">
              {b.teams.map((t) => (
                <Tag key={t}>{t}</Tag>
              ))}
            </div>
          </div>
        )}
        <SpotsTable
          b={b}
          selectable={onSale && b.format === 'pick_team'}
          selected={selected}
          onToggle={toggle}
        />
        <p className={styles.rule}>
          {UNOWNED_HIT_RULE_TEXT[b.unownedHitRule]} A team whose spot did not sell stays with the
          breaker.
        </p>
      </section>

      {hits.length > 0 && (
        <section className={styles.section} aria-labelledby="hits-title">
          <h2 id="hits-title" className={styles.heading}>
            Hits
          </h2>
          <HitGrid>
            {hits.map((h) => (
              <HitCard key={h._id} hit={h} />
            ))}
          </HitGrid>
        </section>
      )}

      <div className={styles.section}>
        <FairnessPanel b={b} />
      </div>
    </article>
  );
}
