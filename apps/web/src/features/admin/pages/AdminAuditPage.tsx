import clsx from 'clsx';
import { Button, TextField } from '@/components/ui';
import { dateTimeFormat } from '@/lib/format';
import { useAuditLog } from '../api/audit';
import { FilteredResults, FilterForm, useAddressFilters } from '../components/AddressFilters';
import { AuditDiff } from '../components/AuditDiff';
import admin from '../admin.module.css';
import styles from './AdminAuditPage.module.css';

const FILTER_KEYS = ['actor', 'action', 'subjectType', 'subjectId', 'from', 'to', 'page'] as const;
const PAGE_SIZE = 25;

/**
 * /admin/audit (staff only): what staff did, newest first, with who, when and each changed value
 * before and after. The filters live in the address. The log itself cannot be edited.
 */
export default function AdminAuditPage() {
  const { filters, setParams } = useAddressFilters(FILTER_KEYS, PAGE_SIZE);
  const log = useAuditLog(filters);
  const apply = (form: HTMLFormElement) => {
    const next = new URLSearchParams();
    const fields = new FormData(form);
    for (const key of FILTER_KEYS) {
      const value = String(fields.get(key) ?? '').trim();
      if (value && key !== 'page') next.set(key, value);
    }
    setParams(next);
  };
  const field = (name: (typeof FILTER_KEYS)[number], label: string, type = 'text') => (
    <TextField
      key={`${name}-${filters[name] ?? ''}`}
      name={name}
      label={label}
      type={type}
      defaultValue={filters[name] ?? ''}
    />
  );

  return (
    <section className={admin.page}>
      <h1 className={clsx(admin.title, styles.title)}>Audit log</h1>
      <p className={clsx(admin.muted, styles.intro)}>
        Every staff action, newest first. Entries are never changed or removed.
      </p>
      <FilterForm label="Filter the audit log" columns={3} onSubmit={apply}>
        {field('actor', 'Staff member (e-mail)')}
        {field('action', 'Action (e.g. card.update, or card.)')}
        {field('subjectType', 'Subject type (card, flag, user…)')}
        {field('subjectId', 'Subject id')}
        {field('from', 'From', 'date')}
        {field('to', 'To', 'date')}
        <div className={styles.buttons}>
          <Button type="submit" variant="contained">
            Filter
          </Button>
          <Button onClick={() => setParams(new URLSearchParams())}>Clear</Button>
        </div>
      </FilterForm>

      <FilteredResults
        query={log}
        loadingLabel="Loading the audit log"
        isEmpty={(data) => data.entries.length === 0}
        empty="No staff action matches these filters."
        count={(total) => `${total} entr${total === 1 ? 'y' : 'ies'}`}
        pagesLabel="Audit log pages"
      >
        {(data) => (
          <ol className={styles.entries}>
            {data.entries.map((entry) => (
              <li key={entry.id} className={admin.panel} data-testid="audit-entry">
                <div className={styles.entryHead}>
                  <h2 className={clsx(styles.action, admin.wrapAnywhere)}>
                    {entry.action} · {entry.subjectType} {entry.subjectId}
                  </h2>
                  <p className={clsx(admin.muted, admin.small)}>
                    <time dateTime={entry.createdAt}>
                      {dateTimeFormat.format(new Date(entry.createdAt))}
                    </time>
                  </p>
                </div>
                <p className={clsx(admin.muted, admin.small, admin.wrapAnywhere, styles.actor)}>
                  By {entry.actor.email ?? entry.actor.userId}
                </p>
                <AuditDiff before={entry.before} after={entry.after} />
              </li>
            ))}
          </ol>
        )}
      </FilteredResults>
    </section>
  );
}
