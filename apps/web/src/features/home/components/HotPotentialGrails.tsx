import { useEffect, useState } from 'react';
import clsx from 'clsx';
import { SHOWCASE_INTERVAL_MS, SHOWCASE_SIZE } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { formatUsd } from '@/lib/format';
import ui from '@/lib/styles/ui.module.css';
import { useCarouselCards } from '../api/useCarouselCards';
import { cardSource } from './cardSource';
import { SectionHeading } from './SectionHeading';
import styles from './HotPotentialGrails.module.css';
import skeleton from '@/components/ui/Skeleton.module.css';

/**
 * "Hot Potential Grails!": 3 cards at a time from the carousel cards, the next 3 every 5000 ms,
 * wrapping around. Hovering or focusing it holds the current 3 so they can be read.
 */
export function HotPotentialGrails() {
  const cards = useCarouselCards();
  const list = cards.data ?? [];
  const [offset, setOffset] = useState(0);
  const [held, setHeld] = useState(false);
  const rotates = list.length > SHOWCASE_SIZE;

  useEffect(() => {
    if (!rotates || held) return;
    const timer = setInterval(
      () => setOffset((current) => (current + SHOWCASE_SIZE) % list.length),
      SHOWCASE_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, [rotates, held, list.length]);

  const shown = Array.from(
    { length: Math.min(SHOWCASE_SIZE, list.length) },
    (_, i) => list[(offset + i) % list.length]!,
  );

  return (
    <div
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <SectionHeading id="hot-grails-title">Hot Potential Grails!</SectionHeading>
      <p className={clsx(ui.body1, ui.secondaryText, styles.taste)}>
        A taste of what could be waiting in the Grail Machine!
      </p>
      <ul aria-labelledby="hot-grails-title" data-testid="hot-grails" className={styles.cards}>
        {cards.isPending
          ? Array.from({ length: SHOWCASE_SIZE }, (_, i) => (
              <li key={i}>
                <span
                  className={clsx(skeleton.skeleton, skeleton.rounded, styles.pictureSkeleton)}
                />
                <span className={clsx(skeleton.skeleton, skeleton.text, styles.nameSkeleton)} />
                <span className={clsx(skeleton.skeleton, skeleton.text, styles.gradeSkeleton)} />
                <span className={clsx(skeleton.skeleton, skeleton.text, styles.fmvSkeleton)} />
              </li>
            ))
          : shown.map((card, i) => (
              <li key={`${card._id}-${i}`} className={styles.card}>
                <CardImage
                  src={cardSource(card)}
                  alt={card.name}
                  eager
                  sizes="(max-width: 600px) 30vw, 224px"
                />
                <p className={clsx(ui.clamp2, styles.name)}>{card.name}</p>
                <p className={clsx(ui.body2, ui.secondaryText, styles.fmv)}>
                  FMV {formatUsd(card.fmv)}
                </p>
              </li>
            ))}
      </ul>
    </div>
  );
}
