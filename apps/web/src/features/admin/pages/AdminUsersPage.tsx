import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  MenuItem,
  Pagination,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { ValueField } from '@/components/ValueField';
import {
  isWholeCents,
  MAX_DOLLARS,
  type StaffUserDetail,
  type StaffUserRole,
  type StaffUserSummary,
} from '@grail/contract';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import {
  useAdjustWallet,
  useSetDisabled,
  useSetRole,
  useStaffUser,
  useUserSearch,
} from '../api/staffUsers';
import { DataTable } from '../components/DataTable';
import { UserLimits } from '../components/UserLimits';
import { AuthHealthCheck } from '@/components/AuthHealthCheck';
import { LedgerTable } from '@/components/LedgerTable';
import { RowForm } from '../components/RowForm';

const when = (iso: string) => dateTimeFormat.format(new Date(iso));
const userHref = (id: string) => `${paths.adminUsers.getHref()}/${encodeURIComponent(id)}`;

function StatusChips({ user }: { user: StaffUserSummary }) {
  return (
    <>
      <Chip size="small" label={user.role === 'admin' ? 'Admin' : 'Collector'} />
      {user.disabledAt && <Chip size="small" color="error" label="Disabled" />}
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2, mb: 3 }} aria-label={title}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function UserSearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(q);
  const search = useUserSearch(q, page);
  const data = search.data;
  return (
    <>
      <Stack
        component="form"
        role="search"
        direction="row"
        spacing={1}
        sx={{ mb: 2 }}
        onSubmit={(e) => {
          e.preventDefault();
          setParams(text.trim() ? { q: text.trim() } : {});
        }}
      >
        <ValueField
          label="E-mail or username"
          value={text}
          onValue={setText}
          sx={{ flex: 1, maxWidth: 420 }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Button type="submit" variant="contained">
          Search
        </Button>
      </Stack>
      {search.isPending && <CircularProgress aria-label="Loading accounts" />}
      {search.isError && <Alert severity="error">{search.error.message}</Alert>}
      {data && (
        <Paper variant="outlined">
          <Box sx={{ p: 2 }}>
            <DataTable
              label="Accounts"
              rows={data.users}
              rowKey={(u) => u._id}
              empty={q ? `No account matches “${q}”.` : 'No accounts yet.'}
              columns={[
                {
                  name: 'Username',
                  cell: (u) => (
                    <Link component={RouterLink} to={userHref(u._id)}>
                      {u.username}
                    </Link>
                  ),
                },
                { name: 'E-mail', cell: (u) => u.email },
                {
                  name: 'Status',
                  cell: (u) => (
                    <Stack direction="row" spacing={0.5}>
                      <StatusChips user={u} />
                    </Stack>
                  ),
                },
                { name: 'Joined', cell: (u) => when(u.createdAt) },
              ]}
            />
          </Box>
          {data.total > data.limit && (
            <Pagination
              sx={{ p: 2 }}
              page={page}
              count={Math.ceil(data.total / data.limit)}
              onChange={(_, p) => setParams(q ? { q, page: String(p) } : { page: String(p) })}
            />
          )}
        </Paper>
      )}
    </>
  );
}

/** What is wrong with an adjustment as typed, per field, in words for staff. */
function adjustmentProblems(amount: string, reason: string) {
  const value = Number(amount.trim());
  const problems: { amount?: string; reason?: string } = {};
  if (amount.trim() === '') problems.amount = 'Enter an amount.';
  else if (!Number.isFinite(value)) {
    problems.amount = 'Enter an amount in dollars, such as 25 or -10.50.';
  } else if (value === 0) problems.amount = 'Enter an amount other than 0.';
  else if (Math.abs(value) > MAX_DOLLARS) {
    problems.amount = `Enter at most ${formatUsd(MAX_DOLLARS)} either way.`;
  } else if (!isWholeCents(value)) problems.amount = 'Use at most 2 decimals.';
  if (reason.trim().length < 3) problems.reason = 'Say why, in at least 3 characters.';
  return problems;
}

