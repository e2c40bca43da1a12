import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  InputAdornment,
  Link,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  COOLING_OFF_HOURS,
  LIMIT_WINDOW_LABELS,
  LIMIT_WINDOWS,
  MAX_DOLLARS,
  REALITY_CHECK_MINUTES,
  SELF_EXCLUSION_LABELS,
  SELF_EXCLUSION_PERIODS,
  TIME_OUT_LABELS,
  TIME_OUT_PERIODS,
  isWholeCents,
  type LimitsResponse,
  type LimitWindow,
  type LimitWindowState,
  type SelfExclusionPeriod,
  type SetLimitsBody,
  type TimeOutPeriod,
} from '@grail/contract';
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
    <Typography variant="body2" color="text.secondary" data-testid={`limit-${state.window}`}>
      {state.amount !== null &&
        `${formatUsd(state.remaining ?? 0)} of ${formatUsd(state.amount)} left` +
          (state.resetsAt ? `; more from ${at(state.resetsAt)}` : '') +
          '. '}
      {state.pending &&
        (state.pending.amount === null
          ? `Removal applies on ${at(state.pending.effectiveAt)}.`
          : `Increase to ${formatUsd(state.pending.amount)} applies on ${at(state.pending.effectiveAt)}.`)}
    </Typography>
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

/** The three windows of one kind of limit; an empty field removes that window's limit. */
function LimitForm({
  kind,
  windows,
}: {
  kind: 'spending' | 'deposit';
  windows: LimitWindowState[];
}) {
  const save = useSetLimits(kind);
  const [values, setValues] = useState(() => fieldsOf(windows));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const title = kind === 'spending' ? 'Spending limits' : 'Deposit limits';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body: SetLimitsBody = {};
    for (const window of LIMIT_WINDOWS) {
      const text = values[window].trim();
      const amount = Number(text);
      if (text !== '' && !(amount >= 1 && amount <= MAX_DOLLARS && isWholeCents(amount))) {
        setError(
          `Enter whole dollars and cents from $1 for the ${LIMIT_WINDOW_LABELS[window]} limit, or leave it empty.`,
        );
        return;
      }
      body[window] = text === '' ? null : amount;
    }
    setError(null);
    setSaved(false);
    save.mutate(body, {
      onSuccess: (state) => {
        setValues(fieldsOf(state[kind]));
        setSaved(true);
      },
      onError: (e) => setError(e.message),
    });
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2.5 }}
      component="section"
      aria-labelledby={`${kind}-limits`}
    >
      <Typography variant="h6" component="h3" id={`${kind}-limits`}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {kind === 'spending'
          ? 'Counts pack purchases, break spots and store orders over rolling windows.'
          : 'Counts wallet top-ups over rolling windows.'}{' '}
        A lower limit applies at once; a higher limit, or removing one, applies after{' '}
        {COOLING_OFF_HOURS} hours.
      </Typography>
      <Stack component="form" onSubmit={submit} spacing={2}>
        {windows.map((w) => (
          <Stack key={w.window} spacing={0.5}>
            <TextField
              label={`Per ${LIMIT_WINDOW_LABELS[w.window]}`}
              size="small"
              value={values[w.window]}
              onChange={(e) => setValues({ ...values, [w.window]: e.target.value })}
              placeholder="No limit"
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                htmlInput: { inputMode: 'decimal', name: `${kind}-${w.window}` },
              }}
              sx={{ maxWidth: 260 }}
            />
            <WindowLine state={w} />
          </Stack>
        ))}
        {error && <Alert severity="error">{error}</Alert>}
        {saved && !error && (
          <Alert severity="success">
            Saved. Any increase or removal applies after {COOLING_OFF_HOURS} hours, as shown above.
          </Alert>
        )}
        <div>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save {kind} limits
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}

