import { useEffect, useMemo, useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Trash2 } from 'lucide-react';
import { CaseUpdate, TierInput, type AdminCase } from '@grail/contract';
import { Alert, Badge, Button, Checkbox, Form, FormSubmit, FormTextField } from '@/components/ui';
import { formatUsd } from '@/lib/format';
import ui from '@/lib/styles/ui.module.css';
import { useAdminCase, useAvailableCards, useCaseCommands } from '../api/cases';
import admin from '../admin.module.css';
import styles from './CaseEditor.module.css';
import { FormDollarField } from './FormDollarField';

/** datetime-local wants local time without zone; the API wants ISO with an offset. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

const field = CaseUpdate.shape;
/** A dollar amount as typed: its text read as a number, then the contract's rule. */
const amount = (rule: z.ZodType<number, number>) =>
  z.string().trim().min(1).pipe(z.coerce.number<string>().pipe(rule));

/** A draft's settings as typed: the contract's fields, amounts and the time from their text. */
const CaseSettings = z.object({
  name: field.name.unwrap(),
  description: field.description.unwrap(),
  packPrice: amount(field.packPrice.unwrap()),
  activationTime: z
    .string()
    .transform((local) => (local ? new Date(local).toISOString() : null))
    .pipe(field.activationTime.unwrap()),
  dropQueueMinutes: amount(field.dropQueueMinutes.unwrap()),
  // Empty: no cap.
  firstHourPackCap: z
    .string()
    .trim()
    .transform((cap) => (cap === '' ? null : Number(cap)))
    .pipe(field.firstHourPackCap.unwrap()),
  tiers: z
    .array(
      z.object({
        name: TierInput.shape.name,
        minFmv: amount(TierInput.shape.minFmv),
        maxFmv: z
          .string()
          .trim()
          .transform((max) => (max === '' ? null : Number(max)))
          .pipe(TierInput.shape.maxFmv),
      }),
    )
    .pipe(field.tiers.unwrap()),
});
type Settings = z.input<typeof CaseSettings>;

const settingsOf = (c: AdminCase): Settings => ({
  name: c.name,
  description: c.description,
  packPrice: String(c.packPrice),
  activationTime: toLocalInput(c.activationTime),
  dropQueueMinutes: String(c.dropQueueMinutes),
  firstHourPackCap: c.firstHourPackCap === null ? '' : String(c.firstHourPackCap),
  tiers: c.tiers.map((t) => ({
    name: t.name,
    minFmv: String(t.minFmv),
    maxFmv: t.maxFmv === null ? '' : String(t.maxFmv),
  })),
});

/** Puts the case's saved settings back in the form whenever the case changes on the server. */
function FollowCase({ settings }: { settings: Settings }) {
  const { reset } = useFormContext<Settings>();
  useEffect(() => reset(settings), [reset, settings]);
  return null;
}

/** The odds tiers' rows, one added or removed at a time (a case keeps at least one). */
function TierRows() {
  const { formState } = useFormContext<Settings>();
  const { fields, append, remove } = useFieldArray<Settings>({ name: 'tiers' });
  // An empty Max FMV means the band has no top: said under the field, as it holds no hint.
  const tiers = useWatch<Settings, 'tiers'>({ name: 'tiers' });
  const problem = formState.errors.tiers?.root?.message ?? formState.errors.tiers?.message;
  return (
    <>
      <h4 className={styles.subtitle}>Odds tiers (FMV bands)</h4>
      {fields.map((tier, i) => (
        <div key={tier.id} className={styles.tier}>
          <FormTextField<Settings> name={`tiers.${i}.name`} label="Tier" />
          <FormTextField<Settings> name={`tiers.${i}.minFmv`} label="Min FMV" type="number" />
          <FormTextField<Settings>
            name={`tiers.${i}.maxFmv`}
            label="Max FMV"
            type="number"
            helperText={tiers[i]?.maxFmv ? undefined : 'no max'}
          />
          <button
            type="button"
            className={`${ui.iconButton} ${styles.remove}`}
            aria-label={`Remove tier ${tier.name}`}
            onClick={() => remove(i)}
            disabled={fields.length === 1}
          >
            <Trash2 aria-hidden />
          </button>
        </div>
      ))}
      {problem && <Alert severity="error">{problem}</Alert>}
      <div className={styles.buttons}>
        <Button size="small" onClick={() => append({ name: 'New tier', minFmv: '0', maxFmv: '' })}>
          Add tier
        </Button>
        <FormSubmit size="small" fullWidth={false}>
          Save settings
        </FormSubmit>
      </div>
    </>
  );
}

