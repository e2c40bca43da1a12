import { useEffect, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import type { BreakStatus, BreakSummary } from '@grail/contract';
import { imageSources, resolveImageUrl } from '@/lib/images';
import ui from '@/lib/styles/ui.module.css';
import styles from './BreakBits.module.css';
import { ProgressBar } from '@/components/ProgressBar';

/*
 * The pieces every breaks page shows, as plain elements styled at build time (the list loads no
 * MUI); they draw what MUI's chip, progress bar and typography drew, so the pages styled at run
 * time look the same around them.
 */

/** How each status reads to collectors, and the colour of its chip. */
export const STATUS_LABELS: Record<
  BreakStatus,
  { label: string; color: 'default' | 'info' | 'success' | 'error' | 'primary' }
> = {
  draft: { label: 'Draft', color: 'default' },
  open: { label: 'Filling', color: 'info' },
  filled: { label: 'Upcoming', color: 'primary' },
  live: { label: 'Live', color: 'error' },
  completed: { label: 'Completed', color: 'success' },
  cancelled: { label: 'Cancelled', color: 'default' },
};

export function StatusChip({ status }: { status: BreakStatus }) {
  const s = STATUS_LABELS[status];
  return <span className={clsx(styles.chip, styles[s.color])}>{s.label}</span>;
}

/** A small outlined label (a break's format or sport). */
export function Tag({ children }: { children: ReactNode }) {
  return <span className={clsx(styles.chip, styles.outlined)}>{children}</span>;
}

/** The current time, ticking every `everyMs`. */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

/** Time left in words: "2d 04h 13m", "13m 09s", or null once it has passed. */
export function timeLeft(toIso: string, now: number): string | null {
  const ms = Date.parse(toIso) - now;
  if (ms <= 0) return null;
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (d > 0) return `${d}d ${pad(h)}h ${pad(m)}m`;
  if (h > 0) return `${h}h ${pad(m)}m ${pad(s % 60)}s`;
  return `${m}m ${pad(s % 60)}s`;
}

/** A live countdown with its label; `passed` is shown once the time has come. */
export function Countdown({ label, to, passed }: { label: string; to: string; passed: string }) {
  const now = useNow();
  const left = timeLeft(to, now);
  return (
    <div>
      <div className={clsx(styles.caption, ui.secondaryText)}>{label}</div>
      <p
        className={clsx(ui.body1, styles.timer)}
        role="timer"
        aria-label={`${label}: ${left ?? passed}`}
      >
        {left ?? passed}
      </p>
    </div>
  );
}

/** Spots sold against the total, with the minimum to run when it is lower. */
export function SpotsProgress({ b }: { b: BreakSummary }) {
  const percent = b.totalSpots ? (b.spotsSold / b.totalSpots) * 100 : 0;
  return (
    <div>
      <ProgressBar
        percent={percent}
        label={`${b.spotsSold} of ${b.totalSpots} spots sold`}
        className={styles.track}
        barClassName={styles.bar}
      />
      <p className={clsx(ui.body2, ui.secondaryText, styles.sold)}>
        {b.spotsSold} of {b.totalSpots} spots sold
        {b.minSpots < b.totalSpots ? ` · runs with ${b.minSpots}` : ''}
      </p>
    </div>
  );
}

/**
 * The product's picture, or a slim panel naming the sport and format when there is none.
 * `eager` is for a picture on the first screen: it loads at once, first among the images.
 */
export function ProductImage({ b, eager = false }: { b: BreakSummary; eager?: boolean }) {
  const url = resolveImageUrl(b.imageUrl);
  const [failed, setFailed] = useState(false);
  if (!url || failed) {
    return (
      <div aria-hidden className={styles.panel}>
        <span className={styles.panelSport}>{b.sport}</span>
        <span className={clsx(ui.body2, ui.secondaryText)}>
          {b.boxes} box{b.boxes === 1 ? '' : 'es'} · {b.totalSpots} spots
        </span>
      </div>
    );
  }
  return (
    <div className={styles.picture}>
      <img
        {...imageSources(url, 'md')}
        sizes="(max-width: 600px) 100vw, 360px"
        alt={b.title}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        onError={() => setFailed(true)}
      />
    </div>
  );
}
