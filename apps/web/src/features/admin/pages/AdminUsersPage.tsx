import { useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  WalletAdjustmentBody,
  type StaffUserDetail,
  type StaffUserRole,
  type StaffUserSummary,
} from '@grail/contract';
import {
  Alert,
  Badge,
  Button,
  Dialog,
  DialogClose,
  Form,
  FormCheckbox,
  FormSubmit,
  FormTextField,
  Select,
  Spinner,
  TextField,
} from '@/components/ui';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import ui from '@/lib/styles/ui.module.css';
import {
  useAdjustWallet,
  useSetDisabled,
  useSetRole,
  useStaffUser,
  useUserSearch,
} from '../api/staffUsers';
import { DataTable } from '../components/DataTable';
import { Pager } from '../components/Pager';
import { UserLimits } from '../components/UserLimits';
import { UserVault } from '../components/UserVault';
import { AuthHealthCheck } from '@/components/AuthHealthCheck';
import { LedgerTable } from '@/components/LedgerTable';
import admin from '../admin.module.css';
import styles from './AdminUsersPage.module.css';

const when = (iso: string) => dateTimeFormat.format(new Date(iso));
const userHref = (id: string) => `${paths.adminUsers.getHref()}/${encodeURIComponent(id)}`;

function StatusChips({ user }: { user: StaffUserSummary }) {
  return (
    <>
      <Badge>{user.role === 'admin' ? 'Admin' : 'Collector'}</Badge>
      {user.disabledAt && (
        <Badge tone="error" variant="filled">
          Disabled
        </Badge>
      )}
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={`${admin.panel} ${styles.section}`} aria-label={title}>
      <h2 className={admin.heading}>{title}</h2>
      {children}
    </section>
  );
}

function UserSearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(q);
  const search = useUserSearch(q, page);
  const data = search.data;
  const pages = data ? Math.ceil(data.total / data.limit) : 0;
  const goTo = (p: number) => setParams(q ? { q, page: String(p) } : { page: String(p) });
  return (
    <>
      <form
        role="search"
        className={styles.search}
        onSubmit={(e) => {
          e.preventDefault();
          setParams(text.trim() ? { q: text.trim() } : {});
        }}
      >
        <div className={styles.searchField}>
          <TextField
            label="E-mail or username"
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={200}
          />
        </div>
        <Button type="submit" variant="contained">
          Search
        </Button>
      </form>
      {search.isPending && <Spinner label="Loading accounts" />}
      {search.isError && <Alert severity="error">{search.error.message}</Alert>}
      {data && (
        <div className={admin.panel}>
          <DataTable
            label="Accounts"
            rows={data.users}
            rowKey={(u) => u._id}
            empty={q ? `No account matches “${q}”.` : 'No accounts yet.'}
            columns={[
              {
                name: 'Username',
                cell: (u) => (
                  <Link to={userHref(u._id)} className={ui.textLink}>
                    {u.username}
                  </Link>
                ),
              },
              { name: 'E-mail', cell: (u) => u.email },
              {
                name: 'Status',
                cell: (u) => (
                  <span className={styles.chips}>
                    <StatusChips user={u} />
                  </span>
                ),
              },
              { name: 'Joined', cell: (u) => when(u.createdAt) },
            ]}
          />
          {pages > 1 && <Pager label="Pages of accounts" page={page} pages={pages} onPage={goTo} />}
        </div>
      )}
    </>
  );
}

/**
 * The adjustment as typed: the contract's amount and reason, with the words staff see for a
 * blank or unreadable amount and a reason too short to say why.
 */
const WalletAdjustmentForm = z.object({
  amount: z
    .string()
    .trim()
    .min(1, 'Enter an amount.')
    .pipe(z.coerce.number({ message: 'Enter an amount in dollars, such as 25 or -10.50.' }))
    .pipe(WalletAdjustmentBody.shape.amount),
  reason: z
    .string()
    .trim()
    .min(3, 'Say why, in at least 3 characters.')
    .pipe(WalletAdjustmentBody.shape.reason),
  storeCredit: WalletAdjustmentBody.shape.storeCredit,
});

function WalletAdjustForm({ userId }: { userId: string }) {
  const adjust = useAdjustWallet(userId);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  return (
    <Form
      schema={WalletAdjustmentForm}
      defaultValues={{ amount: '', reason: '', storeCredit: false }}
      label="Adjust wallet"
      className={`${admin.row} ${styles.adjust}`}
      onSubmit={async (body, form) => {
        await adjust.mutateAsync({ body, idempotencyKey });
        notify.success('Wallet adjusted.');
        form.reset();
        setIdempotencyKey(crypto.randomUUID());
      }}
    >
      <FormTextField name="amount" label="Amount (USD, negative to take)" inputMode="decimal" />
      <div className={styles.grow}>
        <FormTextField name="reason" label="Reason" maxLength={200} />
      </div>
      <FormCheckbox name="storeCredit" label="As store credit (spent first, never withdrawn)" />
      <FormSubmit size="medium" fullWidth={false}>
        Adjust wallet
      </FormSubmit>
    </Form>
  );
}

