import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import {
  COOLING_OFF_HOURS,
  LIMIT_WINDOW_LABELS,
  REALITY_CHECK_MINUTES,
  SELF_EXCLUSION_LABELS,
  SELF_EXCLUSION_PERIODS,
  TIME_OUT_LABELS,
  TIME_OUT_PERIODS,
  type LimitsResponse,
  type LimitWindow,
  type LimitWindowState,
  SetLimitsBody,
} from '@grail/contract';
import {
  Alert,
  Button,
  Card,
  Dialog,
  DialogClose,
  Form,
  FormSubmit,
  FormTextField,
  Select,
  Skeleton,
} from '@/components/ui';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useLimits } from '@/lib/api/limits';
import {
  useEndSelfExclusion,
  useSelfExclude,
  useSetLimits,
  useSetRealityCheck,
  useStartTimeOut,
} from '../api/limits';
import styles from './LimitsTab.module.css';
import { LoadFailed } from '@/components/ui/LoadFailed';

const at = (iso: string) => dateTimeFormat.format(new Date(iso));

/** Where a collector can find help, whatever their country. */
const HELP = [
  {
    name: 'BeGambleAware',
    href: 'https://www.begambleaware.org',
    note: 'UK, free and confidential',
  },
  { name: 'GamCare', href: 'https://www.gamcare.org.uk', note: 'UK, 0808 8020 133' },
  {
    name: 'National Council on Problem Gambling',
    href: 'https://www.ncpgambling.org',
    note: 'US, call or text 1-800-GAMBLER',
  },
  { name: 'Gamblers Anonymous', href: 'https://www.gamblersanonymous.org', note: 'worldwide' },
];

function WindowLine({ state }: { state: LimitWindowState }) {
  if (state.amount === null && !state.pending) return null;
  return (
    <p className={styles.note} data-testid={`limit-${state.window}`}>
      {state.amount !== null &&
        `${formatUsd(state.remaining ?? 0)} of ${formatUsd(state.amount)} left` +
          (state.resetsAt ? `; more from ${at(state.resetsAt)}` : '') +
          '. '}
      {state.pending &&
        (state.pending.amount === null
          ? `Removal applies on ${at(state.pending.effectiveAt)}.`
          : `Increase to ${formatUsd(state.pending.amount)} applies on ${at(state.pending.effectiveAt)}.`)}
    </p>
  );
}

/** What each window's field shows: the limit asked for (a pending one included), else empty. */
const fieldsOf = (windows: LimitWindowState[]) =>
  Object.fromEntries(
    windows.map((w) => [
      w.window,
      w.pending ? String(w.pending.amount ?? '') : String(w.amount ?? ''),
    ]),
  ) as Record<LimitWindow, string>;

/**
 * The form's text per window, checked by the contract's amount for that window: empty removes the
 * limit (null), else whole dollars and cents from $1.
 */
const windowField = (window: LimitWindow) =>
  z
    .string()
    .trim()
    .refine(
      (text) => text === '' || SetLimitsBody.shape[window].safeParse(Number(text)).success,
      `Enter whole dollars and cents from $1 for the ${LIMIT_WINDOW_LABELS[window]} limit, or leave it empty.`,
    )
    .transform((text) => (text === '' ? null : Number(text)));

const LimitFields = z.object({
  '24h': windowField('24h'),
  '7d': windowField('7d'),
  '30d': windowField('30d'),
});

/** A panel that is a landmark named by its heading (the tests and screen readers find it so). */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Card title={<span id={id}>{title}</span>} level={3} className={styles.panel}>
        {children}
      </Card>
    </section>
  );
}

