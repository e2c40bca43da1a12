import clsx from 'clsx';
import { Link } from 'react-router';
import { BREAK_FORMAT_LABELS, type BreakSummary } from '@grail/contract';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import { Countdown, ProductImage, SpotsProgress, StatusChip, Tag } from './BreakBits';
import styles from './BreakCard.module.css';

const price = (b: BreakSummary) =>
  b.spotPrice === b.maxSpotPrice
    ? `${formatUsd(b.spotPrice)} a spot`
    : `${formatUsd(b.spotPrice)} – ${formatUsd(b.maxSpotPrice)} a spot`;

/**
 * A break in the list: product, format, price, progress and its next moment. `eager` loads the
 * picture at once, for the first card on the screen.
 */
export function BreakCard({ b, eager = false }: { b: BreakSummary; eager?: boolean }) {
  return (
    <div className={clsx(ui.paper, styles.card)} data-testid="break-card">
      <Link to={paths.breakDetail.getHref(b._id)} className={styles.link}>
        <ProductImage b={b} eager={eager} />
        <div className={styles.content}>
          <div className={styles.chips}>
            <StatusChip status={b.status} />
            <Tag>{BREAK_FORMAT_LABELS[b.format]}</Tag>
            <Tag>{b.sport}</Tag>
          </div>
          <h3 className={styles.title}>{b.title}</h3>
          <p className={clsx(ui.body2, ui.secondaryText, styles.price)}>
            {b.boxes} box{b.boxes === 1 ? '' : 'es'} · {price(b)}
          </p>
          {(b.status === 'open' || b.status === 'filled') && <SpotsProgress b={b} />}
          <div className={styles.moment}>
            {b.status === 'open' && (
              <Countdown label="Sales close in" to={b.salesDeadline} passed="Sales closed" />
            )}
            {b.status === 'filled' && (
              <Countdown label="Opens in" to={b.scheduledAt} passed="Opening any moment" />
            )}
            {b.status === 'live' && <p className={clsx(ui.body2, styles.now)}>Opening now</p>}
            {(b.status === 'completed' || b.status === 'cancelled') && (
              <p className={clsx(ui.body2, ui.secondaryText)}>
                {b.status === 'completed' ? 'Opened' : 'Was set for'}{' '}
                {dateTimeFormat.format(new Date(b.endedAt ?? b.scheduledAt))}
              </p>
            )}
          </div>
        </div>
      </Link>
    </div>
  );
}
