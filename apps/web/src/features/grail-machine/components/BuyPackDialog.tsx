import { useNavigate } from 'react-router';
import type { ActiveCaseResponse } from '@grail/contract';
import { formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { PurchaseDialog } from '@/components/purchase/PurchaseDialog';
import { SummaryRow } from '@/components/SummaryRow';
import { useBuyPack } from '../api/useBuyPack';
import { markPackOpened } from '../lib/pendingReveals';

/** The confirmation before a purchase: price, balance, buyback terms, and a top-up when short. */
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
  const buy = useBuyPack();
  return (
    <PurchaseDialog
      open={open}
      onClose={onClose}
      title="Buy a Pack"
      amount={live.packPrice}
      purchase={buy}
      onConfirm={(idempotencyKey) =>
        buy.mutate(
          { caseId: live.caseId, idempotencyKey },
          {
            onSuccess: ({ pull }) => {
              markPackOpened(pull._id);
              navigate(paths.grailReveal.getHref({ pull: pull._id }));
            },
          },
        )
      }
      payLabel={`Pay ${formatUsd(live.packPrice)} and open`}
      summary={<SummaryRow label="Pack price" value={formatUsd(live.packPrice)} strong />}
      terms={
        <>
          Every pack is worth at least {formatUsd(live.floorValue)} FMV. Keep your card and we ship
          it within 48 hours, or sell it back instantly for {live.buybackPercent}% of its FMV within{' '}
          {live.buybackWindowHours} hours.
        </>
      }
      shortfall={(short) => `You need ${short} more for this pack.`}
      signedOut={`Sign in to buy a pack. You get one random card from the ${live.remaining} left in ${live.name}.`}
      returnPath={paths.grailMachine.getHref()}
    />
  );
}
