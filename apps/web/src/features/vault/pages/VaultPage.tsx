import clsx from 'clsx';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Holding, VaultQuery } from '@grail/contract';
import { DashboardNav } from '@/components/DashboardNav';
import { ListingDialog } from '@/components/market/ListingDialog';
import { OffersList } from '@/components/market/OffersList';
import { SellingList } from '@/components/market/SellingList';
import { TradesList } from '@/components/market/TradesList';
import { SellBackDialog } from '@/components/PullDecisionDialogs';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { Alert, Button, ButtonLink, ListPagination, Skeleton, Tabs } from '@/components/ui';
import { usePullActions } from '@/lib/api/pulls';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import { useVault, vaultKeys } from '../api/holdings';
import { HoldingCard } from '../components/HoldingCard';
import { ShipDialog, cardsText } from '../components/ShipDialog';
import { ShipmentsList } from '../components/ShipmentsList';
import { VaultChart } from '../components/VaultChart';
import { VaultFilters, type VaultParams } from '../components/VaultFilters';
import { VaultSummary } from '../components/VaultSummary';
import styles from './VaultPage.module.css';

const PARAM_KEYS = ['q', 'grader', 'grade', 'sport', 'state', 'sort'] as const;
const TABS = ['cards', 'selling', 'offers', 'trades'] as const;
type VaultTab = (typeof TABS)[number];

/** The address's filters as the API's query: only what is set. */
function queryOf(params: VaultParams, page: number): VaultQuery {
  return {
    ...Object.fromEntries(PARAM_KEYS.flatMap((k) => (params[k] ? [[k, params[k]]] : []))),
    page,
  } as VaultQuery;
}

/**
 * /dashboard/vault: every card held for the collector, what it is worth against what it cost,
 * the vault's value over time, and shipping chosen cards in one box.
 */
