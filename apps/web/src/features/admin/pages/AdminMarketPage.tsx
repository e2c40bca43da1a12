import { useRef } from 'react';
import clsx from 'clsx';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button, Form, FormTextField, Skeleton } from '@/components/ui';
import { ApiError } from '@/lib/api/client';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import { notify } from '@/lib/toast';
import { useAdminMarket, useFreezeListing, useMarketAccess } from '../api/market';
import { DataTable } from '../components/DataTable';
import admin from '../admin.module.css';
import styles from './AdminMarketPage.module.css';
import { LoadFailed } from '@/components/ui/LoadFailed';

const FreezeForm = z.object({
  listingId: z
    .string()
    .trim()
    .pipe(z.uuid({ message: 'Enter a listing id (from its page address).' })),
});
type FreezeDraft = { listingId: string };

/** Freeze or unfreeze one listing by its id (the last part of its page's address). */
function FreezeListing() {
  const freeze = useFreezeListing();
  // Which of the two buttons submitted the form.
  const frozen = useRef(true);
  return (
    <section aria-labelledby="market-freeze" className={clsx(admin.panel, styles.part)}>
      <h2 id="market-freeze" className={admin.heading}>
        Freeze a listing
      </h2>
      <p className={admin.muted}>
        A frozen listing stays on its page but cannot be bought or offered on until it is unfrozen.
      </p>
      <Form<FreezeDraft, FreezeDraft>
        schema={FreezeForm}
        defaultValues={{ listingId: '' }}
        label="Freeze or unfreeze a listing"
        className={styles.freeze}
        onSubmit={async ({ listingId }) => {
          const listing = await freeze.mutateAsync({ listingId, frozen: frozen.current });
          notify.success(
            `${listing.frozen ? 'Frozen' : 'Unfrozen'}: ${listing.card.name} by @${listing.seller}.`,
          );
        }}
      >
        <FormTextField<FreezeDraft> name="listingId" label="Listing id" size="small" />
        <div className={ui.buttonRow}>
          <Button
            type="submit"
            variant="contained"
            color="error"
            onClick={() => (frozen.current = true)}
            loading={freeze.isPending && freeze.variables?.frozen === true}
          >
            Freeze
          </Button>
          <Button
            type="submit"
            variant="outlined"
            onClick={() => (frozen.current = false)}
            loading={freeze.isPending && freeze.variables?.frozen === false}
          >
            Unfreeze
          </Button>
        </div>
      </Form>
    </section>
  );
}

/**
 * /admin/market (staff only): the marketplace's figures, the sales between related accounts
 * (kept out of the comps), the collectors whose market access is frozen, and freezing a listing.
 */
export default function AdminMarketPage() {
  const market = useAdminMarket();
  const access = useMarketAccess();
  const data = market.data;
  return (
    <section className={admin.page}>
      <h1 className={admin.title}>Marketplace</h1>
      <p className={clsx(admin.muted, styles.intro)}>
        Listings, offers and trades between collectors, the seller fees they brought, and sales
        flagged as between related accounts.
      </p>
      {market.isPending && <Skeleton variant="rounded" height={240} />}
      {market.isError && (
        <LoadFailed onRetry={market.refetch}>
          Could not load the marketplace figures. {market.error.message}
        </LoadFailed>
      )}
      {data && (
        <>
          <dl className={styles.totals} data-testid="market-figures">
            {(
              [
                ['Open listings', String(data.openListings)],
                ['Frozen listings', String(data.frozenListings)],
                ['Open offers', String(data.openOffers)],
                ['Open trades', String(data.openTrades)],
                ['Sales', String(data.sales)],
                ['Fees collected', formatUsd(data.feesCollected)],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className={admin.panel}>
                <dt>{label}</dt>
                <dd className={admin.figure}>{value}</dd>
              </div>
            ))}
          </dl>
          <section aria-labelledby="market-flagged" className={clsx(admin.panel, styles.part)}>
            <h2 id="market-flagged" className={admin.heading}>
              Flagged sales
            </h2>
            <p className={admin.muted}>
              Sales between related accounts (the same sign-in address in the last 30 days, or the
              same payout details). They are left out of the comps.
            </p>
            <DataTable
              label="Flagged sales"
              rows={data.flaggedSales}
              rowKey={(s) => s._id}
              empty="No flagged sales."
              columns={[
                { name: 'Sold', cell: (s) => dateTimeFormat.format(new Date(s.soldAt)) },
                {
                  name: 'Card',
                  cell: (s) => <span className={admin.wrapAnywhere}>{s.cardName}</span>,
                },
                { name: 'Seller', cell: (s) => `@${s.seller}` },
                { name: 'Buyer', cell: (s) => `@${s.buyer}` },
                { name: 'Price', cell: (s) => formatUsd(s.price) },
                { name: 'Why', cell: (s) => s.reason },
              ]}
            />
          </section>
          <section aria-labelledby="market-frozen" className={clsx(admin.panel, styles.part)}>
            <h2 id="market-frozen" className={admin.heading}>
              Frozen collectors
            </h2>
            <DataTable
              label="Frozen collectors"
              rows={data.frozenCollectors}
              rowKey={(c) => c.userId}
              empty="No collector's market access is frozen."
              columns={[
                {
                  name: 'Collector',
                  cell: (c) => (
                    <Link to={paths.adminUser.getHref(c.userId)} className={ui.textLink}>
                      @{c.username}
                    </Link>
                  ),
                },
                { name: 'Since', cell: (c) => dateTimeFormat.format(new Date(c.since)) },
                { name: 'Why', cell: (c) => c.reason },
                {
                  name: 'Action',
                  cell: (c) => (
                    <Button
                      size="small"
                      variant="outlined"
                      loading={access.isPending && access.variables?.userId === c.userId}
                      onClick={() =>
                        access.mutate(
                          { userId: c.userId, frozen: false },
                          {
                            onSuccess: () =>
                              notify.success(`Market access restored for @${c.username}.`),
                            onError: (error) =>
                              notify.error(
                                error instanceof ApiError
                                  ? error.message
                                  : 'Could not restore market access.',
                              ),
                          },
                        )
                      }
                    >
                      Restore access
                    </Button>
                  ),
                },
              ]}
            />
          </section>
        </>
      )}
      <FreezeListing />
    </section>
  );
}
