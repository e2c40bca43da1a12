import { useRef } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { CardImage } from '@/components/CardImage';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import type { RecentPull } from '@grail/contract';
import { cardSource } from './cardSource';
import { SectionHeading } from './SectionHeading';
import styles from './RecentPullsCarousel.module.css';

/** A pull's width in px; RecentPullsCarousel.module.css gives the items the same width. */
const CARD_WIDTH = 168;

/** "Recently Pulled Grails": a horizontal, scroll-snapping row of the latest pulls. */
export function RecentPullsCarousel({ pulls }: { pulls: RecentPull[] }) {
  const track = useRef<HTMLUListElement>(null);
  const scrollBy = (direction: 1 | -1) =>
    track.current?.scrollBy({ left: direction * (CARD_WIDTH + 16) * 2, behavior: 'smooth' });

  return (
    <div>
      <SectionHeading id="recent-pulls-title">Recently Pulled Grails</SectionHeading>
      <div className={styles.row}>
        <button
          type="button"
          aria-label="Scroll recent pulls left"
          onClick={() => scrollBy(-1)}
          className={clsx(ui.roundIconButton, styles.scroll)}
        >
          <ChevronLeft aria-hidden size={24} />
        </button>
        <ul
          ref={track}
          aria-labelledby="recent-pulls-title"
          tabIndex={0}
          data-testid="recent-pulls"
          className={clsx(ui.snapRow, styles.track)}
        >
          {pulls.map((pull, index) => (
            <li key={pull._id} className={styles.pull}>
              {/* Each pull opens its public page: the card, who pulled it and its proof. */}
              <Link to={paths.pull.getHref(pull._id)} className={styles.link}>
                <CardImage
                  src={cardSource(pull)}
                  alt={pull.name || 'Mystery Card'}
                  eager={index < 4}
                  sizes={`${CARD_WIDTH}px`}
                />
                <p className={styles.name}>{pull.name || 'Mystery Card'}</p>
                {pull.grade && <p className={clsx(ui.body2, ui.secondaryText)}>{pull.grade}</p>}
              </Link>
            </li>
          ))}
        </ul>
        <button
          type="button"
          aria-label="Scroll recent pulls right"
          onClick={() => scrollBy(1)}
          className={clsx(ui.roundIconButton, styles.scroll)}
        >
          <ChevronRight aria-hidden size={24} />
        </button>
      </div>
    </div>
  );
}
