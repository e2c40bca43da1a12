import clsx from 'clsx';
import { useWatch } from 'react-hook-form';
import { imageUrl, PAYOUT_METHOD_LABELS, type PayoutDraft } from '@grail/contract';
import { FormTextField } from '@/components/ui';
import { CardImage } from '@/components/CardImage';
import { formatUsd } from '@/lib/format';
import { cardTitle, type SellWizardValues } from '../lib/sellForm';
import styles from './ReviewStep.module.css';
import ui from '@/lib/styles/ui.module.css';

function payoutLine(payout: PayoutDraft, bonusPercent: number) {
  switch (payout.method) {
    case 'store_credit':
      return `Store credit, with a ${bonusPercent}% bonus on our offer`;
    case 'bank':
      return `Bank transfer to the account ending ${payout.accountNumber.trim().slice(-4)} (${payout.accountHolder.trim()})`;
    case 'paypal':
      return `PayPal to ${payout.email.trim()}`;
  }
}

/** The submission as it will be sent (in the sell Form): every card, the asking prices, the payout, and a note. */
export function ReviewStep({ bonusPercent }: { bonusPercent: number }) {
  const [cards, payout] = useWatch<SellWizardValues, ['cards', 'payout']>({
    name: ['cards', 'payout'],
  });
  const asking = cards.reduce((sum, c) => sum + (c.askingPrice ? Number(c.askingPrice) : 0), 0);
  return (
    <div className={styles.review}>
      <ul className={ui.stackList} aria-label="Cards to submit">
        {cards.map((c, i) => (
          <li key={i} className={clsx(ui.paper, styles.card)} data-testid="review-card">
            <CardImage src={imageUrl(c.frontImageId)} alt={`Front of card ${i + 1}`} sizes="56px" />
            <div className={styles.about}>
              <p className={styles.title}>{cardTitle(c)}</p>
              <p className={styles.muted}>
                {c.grader} {c.certNumber} · {c.grade}
              </p>
            </div>
            <p className={styles.price}>
              {c.askingPrice ? formatUsd(Number(c.askingPrice)) : 'No asking price'}
            </p>
          </li>
        ))}
      </ul>
      <div className={styles.summary}>
        <div>
          <p className={styles.subtitle}>Cards</p>
          <p className={styles.text}>
            {cards.length} {cards.length === 1 ? 'card' : 'cards'}
            {asking > 0 ? `, asking ${formatUsd(asking)} in all` : ''}
          </p>
        </div>
        <div>
          <p className={styles.subtitle}>Payout: {PAYOUT_METHOD_LABELS[payout.method]}</p>
          <p className={styles.text}>{payoutLine(payout, bonusPercent)}</p>
        </div>
      </div>
      <FormTextField name="note" label="Note for our buyers (optional)" multiline rows={2} />
      <p className={styles.muted}>
        After you submit, our buyers review your cards and send an offer for each. You decide then:
        nothing is sold until you accept, and you ship only after accepting.
      </p>
    </div>
  );
}
