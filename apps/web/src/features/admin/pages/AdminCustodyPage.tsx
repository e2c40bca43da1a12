import { Link, useSearchParams } from 'react-router';
import { HOLDING_STATE_LABELS } from '@grail/contract';
import clsx from 'clsx';
import { Skeleton, Table } from '@/components/ui';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import { CUSTODY_PAGE_SIZE, useCustodyReport } from '../api/vault';
import { Pager } from '../components/Pager';
import admin from '../admin.module.css';
import styles from './AdminCustodyPage.module.css';
import { LoadFailed } from '@/components/ui/LoadFailed';

/**
 * /admin/custody (staff only): every card we hold for collectors and what it is insured for (its
 * FMV), by state and by owner, each owner linked to their account. The page lives in the address.
 */
export default function AdminCustodyPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const report = useCustodyReport(page);
  const data = report.data;
  const pages = Math.max(1, Math.ceil((data?.totals.owners ?? 0) / CUSTODY_PAGE_SIZE));
  return (
    <section className={admin.page}>
      <h1 className={admin.title}>Custody</h1>
      <p className={clsx(admin.muted, styles.intro)}>
        Cards we hold for collectors and the value they are insured for (their fair market value),
        by state and by owner.
      </p>
      {report.isPending && <Skeleton variant="rounded" height={240} />}
      {report.isError && (
        <LoadFailed onRetry={report.refetch}>
          Could not load the custody report. {report.error.message}
        </LoadFailed>
      )}
      {data && (
        <>
          <dl className={styles.totals} data-testid="custody-totals">
            <div className={admin.panel}>
              <dt>Cards held</dt>
              <dd className={admin.figure}>{data.totals.cards}</dd>
            </div>
            <div className={admin.panel}>
              <dt>Insured value</dt>
              <dd className={admin.figure}>{formatUsd(data.totals.insuredValue)}</dd>
            </div>
            <div className={admin.panel}>
              <dt>As of</dt>
              <dd className={styles.asOf}>{dateTimeFormat.format(new Date(data.asOf))}</dd>
            </div>
          </dl>
          <section aria-labelledby="custody-by-state" className={clsx(admin.panel, styles.part)}>
            <h2 id="custody-by-state" className={admin.heading}>
              By state
            </h2>
            <Table
              label="Cards by state"
              rows={data.byState}
              rowKey={(r) => r.state}
              empty="No cards in the vault."
              columns={[
                { key: 'state', title: 'State', cell: (r) => HOLDING_STATE_LABELS[r.state] },
                { key: 'cards', title: 'Cards', align: 'right', cell: (r) => r.cards },
                {
                  key: 'value',
                  title: 'Insured value',
                  align: 'right',
                  cell: (r) => formatUsd(r.insuredValue),
                },
              ]}
            />
          </section>
          <section aria-labelledby="custody-by-owner" className={clsx(admin.panel, styles.part)}>
            <div className={styles.ownersHead}>
              <h2 id="custody-by-owner" className={admin.heading}>
                By owner
              </h2>
              <span className={admin.muted} data-testid="custody-owners">
                {data.totals.owners} {data.totals.owners === 1 ? 'owner' : 'owners'}
              </span>
            </div>
            <Table
              label="Cards by owner"
              rows={data.byOwner}
              rowKey={(r) => r.user._id}
              empty={page > 1 ? 'No more owners.' : 'No collector has cards in the vault.'}
              columns={[
                {
                  key: 'owner',
                  title: 'Owner',
                  cell: (r) => (
                    <span className={admin.wrapAnywhere}>
                      <Link to={paths.adminUser.getHref(r.user._id)} className={ui.textLink}>
                        {r.user.username}
                      </Link>
                      <span className={admin.subLine}>{r.user.email}</span>
                    </span>
                  ),
                },
                { key: 'cards', title: 'Cards', align: 'right', cell: (r) => r.cards },
                {
                  key: 'value',
                  title: 'Insured value',
                  align: 'right',
                  cell: (r) => formatUsd(r.insuredValue),
                },
              ]}
            />
            {(page > 1 || pages > 1) && (
              <Pager
                label="Pages of owners"
                page={page}
                pages={pages}
                onPage={(next) => setParams({ page: String(next) })}
              />
            )}
          </section>
        </>
      )}
    </section>
  );
}
