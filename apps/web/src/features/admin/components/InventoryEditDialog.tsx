import { z } from 'zod';
import {
  INVENTORY_GRADERS,
  isWholeCents,
  MAX_DOLLARS,
  UpdateInventoryCardBody,
  type InventoryCard,
} from '@grail/contract';
import {
  Alert,
  Button,
  Dialog,
  DialogClose,
  Form,
  FormSelect,
  FormSubmit,
  FormTextField,
} from '@/components/ui';
import { useUpdateInventoryCard } from '../api/inventory';
import styles from './InventoryEditDialog.module.css';

/** The grader choice of an ungraded card (a choice needs a value of its own). */
const RAW = 'raw';
// The contract's fields: each optional there (only what changed is sent), each required here.
const field = UpdateInventoryCardBody.shape;

const required = (what: string, contract: z.ZodType<unknown, string>) =>
  z.string().trim().min(1, `Enter the ${what}.`).pipe(contract);
const optional = (contract: z.ZodType<unknown, string | null>) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value))
    .pipe(contract);
const isDollars = (value: string, min: number) => {
  const amount = Number(value);
  return value !== '' && amount >= min && amount <= MAX_DOLLARS && isWholeCents(amount);
};
const YEAR = 'Enter a year from 1900 to 2100.';
const FMV = 'Enter the FMV in dollars, such as 25 or 25.50.';
const PRICE = 'Enter a price in dollars, such as 25 or 25.50, or leave it empty.';

/** The card as typed: the contract's fields, with the words staff see for each mistake. */
const EditCardForm = z.object({
  grader: z
    .enum([...INVENTORY_GRADERS, RAW])
    .transform((g) => (g === RAW ? null : g))
    .pipe(field.grader.unwrap()),
  name: required('card name', field.name.unwrap()),
  player: required('player', field.player.unwrap()),
  year: z
    .string()
    .trim()
    .refine((v) => /^\d{4}$/.test(v) && Number(v) >= 1900 && Number(v) <= 2100, YEAR)
    .transform(Number)
    .pipe(field.year.unwrap()),
  setName: required('set', field.setName.unwrap()),
  cardNumber: required('card number', field.cardNumber.unwrap()),
  sport: required('sport', field.sport.unwrap()),
  team: optional(field.team.unwrap()),
  grade: optional(field.grade.unwrap()),
  certNumber: optional(field.certNumber.unwrap()),
  fmv: z
    .string()
    .trim()
    .refine((v) => isDollars(v, 0), FMV)
    .transform(Number)
    .pipe(field.fmv.unwrap()),
  storePrice: z
    .string()
    .trim()
    .refine((v) => v === '' || isDollars(v, 0.01), PRICE)
    .transform((v) => (v === '' ? null : Number(v)))
    .pipe(field.storePrice.unwrap()),
});
type Draft = z.input<typeof EditCardForm>;

const draftOf = (c: InventoryCard): Draft => ({
  grader: c.grader ?? RAW,
  name: c.name,
  player: c.player,
  year: String(c.year),
  setName: c.setName,
  cardNumber: c.cardNumber,
  sport: c.sport,
  team: c.team ?? '',
  grade: c.grade ?? '',
  certNumber: c.certNumber ?? '',
  fmv: c.fmv.toFixed(2),
  storePrice: c.storePrice === null ? '' : c.storePrice.toFixed(2),
});

const FIELDS: { key: Exclude<keyof Draft, 'grader'>; label: string; step?: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'player', label: 'Player' },
  { key: 'year', label: 'Year', step: '1' },
  { key: 'setName', label: 'Set' },
  { key: 'cardNumber', label: 'Number' },
  { key: 'sport', label: 'Sport' },
  { key: 'team', label: 'Team' },
  { key: 'grade', label: 'Grade' },
  { key: 'certNumber', label: 'Cert number' },
  { key: 'fmv', label: 'FMV ($)', step: '0.01' },
  { key: 'storePrice', label: 'Store price ($, empty = not for sale)', step: '0.01' },
];

/**
 * Edits one card: each field is checked before anything is sent, and only what changed is sent,
 * so a card of a committed case can still be repriced in the store; the server's refusal (a
 * committed case) is shown as it says it.
 */
export function InventoryEditDialog({
  card,
  onClose,
}: {
  card: InventoryCard;
  onClose: () => void;
}) {
  const update = useUpdateInventoryCard();
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Edit card"
    >
      <Form
        schema={EditCardForm}
        defaultValues={draftOf(card)}
        onSubmit={async (values, form) => {
          const changed = form.formState.dirtyFields;
          const body = Object.fromEntries(
            Object.entries(values).filter(([key]) => changed[key as keyof Draft]),
          );
          await update.mutateAsync({ cardId: card.cardId, body: body as UpdateInventoryCardBody });
          onClose();
        }}
      >
        {(form) => (
          <>
            {card.case && card.case.status !== 'draft' && (
              <Alert severity="info">
                In the committed case {card.case.name}: its FMV, grader, grade and cert number are
                fixed.
              </Alert>
            )}
            <FormSelect
              name="grader"
              label="Grader"
              options={[
                { value: RAW, label: 'Raw (ungraded)' },
                ...INVENTORY_GRADERS.map((g) => ({ value: g, label: g })),
              ]}
            />
            {FIELDS.map((f) => (
              <FormTextField
                key={f.key}
                name={f.key}
                label={f.label}
                type={f.step ? 'number' : 'text'}
                step={f.step}
                min={f.step ? 0 : undefined}
              />
            ))}
            <div className={styles.actions}>
              <DialogClose>
                <Button>Cancel</Button>
              </DialogClose>
              <FormSubmit size="medium" fullWidth={false} disabled={!form.formState.isDirty}>
                Save
              </FormSubmit>
            </div>
          </>
        )}
      </Form>
    </Dialog>
  );
}
