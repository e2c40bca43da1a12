import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import clsx from 'clsx';
import type { Pull } from '@grail/contract';
import { ApiError } from '@/lib/api/client';
import { usePullActions } from '@/lib/api/pulls';
import { formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { Alert, Badge, Button, ButtonLink, Card, Checkbox, Dialog } from '@/components/ui';
import ui from '@/lib/styles/ui.module.css';
import styles from './PullsSummary.module.css';

const cents = (dollars: number) => Math.round(dollars * 100);
const sumDollars = (values: number[]) => values.reduce((s, v) => s + cents(v), 0) / 100;

/** Where a pull stands now, in a word or two. */
function pullState(pull: Pull, kept: boolean): string {
  if (pull.autoSold) return `Sold back automatically for ${formatUsd(pull.soldBackFor ?? 0)}`;
  if (pull.status === 'sold_back') return `Sold back for ${formatUsd(pull.soldBackFor ?? 0)}`;
  if (pull.status === 'claimed') return 'Shipping';
  if (pull.status === 'shipped' || pull.status === 'delivered') return 'Shipped';
  return kept ? 'Kept in your vault' : 'In your vault';
}

/**
 * The summary of a purchase of several packs: the total FMV against what was paid, each pull,
 * and for those chosen (all or some) a sell-back, confirmed first, or keeping them in the vault.
 * A sell-back is the single pull's call, once per pull; keeping sends nothing, as every pull
 * starts in the vault.
 */
export function PullsSummary({ pulls }: { pulls: Pull[] }) {
  const actions = usePullActions();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [kept, setKept] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [selling, setSelling] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const open = pulls.filter((p) => p.status === 'revealed' && !kept.has(p._id));
  const picked = open.filter((p) => chosen.has(p._id));
  const sellable = picked.filter((p) => p.sellBack);
  const offer = sumDollars(sellable.map((p) => p.sellBack!.amount));
  const paid = sumDollars(pulls.map((p) => p.price));
  const fmv = sumDollars(pulls.map((p) => p.card.fmv));
  const difference = Math.round((fmv - paid) * 100) / 100;
  const autoSold = pulls.filter((p) => p.autoSold);
  const autoCredit = sumDollars(autoSold.map((p) => p.soldBackFor ?? 0));

  const toggle = (id: string) =>
    setChosen((now) => {
      const next = new Set(now);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allChosen = open.length > 0 && picked.length === open.length;
  const keep = () => {
    setKept((now) => new Set([...now, ...picked.map((p) => p._id)]));
    setChosen(new Set());
  };
  const sellBack = async () => {
    setConfirming(false);
    setSelling(true);
    setFailure(null);
    try {
      // One after another: each is the single pull's sell-back, with its own answer.
      for (const pull of sellable) await actions.sellBack.mutateAsync(pull._id);
      setChosen(new Set());
    } catch (err) {
      setFailure(err instanceof ApiError || err instanceof Error ? err.message : String(err));
    } finally {
      setSelling(false);
    }
  };

  return (
    <div className={styles.summary}>
      <h1 className={ui.h4}>Your {pulls.length} pulls</h1>
      <Card className={styles.totals}>
        <p className={styles.total} data-testid="summary-totals">
          Total FMV <strong>{formatUsd(fmv)}</strong> against <strong>{formatUsd(paid)}</strong>{' '}
          paid
        </p>
        <p className={clsx(ui.body2, ui.secondaryText)}>
          {difference >= 0
            ? `${formatUsd(difference)} more than you paid, at fair market value.`
            : `${formatUsd(-difference)} less than you paid, at fair market value.`}
        </p>
        {autoSold.length > 0 && (
          <p className={ui.body2} data-testid="auto-sold-total">
            {autoSold.length === 1 ? '1 pull was' : `${autoSold.length} pulls were`} sold back
            automatically by your auto-sell rule: <strong>{formatUsd(autoCredit)}</strong> is in
            your wallet.
          </p>
        )}
      </Card>

      {open.length > 0 && (
        <Checkbox
          label="Choose all"
          checked={allChosen}
          onChange={() => setChosen(allChosen ? new Set() : new Set(open.map((p) => p._id)))}
        />
      )}
      <ul className={styles.list}>
        {pulls.map((pull) => {
          const decidable = open.includes(pull);
          return (
            <li key={pull._id} className={styles.row}>
              {decidable ? (
                <Checkbox
                  label={<span className={styles.name}>{pull.card.name}</span>}
                  checked={chosen.has(pull._id)}
                  onChange={() => toggle(pull._id)}
                />
              ) : (
                <span className={styles.name}>{pull.card.name}</span>
              )}
              <span className={clsx(ui.body2, ui.secondaryText)}>
                {pull.card.grade}
                {pull.card.tier && (
                  <>
                    {' '}
                    <Badge>{pull.card.tier}</Badge>
                  </>
                )}
              </span>
              <span className={styles.fmv}>FMV {formatUsd(pull.card.fmv)}</span>
              <span className={clsx(ui.body2, styles.state)}>
                {pullState(pull, kept.has(pull._id))}
                {decidable &&
                  pull.sellBack &&
                  ` · sells back for ${formatUsd(pull.sellBack.amount)}`}
              </span>
              <RouterLink
                className={ui.textLink}
                to={paths.grailReveal.getHref({ pull: pull._id })}
              >
                Pull #{pull.k}
              </RouterLink>
            </li>
          );
        })}
      </ul>

      <div className={styles.actions}>
        <Button
          variant="contained"
          color="secondary"
          disabled={sellable.length === 0 || selling}
          loading={selling}
          onClick={() => setConfirming(true)}
        >
          {sellable.length
            ? `Sell back ${sellable.length} for ${formatUsd(offer)}`
            : 'Sell back the chosen'}
        </Button>
        <Button variant="outlined" disabled={picked.length === 0 || selling} onClick={keep}>
          {picked.length ? `Keep ${picked.length} in my vault` : 'Keep the chosen in my vault'}
        </Button>
      </div>
      {failure && <Alert severity="error">{failure}</Alert>}
      {kept.size > 0 && (
        <Alert severity="success">
          Kept in your vault: ship them or sell them back from{' '}
          <RouterLink className={ui.textLink} to={paths.vault.getHref()}>
            your vault
          </RouterLink>{' '}
          whenever you like.
        </Alert>
      )}
      <ButtonLink to={paths.grailMachine.getHref()} size="large">
        Buy more packs
      </ButtonLink>

      <Dialog
        open={confirming}
        onOpenChange={(next) => !next && setConfirming(false)}
        title={`Sell back ${sellable.length === 1 ? 'this card' : `these ${sellable.length} cards`}?`}
        actions={
          <>
            <Button onClick={() => setConfirming(false)}>Cancel</Button>
            <Button variant="contained" color="secondary" onClick={() => void sellBack()}>
              Sell back for {formatUsd(offer)}
            </Button>
          </>
        }
      >
        <p>
          <strong>{formatUsd(offer)}</strong> is added to your wallet now for{' '}
          {sellable.map((p) => p.card.name).join(', ')}: {sellable[0]?.sellBack?.percent}% of their
          fair market value.
        </p>
        <Alert severity="warning">
          This is final: the cards go back to the house and cannot be claimed or shipped afterwards.
        </Alert>
      </Dialog>
    </div>
  );
}
