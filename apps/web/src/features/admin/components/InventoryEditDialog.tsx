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
  isWholeCents,
  MAX_DOLLARS,
  type InventoryCard,
  type UpdateInventoryCardBody,
} from '@grail/contract';
import { useUpdateInventoryCard } from '../api/inventory';

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

/** What is wrong with a field's text, in words for staff; null when it may be saved. */
type Check = (value: string) => string | null;

const required =
  (what: string, max: number): Check =>
  (value) =>
    value.trim() === ''
      ? `Enter the ${what}.`
      : value.trim().length > max
        ? `Use at most ${max} characters.`
        : null;
const optional =
  (max: number): Check =>
  (value) =>
    value.trim().length > max ? `Use at most ${max} characters.` : null;
const dollars =
  (min: number, message: string): Check =>
  (value) => {
    const amount = Number(value.trim());
    return value.trim() !== '' && amount >= min && amount <= MAX_DOLLARS && isWholeCents(amount)
      ? null
      : message;
  };

const FIELDS: { key: keyof Draft; label: string; type?: string; step?: string; check: Check }[] = [
  { key: 'name', label: 'Name', check: required('card name', 200) },
  { key: 'player', label: 'Player', check: required('player', 80) },
  {
    key: 'year',
    label: 'Year',
    type: 'number',
    step: '1',
    check: (value) =>
      /^\d{4}$/.test(value.trim()) && Number(value) >= 1900 && Number(value) <= 2100
        ? null
        : 'Enter a year from 1900 to 2100.',
  },
  { key: 'setName', label: 'Set', check: required('set', 80) },
  { key: 'cardNumber', label: 'Number', check: required('card number', 20) },
  { key: 'sport', label: 'Sport', check: required('sport', 40) },
  { key: 'team', label: 'Team', check: optional(80) },
  { key: 'grade', label: 'Grade', check: optional(20) },
  { key: 'certNumber', label: 'Cert number', check: optional(30) },
  {
    key: 'fmv',
    label: 'FMV ($)',
    type: 'number',
    step: '0.01',
    check: dollars(0, 'Enter the FMV in dollars, such as 25 or 25.50.'),
  },
  {
    key: 'storePrice',
    label: 'Store price ($, empty = not for sale)',
    type: 'number',
    step: '0.01',
    check: (value) =>
      value.trim() === ''
        ? null
        : dollars(0.01, 'Enter a price in dollars, such as 25 or 25.50, or leave it empty.')(value),
  },
];

/**
 * Edits one card: each field is checked before anything is sent; the server's refusal (a committed
 * case) is shown as it says it.
 */
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
  const [problems, setProblems] = useState<Partial<Record<keyof Draft, string>>>({});
  const body = changes(initial, draft);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = Object.fromEntries(
      FIELDS.flatMap((f) => {
        const problem = f.check(draft[f.key]);
        return problem ? [[f.key, problem]] : [];
      }),
    );
    setProblems(found);
    if (Object.keys(found).length > 0) return;
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
                error={Boolean(problems[f.key])}
                helperText={problems[f.key]}
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
