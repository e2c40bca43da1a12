import { useEffect, useState } from 'react';
import clsx from 'clsx';
import { buttonClass } from '@/components/ui/Button';
import ui from '@/lib/styles/ui.module.css';
import { useDropOrder } from '../api/useDropQueue';
import { dropOrder, hexToBytes, sha256Hex, type Verdict } from '../lib/fairness';
import { QueueCommitments } from './Commitment';
import grail from './grail.module.css';
import styles from './DropOrderCheck.module.css';

interface Check {
  seed: Verdict;
  order: Verdict;
}

const Chip = ({ verdict }: { verdict: Verdict }) => (
  <span className={clsx(grail.chip, verdict === 'Verified' ? grail.chipSuccess : grail.chipError)}>
    {verdict}
  </span>
);

/**
 * A drop's queue checked in this browser (docs/fairness.md): the revealed seed against its hash,
 * and every drawn place against the order the seed gives. Nothing for a case without a queue.
 */
export function DropOrderCheck({ caseId }: { caseId: string }) {
  const order = useDropOrder(caseId, true);
  const [check, setCheck] = useState<Check | null>(null);
  const [checking, setChecking] = useState(false);
  useEffect(() => setCheck(null), [caseId, order.data]);
  const q = order.data;
  const seedHash = q?.seedHash;
  // No waiting room, or none readable: the case's own record above is the whole story.
  if (!q || !seedHash) return null;

  const verify = async () => {
    if (!q.seed) return;
    setChecking(true);
    try {
      const seed = (await sha256Hex(hexToBytes(q.seed))) === seedHash ? 'Verified' : 'Mismatch';
      const drawn = await dropOrder(
        q.seed,
        q.entries.map((e) => e.entryId),
      );
      const placeOf = new Map(q.entries.map((e) => [e.entryId, e.position]));
      const ok = drawn.every((id, i) => placeOf.get(id) === i + 1);
      setCheck({ seed, order: ok ? 'Verified' : 'Mismatch' });
    } finally {
      setChecking(false);
    }
  };

  return (
    <section aria-labelledby="drop-queue" className={clsx(ui.paper, grail.panel, grail.stack)}>
      <h2 id="drop-queue" className={ui.h6}>
        The drop&apos;s queue
      </h2>
      <p className={ui.body2}>
        {q.entries.length === 1
          ? '1 collector joined before the case opened.'
          : `${q.entries.length} collectors joined before the case opened.`}
      </p>
      <QueueCommitments seedHash={seedHash} seed={q.seed} />
      {q.seed && (
        <div className={styles.verify}>
          <button
            type="button"
            onClick={() => void verify()}
            disabled={checking}
            className={buttonClass({ variant: 'outlined', className: grail.button })}
          >
            Check the queue order
          </button>
          {check && (
            <>
              <span>Seed:</span> <Chip verdict={check.seed} />
              <span>Order:</span> <Chip verdict={check.order} />
            </>
          )}
        </div>
      )}
    </section>
  );
}
