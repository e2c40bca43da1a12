import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import clsx from 'clsx';
import { ExternalLink } from 'lucide-react';
import type { FairnessResponse, PublicPull } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { Alert, Badge, Button, ButtonLink, Card, Skeleton, Spinner } from '@/components/ui';
import ui from '@/lib/styles/ui.module.css';
import { ShareButton } from '@/components/ShareButton';
import { NotFoundPage } from '@/app/pages/NotFoundPage';
import { isNotFound } from '@/lib/api/notFound';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { Commitment } from '../components/Commitment';
import { contentsHash, hexToBytes, sha256Hex, verifyPulls, type Verdict } from '../lib/fairness';
import { usePublicPull, usePullCaseFairness } from '../api/usePublicPull';
import styles from './PublicPullPage.module.css';

interface Check {
  contents: Verdict;
  /** Null while the case's server seed is still secret. */
  seed: Verdict | null;
  pull: Verdict | null;
}

/** The fairness rule replayed in this browser for one pull (docs/fairness.md). */
async function checkPull(f: FairnessResponse, k: number): Promise<Check> {
  const contents = (await contentsHash(f.contents)) === f.contentsHash ? 'Verified' : 'Mismatch';
  if (!f.serverSeed) return { contents, seed: null, pull: null };
  const seed =
    (await sha256Hex(hexToBytes(f.serverSeed))) === f.serverSeedHash ? 'Verified' : 'Mismatch';
  const verdicts = await verifyPulls(f.serverSeed, f.contents, f.pulls);
  return { contents, seed, pull: verdicts.get(k) ?? 'Mismatch' };
}

const VerdictBadge = ({ label, verdict }: { label: string; verdict: Verdict }) => (
  <Badge tone={verdict === 'Verified' ? 'success' : 'error'} variant="filled">
    {`${label}: ${verdict}`}
  </Badge>
);

function Proof({ pull }: { pull: PublicPull }) {
  const [asked, setAsked] = useState(false);
  const [check, setCheck] = useState<Check | null>(null);
  const [checking, setChecking] = useState(false);
  const fairness = usePullCaseFairness(pull.caseId, asked);

  const verify = async () => {
    setAsked(true);
    setChecking(true);
    try {
      const record = fairness.data ?? (await fairness.refetch()).data;
      if (record) setCheck(await checkPull(record, pull.k));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Card as="section" className={styles.panel} title="Provably fair">
      <div className={styles.stack}>
        <p className={clsx(ui.body2, ui.secondaryText)}>
          This pull is pull {pull.proof.k} of the case, drawn from the {pull.proof.remainingBefore}{' '}
          cards left with the collector&apos;s client seed. Anyone can replay it once the
          case&apos;s server seed is revealed.
        </p>
        <Commitment label="Client seed" value={pull.proof.clientSeed} />
        <Commitment
          label="Server seed hash"
          value={pull.serverSeedHash}
          pending="Published when the case goes live."
        />
        <Commitment label="Drawn position" value={String(pull.proof.position)} />
        <div className={styles.row}>
          <Button variant="contained" onClick={() => void verify()} disabled={checking}>
            Verify
          </Button>
          {checking && <Spinner size={20} label="Checking" />}
          {check && (
            <>
              <VerdictBadge label="Contents" verdict={check.contents} />
              {check.seed && <VerdictBadge label="Seed" verdict={check.seed} />}
              {check.pull && <VerdictBadge label="This pull" verdict={check.pull} />}
            </>
          )}
        </div>
        {fairness.isError && (
          <Alert severity="error">Could not load this case&apos;s fairness record.</Alert>
        )}
        {check && check.seed === null && (
          <Alert severity="info">
            The contents match what was published. The server seed stays secret until the case sells
            out or closes; then this button replays the pull itself.
          </Alert>
        )}
        <RouterLink className={ui.textLink} to={paths.fairness.getHref({ case: pull.caseId })}>
          Every pull of this case
        </RouterLink>
      </div>
    </Card>
  );
}

function Facts({ pull }: { pull: PublicPull }) {
  const { card } = pull;
  const rows: [string, ReactNode][] = [
    ['Grade', card.grade],
    [
      'Cert',
      card.certNumber ? (
        card.certUrl ? (
          <a className={ui.textLink} href={card.certUrl} target="_blank" rel="noopener noreferrer">
            {card.certNumber} <ExternalLink aria-hidden className={styles.externalIcon} />
          </a>
        ) : (
          card.certNumber
        )
      ) : (
        '—'
      ),
    ],
    ['FMV', <strong key="fmv">{formatUsd(card.fmv)}</strong>],
    ['Pack price', formatUsd(pull.packPrice)],
    ['Case', pull.caseName],
    ['Pull', `#${pull.k} of ${pull.totalItems}`],
    ['Pulled by', pull.pulledBy],
    ['Time', dateTimeFormat.format(new Date(pull.pulledAt))],
  ];
  return (
    <table className={clsx(ui.denseTable, styles.facts)} aria-label="About this pull">
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /pulls/:id: one pull as anyone may see it, with its proof and a share button. */
export default function PublicPullPage() {
  const { id = '' } = useParams();
  const query = usePublicPull(id);

  if (query.isPending) {
    return (
      <div className={styles.layout} aria-busy="true">
        <Skeleton variant="rounded" className={styles.imageSkeleton} />
        <div className={styles.stack}>
          <Skeleton height={48} width="80%" />
          <Skeleton variant="rounded" height={200} />
        </div>
      </div>
    );
  }
  if (query.isError) {
    if (isNotFound(query.error)) return <NotFoundPage />;
    return (
      <div className={styles.failed}>
        <h1 className={ui.h4}>Could not load this pull</h1>
        <Alert severity="error">Something went wrong. Please try again.</Alert>
        <ButtonLink to={paths.grailMachine.getHref()} variant="contained">
          Go to the Grail Machine
        </ButtonLink>
      </div>
    );
  }

  const { pull } = query.data;
  const { card } = pull;
  return (
    <div className={styles.page}>
      <title>{`${card.name} pulled by ${pull.pulledBy} | Grail Machine`}</title>
      <div className={styles.layout}>
        <div className={styles.image}>
          <CardImage src={card.imageUrl} alt={card.name} eager sizes="320px" />
        </div>
        <div className={styles.main}>
          <div className={styles.heading}>
            <div className={styles.row}>
              {card.tier && <Badge tone="primary" variant="filled">{`${card.tier} tier`}</Badge>}
              <Badge>{`pull #${pull.k} of ${pull.totalItems}`}</Badge>
            </div>
            <h1 className={clsx(ui.h4, styles.name)}>{card.name}</h1>
            <p className={clsx(ui.body1, ui.secondaryText)}>
              Pulled by <strong>{pull.pulledBy}</strong> from {pull.caseName}
            </p>
          </div>
          <Facts pull={pull} />
          <div className={styles.actions}>
            <ShareButton
              path={paths.pull.getHref(pull._id)}
              title={`${card.name} (${card.grade}) pulled on the Grail Machine`}
              text={`FMV ${formatUsd(card.fmv)} from a ${formatUsd(pull.packPrice)} pack.`}
            />
            <ButtonLink to={paths.grailMachine.getHref()} variant="contained">
              Open a pack
            </ButtonLink>
          </div>
          <Proof pull={pull} />
        </div>
      </div>
    </div>
  );
}
