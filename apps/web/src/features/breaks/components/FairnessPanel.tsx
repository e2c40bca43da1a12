import { useState } from 'react';
import type { BreakDetail } from '@grail/contract';
import { Alert, Badge, Button, Card } from '@/components/ui';
import styles from './FairnessPanel.module.css';
import { useBreakFairness } from '../api/useBreak';
import { verifyBreak, type BreakCheck, type Verdict } from '../lib/fairness';

const VerdictBadge = ({ label, verdict }: { label: string; verdict: Verdict }) => (
  <Badge tone={verdict === 'Verified' ? 'success' : 'error'} variant="filled">
    {`${label}: ${verdict}`}
  </Badge>
);

function Mono({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <p className={styles.label}>{label}</p>
      <p className={styles.value}>{value}</p>
    </div>
  );
}

/**
 * The break's commitments, and once the teams are drawn a check that recomputes the draw in this
 * browser with Web Crypto: 'Verified' or 'Mismatch'.
 */
export function FairnessPanel({ b }: { b: BreakDetail }) {
  const revealed = Boolean(b.fairness.serverSeed);
  const fairness = useBreakFairness(b._id, revealed);
  const [check, setCheck] = useState<BreakCheck | null>(null);
  const [checking, setChecking] = useState(false);
  const [failed, setFailed] = useState(false);
  const verify = async () => {
    setChecking(true);
    setFailed(false);
    try {
      const f = fairness.data ?? (await fairness.refetch()).data;
      setCheck(f ? await verifyBreak(f) : null);
    } catch {
      setFailed(true);
    } finally {
      setChecking(false);
    }
  };
  return (
    <Card as="section" title="Provably fair" className={styles.panel}>
      <p className={styles.rule}>
        When sales opened we published SHA-256 of a secret server seed. When the break runs, the
        client seeds of every sold spot, in purchase order and joined with commas, are the public
        input; HMAC-SHA256 of the seed and the input drives a Fisher–Yates shuffle of the team list
        (without modulo bias), and spot n gets the team in place n. The seed is then revealed so
        anyone can redo it.
      </p>
      <div className={styles.stack}>
        <Mono
          label="Server seed hash"
          value={b.fairness.serverSeedHash ?? 'Published when sales open.'}
        />
        <Mono
          label="Server seed"
          value={b.fairness.serverSeed ?? 'Revealed when the teams are drawn.'}
        />
        {fairness.data?.publicInput !== undefined && fairness.data?.publicInput !== null && (
          <Mono label="Public input" value={fairness.data.publicInput || '(no spots sold)'} />
        )}
        {revealed && (
          <div className={styles.row}>
            <Button variant="contained" onClick={() => void verify()} disabled={checking}>
              Verify in my browser
            </Button>
            {check && (
              <>
                <VerdictBadge label="Seed" verdict={check.seed} />
                <VerdictBadge label="Public input" verdict={check.input} />
                {check.assignments && <VerdictBadge label="Teams" verdict={check.assignments} />}
              </>
            )}
          </div>
        )}
        {failed && <Alert severity="error">Could not load the fairness record. Try again.</Alert>}
      </div>
    </Card>
  );
}