function WalletAdjustForm({ userId }: { userId: string }) {
  const adjust = useAdjustWallet(userId);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<ReturnType<typeof adjustmentProblems>>({});
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  return (
    <RowForm
      noValidate
      sx={{ mt: 2, alignItems: { sm: 'flex-start' } }}
      onSubmit={() => {
        const found = adjustmentProblems(amount, reason);
        setProblems(found);
        if (found.amount || found.reason) return;
        adjust.mutate(
          { body: { amount: Number(amount.trim()), reason: reason.trim() }, idempotencyKey },
          {
            onSuccess: () => {
              notify.success('Wallet adjusted.');
              setAmount('');
              setReason('');
              setIdempotencyKey(crypto.randomUUID());
            },
          },
        );
      }}
    >
      <ValueField
        label="Amount (USD, negative to take)"
        value={amount}
        onValue={setAmount}
        problem={problems.amount}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <ValueField
        label="Reason"
        value={reason}
        onValue={setReason}
        problem={problems.reason}
        sx={{ flex: 1 }}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <Button type="submit" variant="contained" disabled={adjust.isPending}>
        Adjust wallet
      </Button>
      {adjust.error && <Alert severity="error">{adjust.error.message}</Alert>}
    </RowForm>
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
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <TextField
          select
          size="small"
          label="Role"
          value={role}
          onChange={(e) => setRoleChoice(e.target.value as StaffUserRole)}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="user">Collector</MenuItem>
          <MenuItem value="admin">Admin</MenuItem>
        </TextField>
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
      </Stack>
      {setRole.error && <Alert severity="error">{setRole.error.message}</Alert>}
      {setDisabled.error && <Alert severity="error">{setDisabled.error.message}</Alert>}
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogTitle>{disabling ? 'Disable this account?' : 'Re-enable this account?'}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {disabling
              ? `${user.username} is signed out everywhere at once and cannot sign in until re-enabled.`
              : `${user.username} can sign in again.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
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
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

function UserDetail({ userId }: { userId: string }) {
  const detail = useStaffUser(userId);
  if (detail.isPending) return <CircularProgress aria-label="Loading the account" />;
  if (detail.isError) return <Alert severity="error">{detail.error.message}</Alert>;
  const d = detail.data;
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
          {d.user.username}
        </Typography>
        <StatusChips user={d.user} />
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        {d.user.email} · joined {when(d.user.createdAt)}
      </Typography>
      <Section title="Account">
        <AccountActions key={`${d.user.role}-${d.user.disabledAt}`} detail={d} />
      </Section>
      <Box sx={{ mb: 3 }}>
        <UserLimits userId={d.user._id} />
      </Box>
      <Section title="Wallet">
        <Typography variant="h4" component="p" sx={{ fontWeight: 800 }}>
          {formatUsd(d.balance)}
        </Typography>
        <WalletAdjustForm userId={d.user._id} />
        <Box sx={{ mt: 2 }}>
          {d.ledger.length === 0 ? (
            <Typography color="text.secondary">No wallet entries yet.</Typography>
          ) : (
            <LedgerTable label="Ledger" entries={d.ledger} />
          )}
        </Box>
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
    <Box component="section" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 800 }}>
        Users
      </Typography>
      {userId ? (
        <>
          <Link component={RouterLink} to={paths.adminUsers.getHref()} variant="body2">
            ← All users
          </Link>
          <Box sx={{ mt: 2 }}>
            <UserDetail userId={userId} />
          </Box>
        </>
      ) : (
        <UserSearch />
      )}
      <Box component="section" aria-labelledby="sign-in-check" sx={{ mt: 4 }}>
        <Typography id="sign-in-check" variant="h6" component="h2" gutterBottom>
          Sign-in check
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          What this browser&apos;s sign-in reports: the same check collectors find under
          &ldquo;Having trouble signing in?&rdquo; on the sign-in page.
        </Typography>
        <AuthHealthCheck />
      </Box>
    </Box>
  );
}
