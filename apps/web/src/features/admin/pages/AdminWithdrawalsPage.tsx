import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import {
  PayWithdrawalBody,
  RejectWithdrawalBody,
  WITHDRAWAL_STATUS_LABELS,
  WITHDRAWAL_STATUSES,
  WithdrawalStatus,
  type AdminWithdrawal,
} from '@grail/contract';
import clsx from 'clsx';
import {
  Badge,
  Button,
  ButtonLink,
  Dialog,
  Form,
  FormSubmit,
  FormTextField,
  Skeleton,
} from '@/components/ui';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import {
  usePayWithdrawal,
  useRejectWithdrawal,
  useWithdrawalPayoutDetails,
  useWithdrawalQueue,
  WITHDRAWALS_PAGE_SIZE,
} from '../api/withdrawals';
import { PayoutDetailsReveal } from '../components/PayoutDetailsReveal';
import { Pager } from '../components/Pager';
import admin from '../admin.module.css';
import styles from './AdminWithdrawalsPage.module.css';
import { LoadFailed } from '@/components/ui/LoadFailed';

const STATUS_OPTIONS = WITHDRAWAL_STATUSES.map((s) => ({
  value: s,
  label: WITHDRAWAL_STATUS_LABELS[s],
}));
const when = (iso: string) => dateTimeFormat.format(new Date(iso));

/** Pay by hand and record the reference, or reject with a reason (the amount returns to cash). */
function Decide({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const [open, setOpen] = useState<'pay' | 'reject' | null>(null);
  const pay = usePayWithdrawal();
  const reject = useRejectWithdrawal();
  const amount = formatUsd(withdrawal.amount);
  return (
    <div className={styles.actions}>
      <Button variant="contained" onClick={() => setOpen('pay')}>
        Mark paid
      </Button>
      <Button variant="outlined" color="error" onClick={() => setOpen('reject')}>
        Reject
      </Button>
      <Dialog
        open={open === 'pay'}
        onOpenChange={(next) => setOpen(next ? 'pay' : null)}
        title={`Mark ${amount} paid`}
        description={`Pay ${amount} to ${withdrawal.payoutMethod.masked} first, then record the payment's reference. The collector is e-mailed.`}
      >
        <Form
          schema={PayWithdrawalBody}
          defaultValues={{ reference: '' }}
          onSubmit={async (body) => {
            await pay.mutateAsync({ withdrawalId: withdrawal._id, body });
            notify.success(`Withdrawal of ${amount} marked paid.`);
            setOpen(null);
          }}
        >
          <FormTextField name="reference" label="Payment reference" maxLength={100} />
          <FormSubmit pendingText="Saving...">Mark paid</FormSubmit>
        </Form>
      </Dialog>
      <Dialog
        open={open === 'reject'}
        onOpenChange={(next) => setOpen(next ? 'reject' : null)}
        title={`Reject ${amount}`}
        description="The amount returns to the collector's cash, and they are e-mailed the reason."
      >
        <Form
          schema={RejectWithdrawalBody}
          defaultValues={{ reason: '' }}
          onSubmit={async (body) => {
            await reject.mutateAsync({ withdrawalId: withdrawal._id, body });
            notify.success(`Withdrawal of ${amount} rejected; the amount is back in cash.`);
            setOpen(null);
          }}
        >
          <FormTextField name="reason" label="Reason" multiline rows={3} maxLength={500} />
          <FormSubmit pendingText="Rejecting..." color="error">
            Reject and return the amount
          </FormSubmit>
        </Form>
      </Dialog>
    </div>
  );
}

function WithdrawalItem({ withdrawal: w }: { withdrawal: AdminWithdrawal }) {
  const reveal = useWithdrawalPayoutDetails();
  return (
    <li className={clsx(admin.panel, styles.item)} data-testid="staff-withdrawal">
      <div className={styles.head}>
        <span className={admin.figure}>{formatUsd(w.amount)}</span>
        <Badge
          tone={w.status === 'paid' ? 'success' : w.status === 'rejected' ? 'error' : 'warning'}
        >
          {WITHDRAWAL_STATUS_LABELS[w.status]}
        </Badge>
      </div>
      <p className={clsx(admin.muted, admin.wrapAnywhere)}>
        {w.user.username} ({w.user.email}) · requested {when(w.createdAt)}
        {w.status === 'pending' && ` · pay by ${when(w.payBy)}`}
        {w.decidedAt && ` · ${w.status} ${when(w.decidedAt)}`}
      </p>
      <p className={styles.text}>To {w.payoutMethod.masked}</p>
      {w.reference && <p className={styles.text}>Reference {w.reference}</p>}
      {w.rejectReason && <p className={styles.text}>Rejected: {w.rejectReason}</p>}
      {w.status === 'pending' && (
        <>
          <PayoutDetailsReveal reveal={() => reveal.mutateAsync(w._id)} />
          <Decide withdrawal={w} />
        </>
      )}
    </li>
  );
}

/**
 * /admin/withdrawals (staff only): collectors' withdrawals, paid by hand within 2 business days.
 * The status shown and the page live in the address.
 */
export default function AdminWithdrawalsPage() {
  const [params, setParams] = useSearchParams();
  const parsed = WithdrawalStatus.safeParse(params.get('status'));
  const status = parsed.success ? parsed.data : 'pending';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isPending, isError, error, refetch } = useWithdrawalQueue(status, page);
  const pages = data ? Math.max(1, Math.ceil(data.total / WITHDRAWALS_PAGE_SIZE)) : 1;
  return (
    <section className={admin.page}>
      <ButtonLink to={paths.admin.getHref()} startIcon={<ArrowLeft aria-hidden />}>
        Admin
      </ButtonLink>
      <h1 className={admin.title}>Withdrawals</h1>
      <p className={clsx(admin.muted, styles.intro)}>
        Cash collectors asked to withdraw, oldest first. Pay each by hand within 2 business days and
        record the reference, or reject it with a reason: the amount returns to their cash.
      </p>
      <div className={styles.filter}>
        <NativeSelect
          label="Show"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(value) => setParams({ status: value })}
        />
      </div>
      {isError && (
        <LoadFailed onRetry={refetch}>Could not load the withdrawals. {error.message}</LoadFailed>
      )}
      {isPending && <Skeleton variant="rounded" height={160} />}
      {data && data.withdrawals.length === 0 && (
        <p className={admin.muted}>
          {status === 'pending' ? 'No withdrawals waiting.' : 'None yet.'}
        </p>
      )}
      {data && data.withdrawals.length > 0 && (
        <ul className={styles.list} aria-label={`${WITHDRAWAL_STATUS_LABELS[status]} withdrawals`}>
          {data.withdrawals.map((w) => (
            <WithdrawalItem key={w._id} withdrawal={w} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <Pager
          label="Pages of withdrawals"
          page={page}
          pages={pages}
          onPage={(next) => setParams({ status, page: String(next) })}
        />
      )}
    </section>
  );
}
