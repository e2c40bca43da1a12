import type { Submission } from '@grail/contract';
import { Address } from '@/components/Address';
import { dateTimeFormat } from '@/lib/format';
import styles from './PackingSlip.module.css';

export { Address };

/**
 * What goes in the box with the cards: our address, the submission number and every cert. Hidden
 * on screen; when printing, it is all that prints.
 */
export function PackingSlip({ submission }: { submission: Submission }) {
  if (!submission.shipTo) return null;
  return (
    <div className={styles.slip} aria-hidden>
      <p className={styles.title}>Packing slip · Submission {submission.number}</p>
      <p className={styles.printed}>
        Printed {dateTimeFormat.format(new Date())}. Put this slip in the box with your cards.
      </p>
      <p className={styles.strong}>Ship to</p>
      <Address address={submission.shipTo} />
      <p className={styles.count}>
        {submission.cards.length} {submission.cards.length === 1 ? 'card' : 'cards'}
      </p>
      <ol className={styles.cards}>
        {submission.cards.map((c) => (
          <li key={c._id}>
            {c.grader} {c.certNumber}: {c.year} {c.setName} {c.player} #{c.cardNumber}, {c.grade}
          </li>
        ))}
      </ol>
    </div>
  );
}