/** The three windows of one kind of limit; an empty field removes that window's limit. */
function LimitForm({
  kind,
  windows,
}: {
  kind: 'spending' | 'deposit';
  windows: LimitWindowState[];
}) {
  const save = useSetLimits(kind);
  const [saved, setSaved] = useState(false);
  return (
    <Panel title={kind === 'spending' ? 'Spending limits' : 'Deposit limits'}>
      <p className={styles.intro}>
        {kind === 'spending'
          ? 'Counts pack purchases, break spots and store orders over rolling windows.'
          : 'Counts wallet top-ups over rolling windows.'}{' '}
        A lower limit applies at once; a higher limit, or removing one, applies after{' '}
        {COOLING_OFF_HOURS} hours.
      </p>
      <Form
        schema={LimitFields}
        defaultValues={fieldsOf(windows)}
        onSubmit={async (body, form) => {
          setSaved(false);
          const state = await save.mutateAsync(body);
          form.reset(fieldsOf(state[kind]));
          setSaved(true);
        }}
      >
        {windows.map((w) => (
          <div key={w.window} className={styles.window}>
            <div className={styles.amount}>
              <FormTextField
                name={w.window}
                id={`${kind}-${w.window}`}
                label={`Per ${LIMIT_WINDOW_LABELS[w.window]}`}
                inputMode="decimal"
                startAdornment="$"
                placeholder="No limit"
              />
            </div>
            <WindowLine state={w} />
          </div>
        ))}
        {saved && (
          <Alert severity="success">
            Saved. Any increase or removal applies after {COOLING_OFF_HOURS} hours, as shown above.
          </Alert>
        )}
        <FormSubmit size="medium" fullWidth={false} className={styles.action}>
          Save {kind} limits
        </FormSubmit>
      </Form>
    </Panel>
  );
}

/**
 * A period picked from a list and the button that starts it. It cannot be undone, so the
 * collector confirms it in a dialog first.
 */
function PeriodCommand<Period extends string>({
  label,
  periods,
  labels,
  initial,
  action,
  color = 'primary',
  title,
  text,
  command,
}: {
  label: string;
  periods: readonly Period[];
  labels: Record<Period, string>;
  initial: Period;
  /** The words of the button and of the dialog's confirming button. */
  action: string;
  color?: 'primary' | 'error';
  /** The dialog's title and sentence, given the chosen period's label. */
  title: (period: string) => string;
  text: (period: string) => string;
  command: {
    mutate: (period: Period, options: { onSuccess: () => void }) => void;
    isPending: boolean;
    error: Error | null;
  };
}) {
  const [period, setPeriod] = useState<Period>(initial);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <div className={styles.choice}>
        <div className={styles.select}>
          <Select
            label={label}
            value={period}
            onValueChange={(next) => setPeriod(next as Period)}
            options={periods.map((p) => ({ value: p, label: labels[p] }))}
          />
        </div>
        <Button variant="outlined" color={color} onClick={() => setConfirming(true)}>
          {action}
        </Button>
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={title(labels[period])}
        description={text(labels[period])}
        actions={
          <>
            <DialogClose>
              <Button>Cancel</Button>
            </DialogClose>
            <Button
              color="error"
              variant="contained"
              onClick={() => command.mutate(period, { onSuccess: () => setConfirming(false) })}
              disabled={command.isPending}
            >
              {action}
            </Button>
          </>
        }
      >
        {command.error && <Alert severity="error">{command.error.message}</Alert>}
      </Dialog>
    </>
  );
}

function TimeOut({ state }: { state: LimitsResponse }) {
  const start = useStartTimeOut();
  return (
    <Panel title="Take a time-out">
      <p className={styles.intro}>
        No purchases and no top-ups until it ends. It cannot be undone or shortened.
      </p>
      {state.timeOutUntil && (
        <Alert severity="info" className={styles.spaced}>
          Your time-out runs until {at(state.timeOutUntil)}.
        </Alert>
      )}
      <PeriodCommand
        label="Length"
        periods={TIME_OUT_PERIODS}
        labels={TIME_OUT_LABELS}
        initial="24h"
        action="Start time-out"
        title={(period) => `Take a ${period} time-out?`}
        text={(period) =>
          `For ${period} you will not be able to buy packs, break spots or store items, or add funds. This cannot be undone early. Your cards still ship and your balance stays yours.`
        }
        command={start}
      />
    </Panel>
  );
}

