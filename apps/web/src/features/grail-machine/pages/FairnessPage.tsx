import { useDeferredValue, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import clsx from 'clsx';
import type { FairnessResponse } from '@grail/contract';
import { Table } from '@/components/ui/Table';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import { useCases } from '../api/useCases';
import { useFairness } from '../api/useFairness';
import { Commitment } from '../components/Commitment';
import { DropOrderCheck } from '../components/DropOrderCheck';
import { GrailPageFrame } from '../components/GrailPageFrame';
import grail from '../components/grail.module.css';
import { contentsHash, hexToBytes, sha256Hex, verifyPulls, type Verdict } from '../lib/fairness';
import styles from './FairnessPage.module.css';
import { buttonClass } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { ListPagination } from '@/components/ui/Pagination';

/**
 * Pulls drawn per page of the record: a sold-out case of thousands drawn whole was over 14,000
 * elements and more than a second of blocked main thread on a phone.
 */
const PULLS_PER_PAGE = 50;

interface Check {
  seed: Verdict | null;
  contents: Verdict;
  pulls: Map<number, Verdict>;
}

const VerdictChip = ({ verdict }: { verdict: Verdict | null | undefined }) =>
  verdict ? (
    <span
      className={clsx(grail.chip, verdict === 'Verified' ? grail.chipSuccess : grail.chipError)}
    >
      {verdict}
    </span>
  ) : (
    <span className={clsx(grail.chip, grail.chipOutlined)}>Seed not revealed yet</span>
  );

async function runChecks(f: FairnessResponse): Promise<Check> {
  const contents = (await contentsHash(f.contents)) === f.contentsHash ? 'Verified' : 'Mismatch';
  if (!f.serverSeed) return { seed: null, contents, pulls: new Map() };
  const seed =
    (await sha256Hex(hexToBytes(f.serverSeed))) === f.serverSeedHash ? 'Verified' : 'Mismatch';
  return { seed, contents, pulls: await verifyPulls(f.serverSeed, f.contents, f.pulls) };
}

/** Recomputes every pull of a case in this browser with Web Crypto: 'Verified' or 'Mismatch'. */
export default function FairnessPage() {
  const [params, setParams] = useSearchParams();
  const cases = useCases();
  const caseId = params.get('case') ?? cases.data?.[0]?.caseId;
  const fairness = useFairness(caseId);
  const [check, setCheck] = useState<Check | null>(null);
  const [checking, setChecking] = useState(false);
  const [page, setPage] = useState(1);
  useEffect(() => setCheck(null), [caseId, fairness.data]);
  useEffect(() => setPage(1), [caseId]);

  const verify = async () => {
    if (!fairness.data) return;
    setChecking(true);
    try {
      setCheck(await runChecks(fairness.data));
    } finally {
      setChecking(false);
    }
  };

  // The record (a row per pull) is drawn in a deferred, time-sliced render when it arrives.
  const f = useDeferredValue(fairness.data);
  const recordLoading = !f && !fairness.isError && (caseId !== undefined || cases.isPending);
  const verifiedPulls = check
    ? [...check.pulls.values()].filter((v) => v === 'Verified').length
    : 0;
  return (
    <GrailPageFrame title="Provably Fair">
      <section aria-labelledby="plain-rule" className={clsx(ui.paper, grail.panel, styles.rule)}>
        <h2 id="plain-rule" className={clsx(ui.h6, grail.gutter)}>
          The rule in plain words
        </h2>
        <ol className={clsx(ui.body1, styles.plain)}>
          <li>
            <strong>What we commit to, and when.</strong> Before the first pack of a case is sold,
            its cards are put in a fixed order and we publish two fingerprints: one of the list of
            cards and one of a secret number, the server seed. Neither can change afterwards without
            its fingerprint giving it away.
          </li>
          <li>
            <strong>How your pull is drawn.</strong> The server seed, your own client seed and the
            pull&apos;s number in the case decide which of the cards still in the case is yours.
            Several packs bought at once are the next pull numbers, one after another, each drawn
            the same way on its own.
          </li>
          <li>
            <strong>How to check a pull.</strong> When the case sells out or closes we reveal the
            server seed. Choose the case below and press Verify in my browser: this page checks the
            seed and the card list against their fingerprints and replays every pull, marking each
            Verified or Mismatch. Your pull&apos;s number and client seed are on its page.
          </li>
          <li>
            <strong>How a drop&apos;s queue is ordered.</strong> When a case has a waiting room, we
            publish the fingerprint of a second secret, the queue seed, as the room opens. Everyone
            who joins before the case opens has the same chance, however early: at opening the seed
            puts every entry in order, and we reveal it. Choose the case below to check the order.
            Later arrivals go to the back, and collectors are let in to buy a batch at a time.
          </li>
        </ol>
      </section>
      <div className={clsx(ui.paper, grail.panel, styles.rule)}>
        <h2 className={clsx(ui.h6, grail.gutter)}>The rule, exactly</h2>
        <p className={clsx(ui.body2, styles.paragraph)}>
          When a case goes live its cards get fixed positions 1…N and we publish SHA-256 of the
          contents list and SHA-256 of a secret 32-byte server seed. Pull number k with your client
          seed reads HMAC-SHA256(server seed, clientSeed + ":" + k) as 4-byte big-endian numbers and
          takes the first one below the largest multiple of the remaining count that fits in 2
          <sup>32</sup> (if all eight are above it, the next block is HMAC of clientSeed + ":" + k +
          ":1", then ":2"…). That number modulo the remaining count is the index of your card among
          the cards still in the case, in position order. Once the case sells out or closes the seed
          is revealed and this page replays every pull.
        </p>
        <p className={clsx(ui.body2, styles.paragraph)}>
          A drop&apos;s queue: when its waiting room opens we publish SHA-256 of a secret 32-byte
          queue seed. At the case&apos;s activation every entry made before it is sorted by
          HMAC-SHA256(queue seed, entry id) written as hex, smallest first: that is place 1, 2, …
          Then the seed is revealed, with the list of entry ids and their places.
        </p>
        <p className={clsx(ui.body2, ui.secondaryText)}>
          Your client seed is in your dashboard under My Pulls; change it whenever you like.
        </p>
      </div>

      {cases.data && cases.data.length > 0 && (
        <div className={styles.caseField}>
          <NativeSelect
            label="Case"
            value={caseId ?? ''}
            onChange={(value) => setParams({ case: value })}
            options={cases.data.map((c) => ({
              value: c.caseId,
              label: `${c.name} (${c.status.replace('_', ' ')})`,
            }))}
          />
        </div>
      )}
      {cases.data?.length === 0 && (
        <p className={clsx(ui.body1, ui.secondaryText)}>No case has gone live yet.</p>
      )}
      {fairness.isError && (
        <p role="alert" className={grail.alert}>
          Could not load this case&apos;s fairness record.
        </p>
      )}
      {recordLoading && (
        <div className={styles.loading}>
          <Spinner
            size={40}
            label="Loading the case's fairness record"
            className={styles.spinner}
          />
        </div>
      )}
      {f && (
        <div className={styles.record}>
          <div className={clsx(ui.paper, grail.panel)}>
            <div className={grail.stack}>
              <h2 className={ui.h6}>{f.name}</h2>
              <Commitment label="Server seed hash" value={f.serverSeedHash} />
              <Commitment label="Contents hash" value={f.contentsHash} />
              <Commitment
                label="Server seed"
                value={f.serverSeed}
                pending="Revealed when the case sells out or closes."
              />
              <div className={styles.verify}>
                <button
                  type="button"
                  onClick={() => void verify()}
                  disabled={checking}
                  className={buttonClass({ variant: 'contained', className: grail.button })}
                >
                  Verify in my browser
                </button>
                {check && (
                  <>
                    <span>Contents:</span> <VerdictChip verdict={check.contents} />
                    <span>Seed:</span> <VerdictChip verdict={check.seed} />
                    {check.seed && (
                      <>
                        <span>Pulls:</span>
                        <VerdictChip
                          verdict={verifiedPulls === f.pulls.length ? 'Verified' : 'Mismatch'}
                        />
                        <span className={ui.secondaryText}>
                          {verifiedPulls.toLocaleString('en-US')} of{' '}
                          {f.pulls.length.toLocaleString('en-US')} replayed
                        </span>
                      </>
                    )}
                  </>
                )}
              </div>
            </div>
          </div>
          <div className={clsx(ui.paper, styles.pulls)}>
            <Table
              label="Pulls of this case"
              rows={f.pulls.slice((page - 1) * PULLS_PER_PAGE, page * PULLS_PER_PAGE)}
              rowKey={(p) => p.k}
              empty="No pulls yet."
              columns={[
                { key: 'k', title: 'k', cell: (p) => p.k },
                {
                  key: 'seed',
                  title: 'Client seed',
                  className: styles.seedCell,
                  // Monospace on the value only: on a phone the cell also shows its label.
                  cell: (p) => <code className={styles.seed}>{p.clientSeed}</code>,
                },
                {
                  key: 'remaining',
                  title: 'Remaining',
                  align: 'right',
                  cell: (p) => p.remainingBefore,
                },
                { key: 'position', title: 'Position', align: 'right', cell: (p) => p.position },
                {
                  key: 'check',
                  title: 'Check',
                  cell: (p) => (check ? <VerdictChip verdict={check.pulls.get(p.k)} /> : '—'),
                },
              ]}
            />
            <ListPagination
              label="Pages of the pulls"
              total={f.pulls.length}
              pageSize={PULLS_PER_PAGE}
              page={page}
              onPageChange={setPage}
              className={styles.pages}
            />
          </div>
        </div>
      )}
      {caseId && <DropOrderCheck caseId={caseId} />}
      <Link to={paths.grailMachine.getHref()} className={clsx(ui.textLink, styles.back)}>
        Back to the Grail Machine
      </Link>
    </GrailPageFrame>
  );
}
