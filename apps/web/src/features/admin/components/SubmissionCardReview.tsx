import { useState } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import type { AdminSubmission, AdminSubmissionCard } from '@grail/contract';
import { Button } from '@/components/ui';
import { CardImage } from '@/components/CardImage';
import { CertLink } from '@/components/submissions/CertLink';
import { formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import { InventoryDialog } from './SubmissionDialogs';
import styles from './SubmissionCardReview.module.css';

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/** What the collector typed beside what PSA says (for a PSA cert in the cache), differences marked. */
function TypedVsPsa({ card }: { card: AdminSubmissionCard }) {
  const psa = card.psa;
  const rows: [string, string, string | null | undefined][] = [
    ['Year', String(card.year), psa?.year],
    ['Set', card.setName, psa ? [psa.brand, psa.variety].filter(Boolean).join(' ') : undefined],
    ['Player', card.player, psa?.subject],
    ['Card #', card.cardNumber, psa?.cardNumber],
    ['Grade', card.grade, psa?.grade],
  ];
  return (
    <>
      <table
        className={clsx(ui.denseTable, styles.table)}
        aria-label={`Card ${card.position + 1}: as typed${psa ? ' and as PSA has it' : ''}`}
      >
        <thead>
          <tr>
            <td />
            <th scope="col">Collector typed</th>
            {psa && <th scope="col">PSA says</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, typed, official]) => {
            const differs = psa !== null && !same(typed, official);
            return (
              <tr key={label}>
                <th scope="row" className={styles.rowLabel}>
                  {label}
                </th>
                <td>{typed}</td>
                {psa && (
                  <td className={clsx(differs && styles.differs)}>
                    {official || '—'}
                    {differs && ' (differs)'}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {card.grader === 'PSA' && !psa && (
        <p className={styles.small}>
          No PSA data for this cert yet: use Look up PSA data (needs PSA_API_TOKEN).
        </p>
      )}
    </>
  );
}

/** One card as staff check it: both photos, the typed and PSA details, and its prices. */
export function CardReview({
  submission,
  card,
}: {
  submission: AdminSubmission;
  card: AdminSubmissionCard;
}) {
  const [adding, setAdding] = useState(false);
  return (
    <div className={styles.card} data-testid="review-card">
      <div className={styles.layout}>
        <div className={styles.photos}>
          {[
            ['Front', card.frontImageUrl],
            ['Back', card.backImageUrl],
          ].map(([side, url]) => (
            <a
              key={side}
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${side} photo of card ${card.position + 1}, full size`}
              className={styles.photo}
            >
              <CardImage src={url} alt={`${side} of card ${card.position + 1}`} sizes="130px" />
            </a>
          ))}
        </div>
        <div className={styles.details}>
          <div className={styles.heading}>
            <span className={styles.strong}>Card {card.position + 1}</span>
            <CertLink grader={card.grader} certNumber={card.certNumber} href={card.certUrl} />
          </div>
          <TypedVsPsa card={card} />
          <p className={styles.small}>
            {card.askingPrice !== null
              ? `Asking ${formatUsd(card.askingPrice)}`
              : 'No asking price'}
            {card.offer !== null && ` · Offer ${formatUsd(card.offer)}`}
            {card.adjustedOffer !== null && ` · Adjusted ${formatUsd(card.adjustedOffer)}`}
          </p>
          {card.inventoryCardId ? (
            <Link to={paths.product.getHref(card.inventoryCardId)} className={ui.textLink}>
              In the inventory
            </Link>
          ) : (
            submission.actions.includes('inventory') && (
              <div>
                <Button size="small" variant="outlined" onClick={() => setAdding(true)}>
                  Add to inventory
                </Button>
              </div>
            )
          )}
        </div>
      </div>
      {adding && (
        <InventoryDialog submission={submission} card={card} onClose={() => setAdding(false)} />
      )}
    </div>
  );
}
