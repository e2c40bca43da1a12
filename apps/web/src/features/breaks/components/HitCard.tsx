import type { ReactNode } from 'react';
import type { BreakHit } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { Badge } from '@/components/ui/Card';
import styles from './HitCard.module.css';

/** Hits side by side, as many to a row as the width allows. */
export function HitGrid({ children }: { children: ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}

/** One hit: its photo, the card, its team and who it went to. */
export function HitCard({ hit, highlight = false }: { hit: BreakHit; highlight?: boolean }) {
  return (
    <div className={styles.hit} data-highlight={highlight} data-testid="break-hit">
      <CardImage src={hit.imageUrl ?? undefined} alt={hit.cardName} sizes="72px" />
      <div className={styles.body}>
        <p className={styles.name}>{hit.cardName}</p>
        {hit.detail && <p className={styles.detail}>{hit.detail}</p>}
        <div className={styles.tags}>
          <Badge>{hit.team}</Badge>
          <Badge tone={hit.mine ? 'success' : 'neutral'} variant={hit.mine ? 'filled' : 'outlined'}>
            {hit.mine
              ? 'Yours'
              : hit.spotNumber
                ? `Spot ${hit.spotNumber} · ${hit.holder}`
                : hit.holder}
          </Badge>
          <span className={styles.number}>
            Hit #{hit.hitNumber}
            {hit.packNumber ? ` · pack ${hit.packNumber}` : ''}
          </span>
        </div>
      </div>
    </div>
  );
}
