import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Autocomplete,
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
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  BREAK_FORMAT_LABELS,
  BREAK_FORMATS,
  BREAK_SPORTS,
  BreakInput,
  TEAM_PRESETS,
  UNOWNED_HIT_RULE_TEXT,
  UNOWNED_HIT_RULES,
  type AdminBreak,
  type AdminBreakHit,
  type BreakFormat,
  type BreakSport,
  type BreakStatus,
  type UnownedHitRule,
} from '@grail/contract';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useAdminBreak, useAdminBreaks, useBreakCommands, type BreakCommand } from '../api/breaks';
import stacked from '@/components/StackedTable.module.css';

const STATUS_LABEL: Record<BreakStatus, string> = {
  draft: 'Draft',
  open: 'On sale',
  filled: 'Filled',
  live: 'Live',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** A datetime-local value (the staff member's own clock) for an instant. */
const localInput = (date: Date) => {
  const d = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => new Date(value).toISOString();

/** "Name" or "Name, 40" per line: the team list, with pick-your-team prices. */
function parseTeams(text: string) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const match = /^(.*?),\s*\$?(\d+(?:\.\d{1,2})?)$/.exec(line);
      return match ? { name: match[1]!.trim(), price: Number(match[2]) } : { name: line };
    });
}

/** A button that asks before it acts. */
function ConfirmButton({
  label,
  title,
  text,
  onConfirm,
  disabled,
  color = 'primary',
  variant = 'contained',
}: {
  label: string;
  title: string;
  text: ReactNode;
  onConfirm: () => void;
  disabled?: boolean;
  color?: 'primary' | 'error';
  variant?: 'contained' | 'outlined';
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        color={color}
        size="small"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="confirm-title">
        <DialogTitle id="confirm-title">{title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{text}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Back</Button>
          <Button
            variant="contained"
            color={color}
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            {label}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** A new draft: product, format, teams, prices and times. */
function NewBreakForm({
  onCreated,
  onCancel,
}: {
  onCreated: (id: string) => void;
  onCancel: () => void;
}) {
  const { create } = useBreakCommands();
  const inTwoDays = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 48 * 3_600_000);
  const [title, setTitle] = useState('');
  const [sport, setSport] = useState<BreakSport>('Baseball');
  const [format, setFormat] = useState<BreakFormat>('random_team');
  const [preset, setPreset] = useState<keyof typeof TEAM_PRESETS | 'custom'>('MLB');
  const [teamsText, setTeamsText] = useState(TEAM_PRESETS.MLB.join('\n'));
  const [spotPrice, setSpotPrice] = useState('50');
  const [boxes, setBoxes] = useState('2');
  const [packsPerBox, setPacksPerBox] = useState('12');
  const [minSpots, setMinSpots] = useState('');
  const [deadline, setDeadline] = useState(localInput(inTwoDays));
  const [scheduled, setScheduled] = useState(localInput(new Date(inTwoDays.getTime() + 3_600_000)));
  const [streamUrl, setStreamUrl] = useState('');
  const [rule, setRule] = useState<UnownedHitRule>('house');
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const choosePreset = (value: keyof typeof TEAM_PRESETS | 'custom') => {
    setPreset(value);
    if (value !== 'custom') {
      setTeamsText(TEAM_PRESETS[value].join('\n'));
      setSport(value === 'MLB' ? 'Baseball' : value === 'NFL' ? 'Football' : 'Basketball');
    }
  };
  const teams = parseTeams(teamsText);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const input = {
      title,
      description,
      sport,
      format,
      teams,
      spotPrice: Number(spotPrice),
      boxes: Number(boxes),
      packsPerBox: Number(packsPerBox),
      minSpots: minSpots.trim() ? Number(minSpots) : null,
      salesDeadline: deadline ? fromLocalInput(deadline) : '',
      scheduledAt: scheduled ? fromLocalInput(scheduled) : '',
      streamUrl: streamUrl.trim() || null,
      unownedHitRule: rule,
    };
    const parsed = BreakInput.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setProblem(`${issue.path.join('.') || 'Break'}: ${issue.message}`);
      return;
    }
    create.mutate(input, {
      onSuccess: (data) => {
        setTitle('');
        onCreated(data.break._id);
      },
    });
  };

  return (
    <Paper
      component="form"
      variant="outlined"
      onSubmit={submit}
      aria-label="New break"
      sx={{
        p: { xs: 2, sm: 3 },
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        alignItems: 'start',
        '& > .wide': { gridColumn: '1 / -1' },
      }}
    >
      <Typography variant="h6" component="h2" className="wide">
        New draft break
      </Typography>
      <TextField
        className="wide"
        size="small"
        label="Product"
        placeholder="Two boxes of 2024 Topps Chrome Baseball Hobby"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        required
      />
      <TextField
        select
        size="small"
        label="Format"
        value={format}
        onChange={(e) => setFormat(e.target.value as BreakFormat)}
      >
        {BREAK_FORMATS.map((f) => (
          <MenuItem key={f} value={f}>
            {BREAK_FORMAT_LABELS[f]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Sport"
        value={sport}
        onChange={(e) => setSport(e.target.value as BreakSport)}
      >
        {BREAK_SPORTS.map((s) => (
          <MenuItem key={s} value={s}>
            {s}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Team list"
        value={preset}
        onChange={(e) => choosePreset(e.target.value as keyof typeof TEAM_PRESETS | 'custom')}
      >
        <MenuItem value="MLB">MLB (30 teams)</MenuItem>
        <MenuItem value="NFL">NFL (32 teams)</MenuItem>
        <MenuItem value="NBA">NBA (30 teams)</MenuItem>
        <MenuItem value="custom">Custom list</MenuItem>
      </TextField>
      <TextField
        select
        size="small"
        label="Hits of a team on no spot"
        value={rule}
        onChange={(e) => setRule(e.target.value as UnownedHitRule)}
      >
        {UNOWNED_HIT_RULES.map((r) => (
          <MenuItem key={r} value={r} sx={{ whiteSpace: 'normal' }}>
            {UNOWNED_HIT_RULE_TEXT[r]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        className="wide"
        size="small"
        label={`Teams (${teams.length})`}
        multiline
        minRows={3}
        maxRows={8}
        value={teamsText}
        onChange={(e) => {
          setPreset('custom');
          setTeamsText(e.target.value);
        }}
        helperText={
          format === 'pick_team'
            ? 'One team per line; add ", 40" for a team with its own price.'
            : 'One team per line; every spot gets one at random.'
        }
      />
      <TextField
        size="small"
        label={format === 'pick_team' ? 'Team price ($)' : 'Spot price ($)'}
        type="number"
        slotProps={{ htmlInput: { step: '0.01', min: '0.01' } }}
        value={spotPrice}
        onChange={(e) => setSpotPrice(e.target.value)}
        required
      />
      <TextField
        size="small"
        label="Minimum spots to run"
        type="number"
        slotProps={{ htmlInput: { min: 1 }, inputLabel: { shrink: true } }}
        placeholder="Every spot"
        value={minSpots}
        onChange={(e) => setMinSpots(e.target.value)}
      />
      <TextField
        size="small"
        label="Boxes"
        type="number"
        slotProps={{ htmlInput: { min: 1, max: 100 } }}
        value={boxes}
        onChange={(e) => setBoxes(e.target.value)}
      />
      <TextField
        size="small"
        label="Packs a box"
        type="number"
        slotProps={{ htmlInput: { min: 1, max: 100 } }}
        value={packsPerBox}
        onChange={(e) => setPacksPerBox(e.target.value)}
      />
      <TextField
        size="small"
        label="Sales deadline"
        type="datetime-local"
        value={deadline}
        onChange={(e) => setDeadline(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        required
      />
      <TextField
        size="small"
        label="Opening time"
        type="datetime-local"
        value={scheduled}
        onChange={(e) => setScheduled(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        required
      />
      <TextField
        className="wide"
        size="small"
        label="Live stream link (optional)"
        placeholder="https://www.youtube.com/watch?v=…"
        value={streamUrl}
        onChange={(e) => setStreamUrl(e.target.value)}
      />
      <TextField
        className="wide"
        size="small"
        label="Description (optional)"
        multiline
        minRows={2}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <Stack direction="row" spacing={1} className="wide">
        <Button type="submit" variant="contained" disabled={create.isPending}>
          Create draft
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Stack>
      {problem && (
        <Alert severity="error" className="wide">
          {problem}
        </Alert>
      )}
      {create.error && (
        <Alert severity="error" className="wide">
          {create.error.message}
        </Alert>
      )}
    </Paper>
  );
}

/** A hit as a pack is opened: card, team, grade or parallel, photo, buyback price. */
function HitForm({ b }: { b: AdminBreak }) {
  const { addHit, upload } = useBreakCommands();
  const [cardName, setCardName] = useState('');
  const [team, setTeam] = useState('');
  const [detail, setDetail] = useState('');
  const [pack, setPack] = useState('');
  const [buyback, setBuyback] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const busy = addHit.isPending || upload.isPending;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const imageId = photo ? (await upload.mutateAsync({ id: b._id, file: photo })).imageId : null;
    addHit.mutate(
      {
        id: b._id,
        hit: {
          cardName,
          team,
          detail,
          imageId,
          packNumber: pack.trim() ? Number(pack) : null,
          buybackPrice: buyback.trim() ? Number(buyback) : null,
        },
      },
      {
        onSuccess: () => {
          setCardName('');
          setDetail('');
          setBuyback('');
          setPhoto(null);
          setFileKey((k) => k + 1);
        },
      },
    );
  };
  return (
    <Stack
      component="form"
      spacing={1.5}
      onSubmit={(e) => void submit(e).catch(() => undefined)}
      aria-label="Enter a hit"
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        Enter a hit
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          size="small"
          label="Card"
          value={cardName}
          onChange={(e) => setCardName(e.target.value)}
          required
        />
        <Autocomplete
          freeSolo
          options={b.teams}
          inputValue={team}
          onInputChange={(_e, value) => setTeam(value)}
          renderInput={(params) => <TextField {...params} size="small" label="Team" required />}
        />
        <TextField
          size="small"
          label="Grade or parallel"
          value={detail}
          onChange={(e) => setDetail(e.target.value)}
        />
        <TextField
          size="small"
          label="Pack number"
          type="number"
          slotProps={{ htmlInput: { min: 1 } }}
          value={pack}
          onChange={(e) => setPack(e.target.value)}
        />
        <TextField
          size="small"
          label="Buyback price ($, optional)"
          type="number"
          slotProps={{ htmlInput: { step: '0.01', min: '0.01' } }}
          value={buyback}
          onChange={(e) => setBuyback(e.target.value)}
        />
        <Button variant="outlined" component="label" size="small">
          {photo ? `Photo: ${photo.name}` : 'Add a photo'}
          <input
            key={fileKey}
            hidden
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
          />
        </Button>
      </Box>
      <Button
        type="submit"
        variant="contained"
        disabled={busy || !cardName.trim() || !team.trim()}
        sx={{ alignSelf: 'flex-start' }}
      >
        Add hit
      </Button>
      {(addHit.error ?? upload.error) && (
        <Alert severity="error">{(addHit.error ?? upload.error)!.message}</Alert>
      )}
    </Stack>
  );
}

function BuybackCell({ b, hit }: { b: AdminBreak; hit: AdminBreakHit }) {
  const { setBuyback } = useBreakCommands();
  const [value, setValue] = useState(hit.buybackPrice === null ? '' : String(hit.buybackPrice));
  useEffect(
    () => setValue(hit.buybackPrice === null ? '' : String(hit.buybackPrice)),
    [hit.buybackPrice],
  );
  if (hit.status !== 'held')
    return <>{hit.buybackPrice === null ? '—' : formatUsd(hit.buybackPrice)}</>;
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <TextField
        size="small"
        type="number"
        label="Buyback ($)"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        slotProps={{ htmlInput: { step: '0.01', min: '0.01' } }}
        sx={{ width: 120 }}
      />
      <Button
        size="small"
        disabled={setBuyback.isPending}
        onClick={() =>
          setBuyback.mutate({
            id: b._id,
            hitId: hit._id,
            buybackPrice: value.trim() ? Number(value) : null,
          })
        }
      >
        Save
      </Button>
      {setBuyback.error && (
        <Typography variant="caption" color="error">
          {setBuyback.error.message}
        </Typography>
      )}
    </Stack>
  );
}

/** One break as staff run it: its state, the command that moves it on, its spots and hits. */
function BreakEditor({ id }: { id: string }) {
  const query = useAdminBreak(id);
  const { command, update, upload } = useBreakCommands();
  const b = query.data;
  const [stream, setStream] = useState('');
  useEffect(() => setStream(b?.streamUrl ?? ''), [b?.streamUrl]);
  if (query.isPending) return <CircularProgress aria-label="Loading the break" />;
  if (query.isError || !b) return <Alert severity="error">Could not load this break.</Alert>;
  const run = (c: BreakCommand) => command.mutate({ id: b._id, command: c });
  const canChangeStream = b.status !== 'completed' && b.status !== 'cancelled';
  const uploadProduct = async (file: File) => {
    const { imageId } = await upload.mutateAsync({ id: b._id, file });
    update.mutate({ id: b._id, patch: { imageId } });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="break-editor">
      <Stack spacing={2.5}>
        <Box>
          <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
            <Chip size="small" label={STATUS_LABEL[b.status]} />
            <Typography variant="h6" component="h3">
              {b.title}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {BREAK_FORMAT_LABELS[b.format]} · {b.spotsSold} of {b.totalSpots} spots sold (runs with{' '}
            {b.minSpots}) · sales close {dateTimeFormat.format(new Date(b.salesDeadline))} · opens{' '}
            {dateTimeFormat.format(new Date(b.scheduledAt))}
          </Typography>
          {b.status !== 'draft' && (
            <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
              <Link component={RouterLink} to={paths.breakDetail.getHref(b._id)}>
                Public page
              </Link>
              <Link component={RouterLink} to={paths.breakReveal.getHref(b._id)}>
                Team draw
              </Link>
              <Link component={RouterLink} to={paths.breakPackReveal.getHref({ break: b._id })}>
                Hits live
              </Link>
            </Stack>
          )}
        </Box>

        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
          {b.status === 'draft' && (
            <ConfirmButton
              label="Open sales"
              title="Put the spots on sale?"
              text="The team list, prices and times are then fixed, and the server seed's hash is published."
              onConfirm={() => run('open')}
              disabled={command.isPending}
            />
          )}
          {(b.status === 'open' || b.status === 'filled') && (
            <ConfirmButton
              label="Start break"
              title="Start the break now?"
              text="The teams are drawn live for everyone watching and the seed is revealed."
              onConfirm={() => run('start')}
              disabled={command.isPending || b.status !== 'filled'}
            />
          )}
          {b.status === 'live' && (
            <ConfirmButton
              label="End break"
              title="End the break?"
              text="No more hits can be entered; owners may then claim their hits, shipped within 48 hours."
              onConfirm={() => run('complete')}
              disabled={command.isPending}
            />
          )}
          {(b.status === 'draft' || b.status === 'open' || b.status === 'filled') && (
            <ConfirmButton
              label={b.spotsSold > 0 ? 'Cancel and refund' : 'Cancel break'}
              title="Cancel this break?"
              text={
                b.spotsSold > 0
                  ? `Every one of the ${b.spotsSold} spots sold is refunded to its buyer's wallet.`
                  : 'Nobody has bought a spot yet.'
              }
              color="error"
              variant="outlined"
              onConfirm={() => run('cancel')}
              disabled={command.isPending}
            />
          )}
        </Stack>
        {b.status === 'open' && (
          <Typography variant="body2" color="text.secondary">
            The break can start once it fills, or at its deadline with at least {b.minSpots} sold
            (otherwise every spot is refunded automatically).
          </Typography>
        )}
        {command.error && <Alert severity="error">{command.error.message}</Alert>}
        {b.status === 'cancelled' && (
          <Alert severity="info">Cancelled: {b.refunds} spot(s) refunded.</Alert>
        )}

        {b.status === 'draft' && (
          <Button
            variant="outlined"
            component="label"
            size="small"
            sx={{ alignSelf: 'flex-start' }}
          >
            {b.imageUrl ? 'Replace product photo' : 'Add a product photo'}
            <input
              hidden
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void uploadProduct(file).catch(() => undefined);
              }}
            />
          </Button>
        )}
        {(upload.error ?? update.error) && (
          <Alert severity="error">{(upload.error ?? update.error)!.message}</Alert>
        )}

        {canChangeStream && (
          <Stack
            component="form"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            onSubmit={(e) => {
              e.preventDefault();
              update.mutate({ id: b._id, patch: { streamUrl: stream.trim() || null } });
            }}
          >
            <TextField
              size="small"
              label="Live stream link"
              placeholder="YouTube, Twitch or Whatnot URL"
              value={stream}
              onChange={(e) => setStream(e.target.value)}
              sx={{ flex: 1 }}
            />
            <Button type="submit" size="small" variant="outlined" disabled={update.isPending}>
              Save link
            </Button>
          </Stack>
        )}

        {b.status === 'live' && <HitForm b={b} />}

        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Spots and buyers" className={stacked.table}>
            <TableHead>
              <TableRow>
                <TableCell>Spot</TableCell>
                <TableCell>Team</TableCell>
                <TableCell>Buyer</TableCell>
                <TableCell align="right">Price</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {b.spots.map((s) => (
                <TableRow key={s.spotNumber}>
                  <TableCell data-label="Spot">{s.spotNumber}</TableCell>
                  <TableCell data-label="Team">{s.team ?? '—'}</TableCell>
                  <TableCell data-label="Buyer">
                    <span>
                      {s.username ?? '—'}
                      {s.refunded && (
                        <Chip size="small" label="Refunded" sx={{ ml: 1 }} variant="outlined" />
                      )}
                    </span>
                  </TableCell>
                  <TableCell data-label="Price" align="right">
                    {formatUsd(s.price)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>

        {b.hits.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Hits" className={stacked.table}>
              <TableHead>
                <TableRow>
                  <TableCell>#</TableCell>
                  <TableCell>Card</TableCell>
                  <TableCell>Team</TableCell>
                  <TableCell>Owner</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Buyback</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {b.hits.map((h) => (
                  <TableRow key={h._id}>
                    <TableCell data-label="#">{h.hitNumber}</TableCell>
                    <TableCell data-label="Card">
                      <span>
                        {h.cardName}
                        {h.detail && (
                          <Typography variant="caption" component="div" color="text.secondary">
                            {h.detail}
                          </Typography>
                        )}
                      </span>
                    </TableCell>
                    <TableCell data-label="Team">{h.team}</TableCell>
                    <TableCell data-label="Owner">
                      <span>
                        {h.username ?? 'House'}
                        {h.spotNumber ? ` (spot ${h.spotNumber})` : ''}
                      </span>
                    </TableCell>
                    <TableCell data-label="Status">{h.status.replace('_', ' ')}</TableCell>
                    <TableCell data-label="Buyback">
                      <BuybackCell b={b} hit={h} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}

/** Staff's breaks: every break, a new draft, and the selected break's controls. */
export function BreaksAdmin() {
  const breaks = useAdminBreaks();
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const current = selected ?? breaks.data?.[0]?._id ?? null;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', md: '300px 1fr' },
        alignItems: 'start',
        // Wide tables scroll inside their panel instead of widening the page.
        '& > *': { minWidth: 0 },
      }}
    >
      <Paper variant="outlined">
        <Box sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Button variant="contained" fullWidth onClick={() => setCreating(true)}>
            New break
          </Button>
        </Box>
        {breaks.isPending && <CircularProgress sx={{ m: 2 }} aria-label="Loading breaks" />}
        {breaks.isError && <Alert severity="error">Could not load breaks.</Alert>}
        {breaks.data?.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            No breaks yet.
          </Typography>
        )}
        <List dense aria-label="Breaks">
          {breaks.data?.map((b) => (
            // Each entry is a list item holding its button: a list holds only items.
            <ListItem key={b._id} disablePadding>
              <ListItemButton
                selected={!creating && b._id === current}
                onClick={() => {
                  setCreating(false);
                  setSelected(b._id);
                }}
              >
                <ListItemText
                  primary={b.title}
                  secondary={
                    <>
                      <Chip
                        component="span"
                        size="small"
                        label={STATUS_LABEL[b.status]}
                        sx={{ mr: 1 }}
                      />
                      {b.spotsSold}/{b.totalSpots} · {formatUsd(b.spotPrice)}
                    </>
                  }
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
      {creating || (breaks.data && !current) ? (
        <NewBreakForm
          onCreated={(id) => {
            setSelected(id);
            setCreating(false);
          }}
          onCancel={() => setCreating(false)}
        />
      ) : current ? (
        <BreakEditor id={current} />
      ) : null}
    </Box>
  );
}