function AccountActions({ detail }: { detail: StaffUserDetail }) {
  const { user } = detail;
  const setRole = useSetRole(user._id);
  const setDisabled = useSetDisabled(user._id);
  const [role, setRoleChoice] = useState<StaffUserRole>(user.role);
  const [confirming, setConfirming] = useState(false);
  const disabling = !user.disabledAt;
  return (
    <div className={styles.actions}>
      <div className={styles.actionRow}>
        <div className={styles.role}>
          <Select
            label="Role"
            value={role}
            onValueChange={(value) => setRoleChoice(value as StaffUserRole)}
            options={[
              { value: 'user', label: 'Collector' },
              { value: 'admin', label: 'Admin' },
            ]}
          />
        </div>
        <Button
          variant="outlined"
          disabled={role === user.role || setRole.isPending}
          onClick={() => setRole.mutate(role, { onSuccess: () => notify.success('Role changed.') })}
        >
          Change role
        </Button>
        <Button
          variant={disabling ? 'outlined' : 'contained'}
          color={disabling ? 'error' : 'primary'}
          onClick={() => setConfirming(true)}
        >
          {disabling ? 'Disable account' : 'Re-enable account'}
        </Button>
      </div>
      {setRole.error && <Alert severity="error">{setRole.error.message}</Alert>}
      {setDisabled.error && <Alert severity="error">{setDisabled.error.message}</Alert>}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={disabling ? 'Disable this account?' : 'Re-enable this account?'}
        description={
          disabling
            ? `${user.username} is signed out everywhere at once and cannot sign in until re-enabled.`
            : `${user.username} can sign in again.`
        }
        actions={
          <>
            <DialogClose>
              <Button>Cancel</Button>
            </DialogClose>
            <Button
              color={disabling ? 'error' : 'primary'}
              disabled={setDisabled.isPending}
              onClick={() =>
                setDisabled.mutate(disabling, {
                  onSettled: () => setConfirming(false),
                  onSuccess: () =>
                    notify.success(disabling ? 'Account disabled.' : 'Account re-enabled.'),
                })
              }
            >
              {disabling ? 'Disable' : 'Re-enable'}
            </Button>
          </>
        }
      />
    </div>
  );
}

function UserDetail({ userId }: { userId: string }) {
  const detail = useStaffUser(userId);
  if (detail.isPending) return <Spinner label="Loading the account" />;
  if (detail.isError) return <Alert severity="error">{detail.error.message}</Alert>;
  const d = detail.data;
  return (
    <>
      <div className={styles.name}>
        <h2 className={`${styles.username} ${admin.wrapAnywhere}`}>{d.user.username}</h2>
        <StatusChips user={d.user} />
      </div>
      <p className={`${admin.muted} ${admin.wrapAnywhere} ${styles.joined}`}>
        {d.user.email} · joined {when(d.user.createdAt)}
      </p>
      <Section title="Account">
        <AccountActions key={`${d.user.role}-${d.user.disabledAt}`} detail={d} />
      </Section>
      <div className={styles.section}>
        <UserLimits userId={d.user._id} />
      </div>
      <Section title="Wallet">
        <p className={admin.figure}>{formatUsd(d.balance)}</p>
        <WalletAdjustForm userId={d.user._id} />
        <div className={styles.ledger}>
          {d.ledger.length === 0 ? (
            <p className={admin.muted}>No wallet entries yet.</p>
          ) : (
            <LedgerTable label="Ledger" entries={d.ledger} />
          )}
        </div>
      </Section>
      <Section title="Vault">
        <UserVault userId={d.user._id} />
      </Section>
      <Section title="Orders">
        <DataTable
          label="Orders"
          rows={d.orders}
          rowKey={(o) => o._id}
          empty="No orders."
          columns={[
            { name: 'Placed', cell: (o) => when(o.createdAt) },
            { name: 'Items', cell: (o) => o.items },
            { name: 'Total', cell: (o) => formatUsd(o.total) },
            { name: 'Status', cell: (o) => o.status },
          ]}
        />
      </Section>
      <Section title="Pulls">
        <DataTable
          label="Pulls"
          rows={d.pulls}
          rowKey={(p) => p._id}
          empty="No pulls."
          columns={[
            { name: 'Pulled', cell: (p) => when(p.pulledAt) },
            { name: 'Card', cell: (p) => p.cardName },
            { name: 'FMV', cell: (p) => formatUsd(p.fmv) },
            { name: 'Status', cell: (p) => p.status.replace('_', ' ') },
          ]}
        />
      </Section>
      <Section title="Sessions">
        <DataTable
          label="Sessions"
          rows={d.sessions}
          rowKey={(s) => s._id}
          empty="Not signed in anywhere."
          columns={[
            { name: 'Last seen', cell: (s) => when(s.lastSeenAt) },
            { name: 'Signed in', cell: (s) => when(s.createdAt) },
            { name: 'IP', cell: (s) => s.ip ?? '—' },
            { name: 'Browser', cell: (s) => s.userAgent ?? '—' },
          ]}
        />
      </Section>
    </>
  );
}

/**
 * /admin/users and /admin/users/:userId: find an account by e-mail or username, then see its
 * wallet, orders, pulls and sessions; adjust the wallet, disable or re-enable it, change its role.
 */
export function AdminUsersPage() {
  const { userId } = useParams();
  return (
    <section className={admin.page}>
      <h1 className={admin.title}>Users</h1>
      {userId ? (
        <>
          <Link to={paths.adminUsers.getHref()} className={`${ui.textLink} ${admin.small}`}>
            ← All users
          </Link>
          <div className={styles.detail}>
            <UserDetail userId={userId} />
          </div>
        </>
      ) : (
        <UserSearch />
      )}
      <section aria-labelledby="sign-in-check" className={styles.signInCheck}>
        <h2 id="sign-in-check" className={admin.heading}>
          Sign-in check
        </h2>
        <p className={`${admin.muted} ${admin.small} ${styles.signInText}`}>
          What this browser&apos;s sign-in reports: the same check collectors find under
          &ldquo;Having trouble signing in?&rdquo; on the sign-in page.
        </p>
        <AuthHealthCheck />
      </section>
    </section>
  );
}