function SelfExclusion({ state }: { state: LimitsResponse }) {
  const exclude = useSelfExclude();
  const end = useEndSelfExclusion();
  const excluded = state.selfExclusion;
  const periodOver = excluded && new Date(excluded.until) <= new Date();
  return (
    <Panel title="Self-exclusion">
      <p className={styles.intro}>
        Applies at once: purchases, top-ups, sell-backs for more than you paid and marketing e-mail
        stop. You can still withdraw your cash from the Wallet tab and claimed cards still ship.
        Ending it needs the period to pass and then a request, which takes effect{' '}
        {COOLING_OFF_HOURS} hours later.
      </p>
      {excluded ? (
        <div className={styles.stack}>
          <Alert severity="warning">
            You are self-excluded
            {excluded.endEffectiveAt
              ? ` until ${at(excluded.endEffectiveAt)}.`
              : periodOver
                ? '. The period has passed: you can ask to end it.'
                : `. The period ends on ${at(excluded.until)}.`}
          </Alert>
          {periodOver && !excluded.endEffectiveAt && (
            <div>
              <Button variant="outlined" onClick={() => end.mutate()} disabled={end.isPending}>
                Ask to end self-exclusion
              </Button>
            </div>
          )}
          {end.error && <Alert severity="error">{end.error.message}</Alert>}
        </div>
      ) : (
        <PeriodCommand
          label="Period"
          periods={SELF_EXCLUSION_PERIODS}
          labels={SELF_EXCLUSION_LABELS}
          initial="6m"
          action="Self-exclude"
          color="error"
          title={(period) => `Self-exclude for ${period}?`}
          text={(period) =>
            `For at least ${period} you will not be able to buy, add funds, sell back for profit or receive marketing e-mail. This cannot be undone: nobody, staff included, can lift it early.`
          }
          command={exclude}
        />
      )}
    </Panel>
  );
}

const REMINDER_OPTIONS = [
  { value: 'off', label: 'Off' },
  ...REALITY_CHECK_MINUTES.map((m) => ({ value: String(m), label: `${m} minutes` })),
];

function RealityCheckSetting({ state }: { state: LimitsResponse }) {
  const save = useSetRealityCheck();
  return (
    <Panel title="Reality check">
      <p className={styles.intro}>
        A reminder of the time you have spent and what you have spent this session.
      </p>
      <div className={styles.reminder}>
        <Select
          label="Remind me every"
          value={String(state.realityCheckMinutes ?? 'off')}
          onValueChange={(value) =>
            save.mutate(value === 'off' ? null : (Number(value) as 30 | 60 | 120))
          }
          disabled={save.isPending}
          options={REMINDER_OPTIONS}
        />
      </div>
      {save.error && (
        <Alert severity="error" className={styles.after}>
          {save.error.message}
        </Alert>
      )}
    </Panel>
  );
}

/** Dashboard 'Limits': responsible play controls, help organisations and the terms. */
export function LimitsTab() {
  const { data, isPending, isError, refetch } = useLimits();
  return (
    <div className={styles.tab}>
      <p className={styles.lead}>
        Grail packs and break spots are chance purchases. Set the limits that keep them fun; the
        rules are in the{' '}
        <RouterLink to={paths.terms.getHref()} className={styles.link}>
          terms
        </RouterLink>
        .
      </p>
      {isError && <LoadFailed onRetry={refetch}>Could not load your limits.</LoadFailed>}
      {isPending && <Skeleton variant="rounded" height={240} />}
      {data && (
        <>
          <Card className={styles.panel}>
            <p className={styles.overline}>Spent in the last 30 days</p>
            <p className={styles.spent} data-testid="spent-30-days">
              {formatUsd(data.spentLast30Days)}
            </p>
          </Card>
          <LimitForm kind="spending" windows={data.spending} />
          <LimitForm kind="deposit" windows={data.deposit} />
          <RealityCheckSetting state={data} />
          <TimeOut state={data} />
          <SelfExclusion state={data} />
        </>
      )}
      <Panel title="Need to talk to someone?">
        <ul className={styles.help}>
          {HELP.map((h) => (
            <li key={h.name}>
              <a href={h.href} target="_blank" rel="noopener noreferrer" className={styles.link}>
                {h.name}
              </a>{' '}
              <span className={styles.helpNote}>({h.note})</span>
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}
