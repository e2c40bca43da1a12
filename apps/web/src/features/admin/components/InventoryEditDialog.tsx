import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import {
  INVENTORY_GRADERS,
  type InventoryCard,
  type UpdateInventoryCardBody,
} from '@grail/contract';
import { useUpdateInventoryCard } from '../api/inventoryApi';

type Draft = Record<
  | 'name'
  | 'player'
  | 'year'
  | 'setName'
  | 'cardNumber'
  | 'sport'
  | 'team'
  | 'grader'
  | 'grade'
  | 'certNumber'
  | 'fmv'
  | 'storePrice',
  string
>;

const draftOf = (c: InventoryCard): Draft => ({
  name: c.name,
  player: c.player,
  year: String(c.year),
  setName: c.setName,
  cardNumber: c.cardNumber,
  sport: c.sport,
  team: c.team ?? '',
  grader: c.grader ?? '',
  grade: c.grade ?? '',
  certNumber: c.certNumber ?? '',
  fmv: c.fmv.toFixed(2),
  storePrice: c.storePrice === null ? '' : c.storePrice.toFixed(2),
});

/** Only what changed is sent, so a card of a committed case can still be repriced in the store. */
function changes(before: Draft, after: Draft): UpdateInventoryCardBody {
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof Draft)[]) {
    if (after[key] === before[key]) continue;
    const value = after[key].trim();
    if (key === 'year') body.year = Number(value);
    else if (key === 'fmv') body.fmv = Number(value);
    else if (key === 'storePrice') body.storePrice = value === '' ? null : Number(value);
    else if (key === 'team' || key === 'grader' || key === 'grade' || key === 'certNumber')
      body[key] = value === '' ? null : value;
    else body[key] = value;
  }
  return body as UpdateInventoryCardBody;
}

const FIELDS: { key: keyof Draft; label: string; type?: string; step?: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'player', label: 'Player' },
  { key: 'year', label: 'Year', type: 'number', step: '1' },
  { key: 'setName', label: 'Set' },
  { key: 'cardNumber', label: 'Number' },
  { key: 'sport', label: 'Sport' },
  { key: 'team', label: 'Team' },
  { key: 'grade', label: 'Grade' },
  { key: 'certNumber', label: 'Cert number' },
  { key: 'fmv', label: 'FMV ($)', type: 'number', step: '0.01' },
  {
    key: 'storePrice',
    label: 'Store price ($, empty = not for sale)',
    type: 'number',
    step: '0.01',
  },
];

/** Edits one card; the server's refusal (a committed case, a bad value) is shown as it says it. */
export function InventoryEditDialog({
  card,
  onClose,
}: {
  card: InventoryCard;
  onClose: () => void;
}) {
  const [initial] = useState(() => draftOf(card));
  const [draft, setDraft] = useState(initial);
  const update = useUpdateInventoryCard();
  const body = changes(initial, draft);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({ cardId: card.cardId, body }, { onSuccess: onClose });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="inventory-edit-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="inventory-edit-title">Edit card</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {card.case && card.case.status !== 'draft' && (
              <Alert severity="info">
                In the committed case {card.case.name}: its FMV, grader, grade and cert number are
                fixed.
              </Alert>
            )}
            <TextField
              select
              label="Grader"
              size="small"
              value={draft.grader}
              onChange={(e) => setDraft({ ...draft, grader: e.target.value })}
            >
              <MenuItem value="">Raw (ungraded)</MenuItem>
              {INVENTORY_GRADERS.map((g) => (
                <MenuItem key={g} value={g}>
                  {g}
                </MenuItem>
              ))}
            </TextField>
            {FIELDS.map((f) => (
              <TextField
                key={f.key}
                size="small"
                label={f.label}
                type={f.type ?? 'text'}
                slotProps={f.step ? { htmlInput: { step: f.step, min: 0 } } : undefined}
                value={draft[f.key]}
                onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })}
              />
            ))}
            {update.isError && <Alert severity="error">{update.error.message}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={update.isPending || Object.keys(body).length === 0}
          >
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
