import clsx from 'clsx';
import ui from '@/lib/styles/ui.module.css';
import grail from './grail.module.css';
import styles from './Commitment.module.css';

/**
 * One of a case's published fairness values (a hash, the revealed seed), shown whole: the hex
 * wraps anywhere rather than being cut, so it can be copied and compared. `pending` stands in
 * for a value not published yet, saying when it will be.
 */
export function Commitment({
  label,
  value,
  pending,
}: {
  label: string;
  value: string | null;
  pending?: string;
}) {
  return (
    <div>
      <p className={clsx(grail.caption, ui.secondaryText)}>{label}</p>
      {value === null ? (
        // Words, not a hash: wrapped like prose so no word is split mid-way.
        <p className={ui.body2}>{pending}</p>
      ) : (
        <code className={clsx(ui.body2, styles.hash)}>{value}</code>
      )}
    </div>
  );
}

/** A drop queue's commitment: the seed's hash from the start, the seed once the order is drawn. */
export function QueueCommitments({
  seedHash,
  seed,
}: {
  seedHash: string | null;
  seed: string | null;
}) {
  return (
    <>
      <Commitment label="Queue seed hash (SHA-256)" value={seedHash} />
      <Commitment
        label="Queue seed"
        value={seed}
        pending="Revealed when the case opens and the order is drawn."
      />
    </>
  );
}
