import clsx from 'clsx';
import { useState } from 'react';
import { ExternalLink } from 'lucide-react';
import { HOLDING_STATE_LABELS, type Holding, type HoldingState } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { CompsDialog } from '@/components/market/CompsDialog';
import { Badge, Button, Checkbox } from '@/components/ui';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import ui from '@/lib/styles/ui.module.css';
import { Gain } from './Gain';
import styles from './HoldingCard.module.css';

const STATE_TONES: Record<HoldingState, 'neutral' | 'info' | 'primary' | 'success' | 'warning'> = {
  in_vault: 'success',
  ship_requested: 'info',
  shipped: 'primary',
  sold_back: 'neutral',
  listed: 'warning',
  in_trade: 'warning',
  sold: 'neutral',
};

const date = (iso: string) => dateTimeFormat.format(new Date(iso));

/**
 * One card or break hit in the vault: picture, grade and cert, its value now (with when and where
 * from), what was paid and the difference, its state, and the sell-back offer while it is open.
 */
export function HoldingCard({
  holding,
  selected,
  onSelect,
  onSellBack,
  onList,
}: {
  holding: Holding;
  selected: boolean;
  /** Absent when the card cannot be shipped (it is not in the vault). */
  onSelect?: (selected: boolean) => void;
  /** Absent when no sell-back is offered from here. */
  onSellBack?: () => void;
  /** Absent when the card cannot be listed on the marketplace (not in the vault, or a break hit). */
  onList?: () => void;
}) {
  const { card, sellBack } = holding;
  // A break hit has no market FMV: it is valued at the buyback price staff set, else its spot's.
  const hit = holding.source === 'break';
  // A name that ends with the grade ('… #16 SGC 10') is not followed by it again.
  const grade = card.name.includes(card.grade) ? null : card.grade;
  const [showComps, setShowComps] = useState(false);
  return (
    <li className={clsx(ui.paper, styles.card)} data-testid="holding">
      <div className={styles.pick}>
        {onSelect && (
          <Checkbox
            label={<span className={ui.visuallyHidden}>Select {card.name}</span>}
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
          />
        )}
      </div>
      <div className={styles.image}>
        <CardImage src={card.imageUrl} alt={card.name} sizes="88px" />
      </div>
      <div className={styles.info}>
        <div className={styles.top}>
          <Badge tone={STATE_TONES[holding.state]} variant="filled">
            {HOLDING_STATE_LABELS[holding.state]}
          </Badge>
          <span className={styles.caption}>{holding.sourceLabel}</span>
        </div>
        <h3 className={styles.name}>{card.name}</h3>
        <p className={styles.meta}>
          {[grade, `${card.sport} ${card.year}`].filter(Boolean).join(' · ')}
          {card.certUrl && card.certNumber && (
            <>
              {' · '}
              <a
                href={card.certUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={clsx(ui.textLink, styles.cert)}
                aria-label={`Verify cert ${card.certNumber} (opens in a new tab)`}
              >
                Cert {card.certNumber}
                <ExternalLink aria-hidden size={14} />
              </a>
            </>
          )}
        </p>
        <dl className={styles.money}>
          <div>
            <dt>{hit ? 'Value' : 'FMV'}</dt>
            <dd data-testid="holding-fmv">{formatUsd(holding.fmv)}</dd>
          </div>
          <div>
            <dt>Paid</dt>
            <dd data-testid="holding-cost">{formatUsd(holding.cost)}</dd>
          </div>
          <div>
            <dt>Gain/loss</dt>
            <dd>
              <Gain value={holding.gain} />
            </dd>
          </div>
        </dl>
        <p className={styles.source}>
          {hit
            ? `Valued at its ${holding.fmvSource.toLowerCase()}`
            : `FMV from ${holding.fmvSource}, ${date(holding.fmvUpdatedAt)}`}
        </p>
        {sellBack && (
          <p className={styles.sellBack} data-testid="holding-sell-back">
            Sell back for {formatUsd(sellBack.amount)} ({sellBack.percent}% of FMV) until{' '}
            {date(sellBack.until)}
          </p>
        )}
      </div>
      {(!hit || (sellBack && onSellBack) || onList) && (
        <div className={clsx(ui.buttonRow, styles.actions)}>
          {!hit && (
            <Button size="small" variant="text" onClick={() => setShowComps(true)}>
              Price history
            </Button>
          )}
          {onList && (
            <Button size="small" variant="outlined" onClick={onList}>
              List for sale
            </Button>
          )}
          {sellBack && onSellBack && (
            <Button size="small" variant="outlined" onClick={onSellBack}>
              Sell back for {formatUsd(sellBack.amount)}
            </Button>
          )}
        </div>
      )}
      {!hit && <CompsDialog card={showComps ? card : null} onClose={() => setShowComps(false)} />}
    </li>
  );
}
