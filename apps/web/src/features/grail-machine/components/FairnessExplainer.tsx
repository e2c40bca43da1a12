import { Link } from 'react-router';
import clsx from 'clsx';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import { Commitment } from './Commitment';
import grail from './grail.module.css';
import styles from './FairnessExplainer.module.css';

const AT_GO_LIVE = 'published when the case goes live';

/** How a pull is decided, and the case's published commitments. */
export function FairnessExplainer({
  caseId,
  serverSeedHash,
  contentsHash,
}: {
  caseId: string;
  serverSeedHash: string | null;
  contentsHash: string | null;
}) {
  return (
    <section aria-labelledby="fairness-heading" className={clsx(ui.paper, grail.panel)}>
      <h2 id="fairness-heading" className={clsx(ui.h6, grail.gutter)}>
        Provably fair
      </h2>
      <p className={clsx(ui.body2, ui.secondaryText, styles.paragraph)}>
        Before the first pack, we fix the order of every card in the case and publish two
        fingerprints: one of the contents and one of a secret server seed. Pack number k is decided
        by HMAC-SHA256(server seed, your client seed + ":" + k), turned into a position among the
        cards still in the case without bias. When the case sells out or closes we reveal the seed,
        so you can recompute every pull yourself.
      </p>
      <div className={clsx(grail.stack, styles.commitments)}>
        <Commitment
          label="Server seed hash (SHA-256)"
          value={serverSeedHash}
          pending={AT_GO_LIVE}
        />
        <Commitment label="Contents hash (SHA-256)" value={contentsHash} pending={AT_GO_LIVE} />
      </div>
      <Link to={paths.fairness.getHref({ case: caseId })} className={ui.textLink}>
        Verify pulls in your browser
      </Link>
    </section>
  );
}