/** A choice that cannot be undone: the collector confirms it in a dialog first. */
function ConfirmDialog({
  open,
  title,
  text,
  confirm,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  confirm: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="limits-confirm-title">
      <DialogTitle id="limits-confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={pending}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function TimeOut({ state }: { state: LimitsResponse }) {
  const [period, setPeriod] = useState<TimeOutPeriod>('24h');
  const [confirming, setConfirming] = useState(false);
  const start = useStartTimeOut();
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} component="section" aria-labelledby="time-out">
      <Typography variant="h6" component="h3" id="time-out">
        Take a time-out
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        No purchases and no top-ups until it ends. It cannot be undone or shortened.
      </Typography>
      {state.timeOutUntil && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Your time-out runs until {at(state.timeOutUntil)}.
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          select
          size="small"
          label="Length"
          value={period}
          onChange={(e) => setPeriod(e.target.value as TimeOutPeriod)}
          sx={{ minWidth: 160 }}
        >
          {TIME_OUT_PERIODS.map((p) => (
            <MenuItem key={p} value={p}>
              {TIME_OUT_LABELS[p]}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={() => setConfirming(true)}>
          Start time-out
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={`Take a ${TIME_OUT_LABELS[period]} time-out?`}
        text={`For ${TIME_OUT_LABELS[period]} you will not be able to buy packs, break spots or store items, or add funds. This cannot be undone early. Your cards still ship and your balance stays yours.`}
        confirm="Start time-out"
        pending={start.isPending}
        error={start.error?.message ?? null}
        onConfirm={() => start.mutate(period, { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}

function SelfExclusion({ state }: { state: LimitsResponse }) {
  const [period, setPeriod] = useState<SelfExclusionPeriod>('6m');
  const [confirming, setConfirming] = useState(false);
  const exclude = useSelfExclude();
  const end = useEndSelfExclusion();
  const excluded = state.selfExclusion;
  const periodOver = excluded && new Date(excluded.until) <= new Date();
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} component="section" aria-labelledby="self-exclusion">
      <Typography variant="h6" component="h3" id="self-exclusion">
        Self-exclusion
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Applies at once: purchases, top-ups, sell-backs for more than you paid and marketing e-mail
        stop. You can still withdraw your balance and claimed cards still ship. Ending it needs the
        period to pass and then a request, which takes effect {COOLING_OFF_HOURS} hours later.
      </Typography>
      {excluded ? (
        <Stack spacing={1.5}>
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
        </Stack>
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField
            select
            size="small"
            label="Period"
            value={period}
            onChange={(e) => setPeriod(e.target.value as SelfExclusionPeriod)}
            sx={{ minWidth: 160 }}
          >
            {SELF_EXCLUSION_PERIODS.map((p) => (
              <MenuItem key={p} value={p}>
                {SELF_EXCLUSION_LABELS[p]}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
            Self-exclude
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Self-exclude for ${SELF_EXCLUSION_LABELS[period]}?`}
        text={`For at least ${SELF_EXCLUSION_LABELS[period]} you will not be able to buy, add funds, sell back for profit or receive marketing e-mail. This cannot be undone: nobody, staff included, can lift it early.`}
        confirm="Self-exclude"
        pending={exclude.isPending}
        error={exclude.error?.message ?? null}
        onConfirm={() => exclude.mutate(period, { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}

function RealityCheckSetting({ state }: { state: LimitsResponse }) {
  const save = useSetRealityCheck();
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} component="section" aria-labelledby="reality-check">
      <Typography variant="h6" component="h3" id="reality-check">
        Reality check
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        A reminder of the time you have spent and what you have spent this session.
      </Typography>
      <TextField
        select
        size="small"
        label="Remind me every"
        value={String(state.realityCheckMinutes ?? 'off')}
        onChange={(e) =>
          save.mutate(e.target.value === 'off' ? null : (Number(e.target.value) as 30 | 60 | 120))
        }
        disabled={save.isPending}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="off">Off</MenuItem>
        {REALITY_CHECK_MINUTES.map((m) => (
          <MenuItem key={m} value={String(m)}>
            {m} minutes
          </MenuItem>
        ))}
      </TextField>
      {save.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {save.error.message}
        </Alert>
      )}
    </Paper>
  );
}

/** Dashboard 'Limits': responsible play controls, help organisations and the terms. */
export function LimitsTab() {
  const { data, isPending, isError, refetch } = useLimits();
  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">
        Grail packs and break spots are chance purchases. Set the limits that keep them fun; the
        rules are in the{' '}
        <Link component={RouterLink} to={paths.terms.getHref()}>
          terms
        </Link>
        .
      </Typography>
      {isError && (
        <Alert severity="error" action={<Button onClick={() => void refetch()}>Try again</Button>}>
          Could not load your limits.
        </Alert>
      )}
      {isPending && <Skeleton variant="rounded" height={240} />}
      {data && (
        <>
          <Paper variant="outlined" sx={{ p: 2.5 }}>
            <Typography variant="overline" color="text.secondary">
              Spent in the last 30 days
            </Typography>
            <Typography
              variant="h4"
              component="p"
              sx={{ fontWeight: 800 }}
              data-testid="spent-30-days"
            >
              {formatUsd(data.spentLast30Days)}
            </Typography>
          </Paper>
          <LimitForm kind="spending" windows={data.spending} />
          <LimitForm kind="deposit" windows={data.deposit} />
          <RealityCheckSetting state={data} />
          <TimeOut state={data} />
          <SelfExclusion state={data} />
        </>
      )}
      <Paper variant="outlined" sx={{ p: 2.5 }} component="section" aria-labelledby="help">
        <Typography variant="h6" component="h3" id="help">
          Need to talk to someone?
        </Typography>
        <Stack component="ul" spacing={1} sx={{ pl: 2.5, my: 1 }}>
          {HELP.map((h) => (
            <li key={h.name}>
              <Link href={h.href} target="_blank" rel="noopener noreferrer">
                {h.name}
              </Link>{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                ({h.note})
              </Typography>
            </li>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
