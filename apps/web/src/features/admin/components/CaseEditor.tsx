import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { ValueField } from '@/components/ValueField';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import type { AdminCase, TierInput } from '@grail/contract';
import { formatUsd } from '@/lib/format';
import { useAdminCase, useAvailableCards, useCaseCommands } from '../api/cases';

/** datetime-local wants local time without zone; the API wants ISO with an offset. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

function DraftSettings({ c }: { c: AdminCase }) {
  const { update } = useCaseCommands();
  const [name, setName] = useState(c.name);
  const [description, setDescription] = useState(c.description);
  const [price, setPrice] = useState(String(c.packPrice));
  const [activation, setActivation] = useState(toLocalInput(c.activationTime));
  const [tiers, setTiers] = useState<TierInput[]>(c.tiers);
  useEffect(() => {
    setName(c.name);
    setDescription(c.description);
    setPrice(String(c.packPrice));
    setActivation(toLocalInput(c.activationTime));
    setTiers(c.tiers);
  }, [c]);
  const setTier = (i: number, patch: Partial<TierInput>) =>
    setTiers((all) => all.map((t, j) => (j === i ? { ...t, ...patch } : t)));
  const save = () =>
    update.mutate({
      id: c.caseId,
      patch: {
        name,
        description,
        packPrice: Number(price),
        activationTime: activation ? new Date(activation).toISOString() : null,
        tiers,
      },
    });
  return (
    <Stack spacing={2}>
      <TextField label="Name" size="small" value={name} onChange={(e) => setName(e.target.value)} />
      <ValueField
        label="Description"
        multiline
        minRows={2}
        value={description}
        onValue={setDescription}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <ValueField label="Pack price ($)" dollars value={price} onValue={setPrice} />
        <ValueField
          label="Activation time (optional)"
          type="datetime-local"
          InputLabelProps={{ shrink: true }}
          value={activation}
          onValue={setActivation}
        />
      </Stack>
      <Typography variant="subtitle2">Odds tiers (FMV bands)</Typography>
      {tiers.map((t, i) => (
        <Stack key={i} direction="row" spacing={1} alignItems="center">
          <TextField
            label="Tier"
            size="small"
            value={t.name}
            onChange={(e) => setTier(i, { name: e.target.value })}
            sx={{ width: 120 }}
          />
          <TextField
            label="Min FMV"
            size="small"
            type="number"
            value={t.minFmv}
            onChange={(e) => setTier(i, { minFmv: Number(e.target.value) })}
            sx={{ width: 120 }}
          />
          <TextField
            label="Max FMV"
            size="small"
            type="number"
            value={t.maxFmv ?? ''}
            placeholder="no max"
            onChange={(e) =>
              setTier(i, { maxFmv: e.target.value === '' ? null : Number(e.target.value) })
            }
            sx={{ width: 120 }}
          />
          <IconButton
            aria-label={`Remove tier ${t.name}`}
            onClick={() => setTiers((all) => all.filter((_, j) => j !== i))}
            disabled={tiers.length === 1}
          >
            <DeleteOutlineIcon />
          </IconButton>
        </Stack>
      ))}
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          onClick={() => setTiers((all) => [...all, { name: 'New tier', minFmv: 0, maxFmv: null }])}
        >
          Add tier
        </Button>
        <Button size="small" variant="contained" onClick={save} disabled={update.isPending}>
          Save settings
        </Button>
      </Stack>
      {update.error && <Alert severity="error">{update.error.message}</Alert>}
    </Stack>
  );
}

function AvailableCards({ caseId }: { caseId: string }) {
  const available = useAvailableCards(true);
  const { addCards } = useCaseCommands();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const toggle = (id: string) =>
    setPicked((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Box>
      <Stack direction="row" justifyContent="space-between" alignItems="center">
        <Typography variant="subtitle2">Available cards ({available.data?.length ?? 0})</Typography>
        <Button
          size="small"
          variant="contained"
          disabled={picked.size === 0 || addCards.isPending}
          onClick={() =>
            addCards.mutate(
              { id: caseId, cardIds: [...picked] },
              { onSuccess: () => setPicked(new Set()) },
            )
          }
        >
          Add {picked.size || ''} to case
        </Button>
      </Stack>
      {addCards.error && <Alert severity="error">{addCards.error.message}</Alert>}
      <List dense sx={{ maxHeight: 320, overflowY: 'auto' }}>
        {available.data?.map((card) => (
          <ListItem key={card._id} disablePadding>
            <ListItemButton onClick={() => toggle(card._id)}>
              <ListItemIcon>
                <Checkbox
                  edge="start"
                  checked={picked.has(card._id)}
                  tabIndex={-1}
                  inputProps={{ 'aria-label': card.name }}
                />
              </ListItemIcon>
              <ListItemText
                primary={card.name}
                secondary={`${card.grade} · FMV ${formatUsd(card.fmv)}`}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** One case: its settings and cards while a draft; launch and close at any time. */