export default function VaultPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params: VaultParams = Object.fromEntries(
    PARAM_KEYS.flatMap((k) => {
      const v = searchParams.get(k);
      return v ? [[k, v]] : [];
    }),
  );
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const vault = useVault(queryOf(params, page));
  const queryClient = useQueryClient();
  const { sellBack } = usePullActions();
  const [selected, setSelected] = useState<Map<string, Holding>>(new Map());
  const [shipping, setShipping] = useState(false);
  const [sellingBack, setSellingBack] = useState<Holding | null>(null);
  const [listing, setListing] = useState<Holding | null>(null);
  const tabParam = searchParams.get('tab');
  const tab: VaultTab = TABS.find((t) => t === tabParam) ?? 'cards';

  const change = useCallback(
    (changes: VaultParams & { page?: string }) =>
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          // A new filter starts again from the first page.
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const toggle = (holding: Holding, on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (on) next.set(holding._id, holding);
      else next.delete(holding._id);
      return next;
    });
  const shippable = (vault.data?.holdings ?? []).filter((h) => h.state === 'in_vault');
  const allOnPage = shippable.length > 0 && shippable.every((h) => selected.has(h._id));
  const filtered = PARAM_KEYS.some((k) => k !== 'sort' && params[k]);

  const cardsPanel = (
    <div className={styles.panel}>
      {vault.isError && !vault.data ? (
        <LoadFailed onRetry={() => void vault.refetch()}>Could not load your vault.</LoadFailed>
      ) : vault.data && vault.data.totals.cards === 0 && vault.data.total === 0 && !filtered ? (
        <div className={clsx(ui.paper, styles.empty)} data-testid="vault-empty">
          <h2 className={ui.h6}>Your vault is empty</h2>
          <p className={ui.secondaryText}>
            Cards you pull from the Grail Machine or buy in the store wait here until you ship them.
          </p>
          <div className={styles.emptyActions}>
            <ButtonLink to={paths.grailMachine.getHref()} variant="contained">
              Open the Grail Machine
            </ButtonLink>
            <ButtonLink to={paths.store.getHref()} variant="outlined">
              Browse the store
            </ButtonLink>
          </div>
        </div>
      ) : (
        <>
          <VaultSummary totals={vault.data?.totals} />
          <VaultChart />
          <section aria-labelledby="vault-cards" className={styles.cards}>
            <h2 id="vault-cards" className={styles.heading}>
              Cards
            </h2>
            <VaultFilters params={params} sports={vault.data?.sports ?? []} onChange={change} />
            <div className={styles.toolbar}>
              <Button
                size="small"
                disabled={shippable.length === 0}
                onClick={() =>
                  setSelected((prev) => {
                    const next = new Map(prev);
                    for (const h of shippable) {
                      if (allOnPage) next.delete(h._id);
                      else next.set(h._id, h);
                    }
                    return next;
                  })
                }
              >
                {allOnPage ? 'Clear this page' : 'Select all on this page'}
              </Button>
              <span className={styles.count} aria-live="polite">
                {selected.size > 0 ? `${cardsText(selected.size)} selected` : ''}
              </span>
              <Button
                variant="contained"
                disabled={selected.size === 0}
                onClick={() => setShipping(true)}
              >
                {selected.size > 0 ? `Ship ${cardsText(selected.size)}` : 'Ship cards'}
              </Button>
            </div>
            {vault.isError && (
              <LoadFailed onRetry={() => void vault.refetch()}>
                Could not load your vault.
              </LoadFailed>
            )}
            {sellBack.error && <Alert severity="error">{sellBack.error.message}</Alert>}
            {!vault.data ? (
              <div className={clsx(ui.stackList, styles.list)} aria-busy="true">
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} variant="rounded" height={120} />
                ))}
              </div>
            ) : vault.data.holdings.length === 0 ? (
              <p className={ui.secondaryText} data-testid="vault-none">
                No cards match these filters.
              </p>
            ) : (
              <ul className={clsx(ui.stackList, styles.list)} aria-busy={vault.isFetching}>
                {vault.data.holdings.map((h) => (
                  <HoldingCard
                    key={h._id}
                    holding={h}
                    selected={selected.has(h._id)}
                    onSelect={h.state === 'in_vault' ? (on) => toggle(h, on) : undefined}
                    onSellBack={h.source === 'pull' ? () => setSellingBack(h) : undefined}
                    onList={
                      h.state === 'in_vault' && h.source !== 'break'
                        ? () => setListing(h)
                        : undefined
                    }
                  />
                ))}
              </ul>
            )}
            {vault.data && (
              <ListPagination
                total={vault.data.total}
                pageSize={vault.data.limit}
                page={page}
                onPageChange={(p) => change({ page: String(p) })}
                label="Vault pages"
              />
            )}
          </section>
        </>
      )}
      <ShipmentsList />
    </div>
  );

  return (
    <div className={styles.page}>
      <title>Vault | Grail Machine</title>
      <h1 className={ui.h4}>Vault</h1>
      <p className={styles.lead}>
        Every card you win or buy is held here for you, insured and free, until you ship it.
      </p>
      <DashboardNav current="vault" />
      <Tabs
        label="Vault sections"
        value={tab}
        onValueChange={(next) =>
          setSearchParams(
            (prev) => {
              const params = new URLSearchParams(prev);
              if (next === 'cards') params.delete('tab');
              else params.set('tab', next);
              return params;
            },
            { replace: true },
          )
        }
        tabs={[
          { value: 'cards', label: 'Cards', content: cardsPanel },
          { value: 'selling', label: 'Selling', content: <SellingList /> },
          { value: 'offers', label: 'Offers', content: <OffersList /> },
          { value: 'trades', label: 'Trades', content: <TradesList /> },
        ]}
      />
      {shipping && selected.size > 0 && (
        <ShipDialog
          holdings={[...selected.values()]}
          onClose={() => setShipping(false)}
          onShipped={() => {
            setShipping(false);
            setSelected(new Map());
          }}
        />
      )}
      {listing && (
        <ListingDialog
          subject={{
            kind: 'new',
            holdingId: listing._id,
            cardName: listing.card.name,
            fmv: listing.fmv,
          }}
          onClose={() => setListing(null)}
          onSaved={() =>
            setSelected((prev) => {
              const next = new Map(prev);
              next.delete(listing._id);
              return next;
            })
          }
        />
      )}
      <SellBackDialog
        offer={
          sellingBack?.sellBack
            ? {
                id: sellingBack.sourceId,
                cardName: sellingBack.card.name,
                amount: sellingBack.sellBack.amount,
                percent: sellingBack.sellBack.percent,
                fmv: sellingBack.fmv,
              }
            : null
        }
        open={sellingBack !== null}
        busy={sellBack.isPending}
        onCancel={() => setSellingBack(null)}
        onConfirm={() => {
          const id = sellingBack!.sourceId;
          setSellingBack(null);
          sellBack.mutate(id, {
            onSettled: () => void queryClient.invalidateQueries({ queryKey: vaultKeys.all }),
          });
        }}
      />
    </div>
  );
}