function DraftSettings({ c }: { c: AdminCase }) {
  const { update } = useCaseCommands();
  const settings = useMemo(() => settingsOf(c), [c]);
  return (
    <Form
      schema={CaseSettings}
      defaultValues={settings}
      label="Case settings"
      className={styles.settings}
      onSubmit={(patch) => update.mutateAsync({ id: c.caseId, patch })}
    >
      <FollowCase settings={settings} />
      <FormTextField name="name" label="Name" />
      <FormTextField name="description" label="Description" multiline rows={2} />
      <div className={ui.pair}>
        <FormDollarField name="packPrice" label="Pack price ($)" />
        <FormTextField
          name="activationTime"
          label="Activation time (optional)"
          type="datetime-local"
        />
      </div>
      <div className={ui.pair}>
        <FormTextField
          name="dropQueueMinutes"
          label="Waiting room (minutes before activation)"
          type="number"
          helperText="0: no waiting room"
        />
        <FormTextField
          name="firstHourPackCap"
          label="Packs per collector in the first hour"
          type="number"
          helperText="Empty: no cap"
        />
      </div>
      <TierRows />
    </Form>
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
    <div>
      <div className={styles.listHeader}>
        <h4 className={styles.subtitle}>Available cards ({available.data?.length ?? 0})</h4>
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
      </div>
      {addCards.error && <Alert severity="error">{addCards.error.message}</Alert>}
      <ul className={styles.list}>
        {available.data?.map((card) => (
          <li key={card._id} className={styles.pick}>
            <Checkbox
              checked={picked.has(card._id)}
              onChange={() => toggle(card._id)}
              aria-label={card.name}
              label={
                <span className={styles.item}>
                  <span>{card.name}</span>
                  <span className={admin.muted}>
                    {card.grade} · FMV {formatUsd(card.fmv)}
                  </span>
                </span>
              }
            />
          </li>
        ))}
      </ul>
    </div>
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
    <div className={`${admin.panel} ${styles.editor}`}>
      <div className={styles.header}>
        <h3 className={styles.name}>{c.name}</h3>
        <Badge>{c.status.replace('_', ' ')}</Badge>
        <span className={`${admin.muted} ${admin.small}`}>
          {c.remaining} of {c.totalItems} cards · {formatUsd(c.packPrice)} a pack
        </span>
      </div>
      <div className={styles.buttons}>
        {draft && (
          <Button
            variant="contained"
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
      </div>
      {failure && <Alert severity="error">{failure.message}</Alert>}
      {c.serverSeedHash && (
        <p className={styles.hashes}>
          seed hash {c.serverSeedHash}
          <br />
          contents hash {c.contentsHash}
        </p>
      )}
      <div className={draft ? styles.columns : undefined}>
        <div className={styles.column}>
          {draft && <DraftSettings c={c} />}
          <div>
            <h4 className={styles.subtitle}>Cards in the case ({c.cards.length})</h4>
            <ul className={styles.list}>
              {c.cards.map((card) => (
                <li key={card._id} className={styles.row}>
                  <span className={styles.item}>
                    <span>{`${card.position ? `#${card.position} ` : ''}${card.name}`}</span>
                    <span className={admin.muted}>
                      {`${card.grade} · FMV ${formatUsd(card.fmv)}${card.pulled ? ' · pulled' : ''}`}
                    </span>
                  </span>
                  {draft && (
                    <button
                      type="button"
                      className={ui.iconButton}
                      aria-label={`Remove ${card.name}`}
                      onClick={() => removeCard.mutate({ id: c.caseId, cardId: card._id })}
                    >
                      <Trash2 aria-hidden />
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </div>
        </div>
        {draft && <AvailableCards caseId={c.caseId} />}
      </div>
    </div>
  );
}