export function CaseEditor({ caseId }: { caseId: string }) {
  const query = useAdminCase(caseId);
  const { removeCard, goLive, close } = useCaseCommands();
  const c = query.data;
  if (!c) return query.isError ? <Alert severity="error">{query.error.message}</Alert> : null;
  const draft = c.status === 'draft';
  const failure = goLive.error ?? close.error ?? removeCard.error;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction="row"
        spacing={1}
        alignItems="center"
        flexWrap="wrap"
        useFlexGap
        sx={{ mb: 2 }}
      >
        <Typography variant="h6" component="h3">
          {c.name}
        </Typography>
        <Chip size="small" label={c.status.replace('_', ' ')} />
        <Typography variant="body2" color="text.secondary">
          {c.remaining} of {c.totalItems} cards · {formatUsd(c.packPrice)} a pack
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        {draft && (
          <Button
            variant="contained"
            color="success"
            disabled={goLive.isPending || c.cards.length === 0}
            onClick={() =>
              window.confirm('Go live? The contents are locked and the commitments published.') &&
              goLive.mutate(c.caseId)
            }
          >
            Go live
          </Button>
        )}
        {c.status !== 'closed' && (
          <Button
            variant="outlined"
            color="error"
            disabled={close.isPending}
            onClick={() =>
              window.confirm(
                'Close this case? Unpulled cards return to inventory and the seed is revealed.',
              ) && close.mutate(c.caseId)
            }
          >
            Close case
          </Button>
        )}
      </Stack>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure.message}
        </Alert>
      )}
      {c.serverSeedHash && (
        <Typography
          variant="body2"
          sx={{ fontFamily: 'monospace', wordBreak: 'break-all', mb: 2, fontSize: '0.8rem' }}
        >
          seed hash {c.serverSeedHash}
          <br />
          contents hash {c.contentsHash}
        </Typography>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: draft ? '1fr 1fr' : '1fr' },
        }}
      >
        <Stack spacing={3}>
          {draft && <DraftSettings c={c} />}
          <Box>
            <Typography variant="subtitle2">Cards in the case ({c.cards.length})</Typography>
            <List dense sx={{ maxHeight: 360, overflowY: 'auto' }}>
              {c.cards.map((card) => (
                <ListItem
                  key={card._id}
                  secondaryAction={
                    draft ? (
                      <IconButton
                        edge="end"
                        aria-label={`Remove ${card.name}`}
                        onClick={() => removeCard.mutate({ id: c.caseId, cardId: card._id })}
                      >
                        <DeleteOutlineIcon />
                      </IconButton>
                    ) : undefined
                  }
                >
                  <ListItemText
                    primary={`${card.position ? `#${card.position} ` : ''}${card.name}`}
                    secondary={`${card.grade} · FMV ${formatUsd(card.fmv)}${card.pulled ? ' · pulled' : ''}`}
                  />
                </ListItem>
              ))}
            </List>
          </Box>
        </Stack>
        {draft && <AvailableCards caseId={c.caseId} />}
      </Box>
    </Paper>
  );
}
