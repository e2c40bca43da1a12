import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ActiveCaseResponse, PackCount } from '@grail/contract';
import { formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { PurchaseDialog } from '@/components/purchase/PurchaseDialog';
import { SummaryRow } from '@/components/SummaryRow';
import { useBuyPack } from '../api/useBuyPack';
import { useBuyPacks } from '../api/useBuyPacks';
import { useAutoSellRule } from '../api/useAutoSellRule';
import { useAuth } from '@/lib/auth';
import { markPackOpened } from '../lib/pendingReveals';
import { AutoSellRuleChoice } from './AutoSellRuleChoice';
import { PackCountChoice } from './PackCountChoice';
import { ValueFigures } from './ValueFigures';

const packsText = (packs: number) => (packs === 1 ? '1 pack' : `${packs} packs`);

/**
 * The confirmation before a purchase: how many packs (1, 3, 5 or 10) and their total, what a pull
 * is worth beside the price, the collector's auto-sell rule, the balance, the buyback terms, and a
 * top-up when short. One pack takes the single pack's purchase and reveal; more take one purchase
 * of several and their reveal one by one. With an auto-sell rule, even one pack is sent as a
 * purchase of several (decision 031), and its reveal is still the single pack's.
 */
export function BuyPackDialog({
  live,
  open,
  onClose,
}: {
  live: ActiveCaseResponse;
  open: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const one = useBuyPack();
  const several = useBuyPacks();
  const { isLoggedIn } = useAuth();
  const rule = useAutoSellRule({ enabled: open && isLoggedIn });
  const [editingRule, setEditingRule] = useState(false);
  const autoSellBelow = rule.data?.below ?? undefined;
  const [packs, setPacks] = useState<PackCount>(1);
  const total = Math.round(packs * live.packPrice * 100) / 100;
  const purchase = packs === 1 && autoSellBelow === undefined ? one : several;
  const choose = (count: PackCount) => {
    one.reset();
    several.reset();
    setPacks(count);
  };
  const confirm = (idempotencyKey: string) => {
    if (packs === 1 && autoSellBelow === undefined) {
      one.mutate(
        { caseId: live.caseId, idempotencyKey },
        {
          onSuccess: ({ pull }) => {
            markPackOpened(pull._id);
            navigate(paths.grailReveal.getHref({ pull: pull._id }));
          },
        },
      );
      return;
    }
    // The confirmation's key stands for this count and threshold: another is another purchase.
    const rulePart = autoSellBelow === undefined ? '' : `-below${Math.round(autoSellBelow * 100)}`;
    const countPart = packs === 1 ? '' : `-x${packs}`;
    several.mutate(
      {
        caseId: live.caseId,
        packs,
        autoSellBelow,
        idempotencyKey: `${idempotencyKey}${countPart}${rulePart}`,
      },
      {
        onSuccess: ({ pulls }) => {
          for (const pull of pulls) markPackOpened(pull._id);
          navigate(
            pulls.length === 1
              ? paths.grailReveal.getHref({ pull: pulls[0]!._id })
              : paths.grailReveal.getHref({ pulls: pulls.map((p) => p._id).join(',') }),
          );
        },
      },
    );
  };
  return (
    <PurchaseDialog
      open={open}
      onClose={onClose}
      title="Buy a Pack"
      amount={total}
      purchase={purchase}
      onConfirm={confirm}
      payLabel={`Pay ${formatUsd(total)} and open`}
      summary={
        <>
          <PackCountChoice
            value={packs}
            packPrice={live.packPrice}
            remaining={live.remaining}
            onChange={choose}
          />
          <ValueFigures live={live} compact />
          <SummaryRow label="Pack price" value={formatUsd(live.packPrice)} />
          <SummaryRow label={`Total for ${packsText(packs)}`} value={formatUsd(total)} strong />
          <AutoSellRuleChoice rule={rule} editing={editingRule} onEditingChange={setEditingRule} />
        </>
      }
      terms={
        <>
          Each pack is one random card from the cards left, worth at least{' '}
          {formatUsd(live.floorValue)} FMV. Keep your cards and we ship them within 48 hours, or
          sell any back instantly for {live.buybackPercent}% of its FMV within{' '}
          {live.buybackWindowHours} hours.
        </>
      }
      shortfall={(short) =>
        `You need ${short} more for ${packs === 1 ? 'this pack' : `these ${packs} packs`}.`
      }
      signedOut={`Sign in to buy a pack. You get one random card from the ${live.remaining} left in ${live.name}.`}
      returnPath={paths.grailMachine.getHref()}
      ready={!rule.isPending && !editingRule}
    />
  );
}
