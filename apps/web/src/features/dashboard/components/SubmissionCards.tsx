import clsx from 'clsx';
import type { SubmissionCard } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { CertLink } from '@/components/submissions/CertLink';
import { formatUsd } from '@/lib/format';
import styles from './SubmissionCards.module.css';
import ui from '@/lib/styles/ui.module.css';

/** Each slab of a submission: both photos, the cert link, the description, asking and offers. */
export function SubmissionCards({ cards }: { cards: SubmissionCard[] }) {
  return (
    <ul className={ui.stackList} aria-label="Cards">
      {cards.map((c) => (
        <li key={c._id} className={clsx(ui.paper, styles.card)} data-testid="submission-card">
          <div className={styles.photos}>
            <CardImage src={c.frontImageUrl} alt={`Front of ${c.player}`} sizes="90px" />
            <CardImage src={c.backImageUrl} alt={`Back of ${c.player}`} sizes="90px" />
          </div>
          <div className={styles.about}>
            <p className={styles.title}>
              {c.year} {c.setName} {c.player} #{c.cardNumber}
            </p>
            <p className={clsx(styles.muted, styles.grade)}>Grade {c.grade}</p>
            <CertLink grader={c.grader} certNumber={c.certNumber} href={c.certUrl} />
            {c.askingPrice !== null && (
              <p className={clsx(styles.muted, styles.asked)}>
                You asked {formatUsd(c.askingPrice)}
              </p>
            )}
          </div>
          <div className={styles.offers}>
            {c.offer === null ? (
              <p className={styles.muted}>Offer pending</p>
            ) : (
              <>
                <p className={styles.caption}>Our offer</p>
                <p
                  className={clsx(styles.amount, c.adjustedOffer !== null && styles.replaced)}
                  data-testid="card-offer"
                >
                  {formatUsd(c.offer)}
                </p>
                {c.offerNote && <p className={styles.muted}>{c.offerNote}</p>}
                {c.adjustedOffer !== null && (
                  <>
                    <p className={clsx(styles.caption, styles.adjusted)}>Adjusted offer</p>
                    <p className={styles.amount}>{formatUsd(c.adjustedOffer)}</p>
                    {c.adjustedNote && <p className={styles.muted}>{c.adjustedNote}</p>}
                  </>
                )}
              </>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
