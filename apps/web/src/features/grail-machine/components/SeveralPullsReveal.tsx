import { useCallback, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import clsx from 'clsx';
import { Alert, Button, Spinner } from '@/components/ui';
import { myPullQueryOptions } from '@/lib/api/pulls';
import { formatUsd } from '@/lib/format';
import ui from '@/lib/styles/ui.module.css';
import { markRevealPlayed, revealPending } from '../lib/pendingReveals';
import { PackReveal } from './PackReveal';
import { PullsSummary } from './PullsSummary';
import styles from './SeveralPullsReveal.module.css';

/**
 * The reveal of a purchase of several packs: the pulls one by one, each with the single pack's
 * reveal, then the summary. "Skip to summary" goes there at once. Only the packs just opened in
 * this browser play; on any other visit the summary shows straight away.
 */
export function SeveralPullsReveal({ ids }: { ids: string[] }) {
  const queries = useQueries({ queries: ids.map((id) => myPullQueryOptions(id)) });
  const [pending] = useState(() => new Set(ids.filter((id) => revealPending(id))));
  const [step, setStep] = useState(() => {
    const first = ids.findIndex((id) => pending.has(id));
    return first === -1 ? ids.length : first;
  });
  const [revealed, setRevealed] = useState(false);
  const onRevealed = useCallback(() => setRevealed(true), []);

  if (queries.some((q) => q.isPending)) {
    return (
      <div className={styles.loading} role="status">
        <Spinner size={40} label={null} />
        <p className={ui.body1}>Loading your pulls…</p>
      </div>
    );
  }
  const pulls = queries.flatMap((q) => (q.data ? [q.data.pull] : []));
  if (pulls.length !== ids.length) {
    return <Alert severity="error">Could not load these pulls. Please try again.</Alert>;
  }

  const toSummary = () => {
    for (const id of ids) markRevealPlayed(id);
    setStep(ids.length);
  };
  const next = () => {
    setRevealed(false);
    setStep(step + 1);
  };

  if (step >= pulls.length) return <PullsSummary pulls={pulls} />;
  const pull = pulls[step]!;
  const last = step === pulls.length - 1;
  return (
    <div className={styles.page}>
      <h1 className={clsx(ui.h4, styles.title)} aria-live="polite">
        Pack {step + 1} of {pulls.length}
      </h1>
      <PackReveal key={pull._id} pull={pull} play={pending.has(pull._id)} onRevealed={onRevealed} />
      {revealed && (
        <p className={clsx(ui.body1, styles.card)}>
          <strong>{pull.card.name}</strong> · {pull.card.grade} · FMV {formatUsd(pull.card.fmv)}
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="contained" size="large" onClick={last ? toSummary : next}>
          {last ? 'See the summary' : 'Next pack'}
        </Button>
        {!last && (
          <Button variant="outlined" size="large" onClick={toSummary}>
            Skip to summary
          </Button>
        )}
      </div>
    </div>
  );
}
