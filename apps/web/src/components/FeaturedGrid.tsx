import { useEffect, useState, type CSSProperties } from 'react';
import {
  FEATURED_COLUMNS_DEFAULT,
  FEATURED_COLUMNS_MAX,
  FEATURED_COLUMNS_MIN,
  FEATURED_FADE_MS,
  FEATURED_INTERVAL_MS,
} from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { formatUsd } from '@/lib/format';
import styles from './FeaturedGrid.module.css';

export interface FeaturedCard {
  _id: string;
  name: string;
  images?: string[] | null;
  imageUrl?: string | null;
  fmv: number;
}

export interface FeaturedGridProps {
  cards: FeaturedCard[];
  /** 1 to 5 columns on wide screens. */
  columns?: number;
  /** How many cards one batch shows. */
  shown?: number;
  intervalMs?: number;
  fadeMs?: number;
}

/** The cards of the batch starting at `start`, wrapping around the end of the list. */
export function featuredBatch<T>(cards: T[], start: number, shown: number): T[] {
  const count = Math.min(shown, cards.length);
  return Array.from({ length: count }, (_, i) => cards[(start + i) % cards.length] as T);
}

/**
 * The featured-card display: a batch of cards; every `intervalMs` the batch's pictures fade out
 * and `fadeMs` later the next batch fades in, cycling and wrapping. Names and FMVs change in
 * place, never faded: text read mid-fade keeps its full contrast. Nothing when the list is empty.
 */
export function FeaturedGrid({
  cards,
  columns = FEATURED_COLUMNS_DEFAULT,
  shown = FEATURED_COLUMNS_DEFAULT,
  intervalMs = FEATURED_INTERVAL_MS,
  fadeMs = FEATURED_FADE_MS,
}: FeaturedGridProps) {
  const [start, setStart] = useState(0);
  const [visible, setVisible] = useState(true);
  const cycles = cards.length > shown;

  useEffect(() => {
    if (!cycles) return;
    let fadeTimer: ReturnType<typeof setTimeout> | undefined;
    const interval = setInterval(() => {
      setVisible(false);
      fadeTimer = setTimeout(() => {
        setStart((current) => (current + shown) % cards.length);
        setVisible(true);
      }, fadeMs);
    }, intervalMs);
    return () => {
      clearInterval(interval);
      clearTimeout(fadeTimer);
    };
  }, [cycles, cards.length, shown, intervalMs, fadeMs]);

  if (cards.length === 0) return null;
  const cols = Math.min(FEATURED_COLUMNS_MAX, Math.max(FEATURED_COLUMNS_MIN, Math.round(columns)));
  const batch = featuredBatch(cards, cycles ? start % cards.length : 0, shown);

  return (
    <ul
      data-testid="featured-grid"
      data-fading={visible ? undefined : 'true'}
      aria-live="polite"
      className={styles.grid}
      style={
        {
          '--columns-phone': Math.min(cols, 2),
          '--columns-tablet': Math.min(cols, 3),
          '--columns': cols,
          '--fade-ms': `${fadeMs}ms`,
        } as CSSProperties
      }
    >
      {batch.map((card, i) => (
        <li key={`${card._id}-${i}`} data-testid="featured-card" className={styles.card}>
          <div className={styles.picture}>
            <CardImage
              src={card.images?.[0] || card.imageUrl || undefined}
              alt={card.name}
              sizes={`(max-width: 600px) 50vw, ${Math.round(1100 / cols)}px`}
            />
          </div>
          <p title={card.name} className={styles.name}>
            {card.name}
          </p>
          <p className={styles.fmv}>FMV {formatUsd(card.fmv)}</p>
        </li>
      ))}
    </ul>
  );
}
