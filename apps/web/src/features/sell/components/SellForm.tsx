import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import clsx from 'clsx';
import { Check, Plus } from 'lucide-react';
import type { PayoutInput, SellSettingsResponse } from '@grail/contract';
import { Alert, Button } from '@/components/ui';
import { applyServerError } from '@/lib/forms';
import { notify } from '@/lib/toast';
import { paths } from '@/lib/paths';
import {
  emptyPayout,
  parsePayout,
  PayoutFields,
  type PayoutErrors,
} from '@/components/submissions/PayoutFields';
import { useCreateSubmission } from '../api/createSubmission';
import { emptyCard, SellFormSchema, toSubmissionBody, type SellFormValues } from '../lib/sellForm';
import { CardFields } from './CardFields';
import { ReviewStep } from './ReviewStep';
import styles from './SellForm.module.css';

const STEPS = ['Your cards', 'Payout', 'Review and submit'];

/** Where the collector is: each step numbered, ticked once done, the current one marked. */
function Stepper({ step }: { step: number }) {
  return (
    <ol className={styles.stepper}>
      {STEPS.map((label, i) => (
        <li
          key={label}
          className={clsx(styles.step, i <= step && styles.reached)}
          aria-current={i === step ? 'step' : undefined}
        >
          <span className={styles.stepIcon} aria-hidden>
            {i < step ? <Check size={16} strokeWidth={3} /> : i + 1}
          </span>
          <span className={clsx(styles.stepLabel, i === step && styles.current)}>{label}</span>
        </li>
      ))}
    </ol>
  );
}

/** The signed-in /sell-cards form: cards, then the payout, then a last look before submitting. */
export function SellForm({ settings }: { settings: SellSettingsResponse }) {
  const navigate = useNavigate();
  const create = useCreateSubmission();
  const form = useForm<SellFormValues>({
    resolver: zodResolver(SellFormSchema),
    mode: 'onTouched',
    defaultValues: { cards: [emptyCard()], note: '' },
  });
  const cards = useFieldArray({ control: form.control, name: 'cards' });
  const [step, setStep] = useState(0);
  const [payoutDraft, setPayoutDraft] = useState(emptyPayout);
  const [payoutErrors, setPayoutErrors] = useState<PayoutErrors>({});
  const [payout, setPayout] = useState<PayoutInput | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const full = settings.openCount >= settings.maxOpen;

  const stepHeading = useRef<HTMLHeadingElement>(null);
  // A new step replaces the buttons that had focus: keyboard and screen-reader users land on its title.
  const goTo = (next: number) => {
    setStep(next);
    requestAnimationFrame(() => stepHeading.current?.focus());
  };

  const nextFromCards = async () => {
    if (await form.trigger('cards', { shouldFocus: true })) goTo(1);
  };
  const nextFromPayout = () => {
    const parsed = parsePayout(payoutDraft);
    setPayoutErrors(parsed.errors);
    if (parsed.payout) {
      setPayout(parsed.payout);
      goTo(2);
    }
  };
  const submit = form.handleSubmit(
    (values) => {
      if (!payout) return goTo(1);
      setFormError(null);
      create.mutate(toSubmissionBody(values, payout), {
        onSuccess: (submission) => {
          notify.success(
            `Submission ${submission.number} is in. We will e-mail you with our offer.`,
          );
          navigate(paths.submission.getHref(submission._id));
        },
        onError: (error) => {
          const message = applyServerError(error, form.setError, ['note']);
          if (message) setFormError(message);
          const field = (error as { data?: { field?: string } }).data?.field ?? '';
          if (field.startsWith('cards.')) goTo(0);
        },
      });
    },
    () => goTo(0),
  );

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label="Sell your cards"
      className={styles.form}
    >
      <Stepper step={step} />
      <h2 className={styles.stepHeading} ref={stepHeading} tabIndex={-1}>
        {STEPS[step]}
      </h2>
      {formError && (
        <Alert severity="error" className={styles.message}>
          {formError}
        </Alert>
      )}
      {full && (
        <Alert severity="warning" className={styles.message}>
          You have {settings.openCount} submissions in progress, the most at once. Finish or cancel
          one in your dashboard to start another.
        </Alert>
      )}

      {step === 0 && (
        <div className={styles.stack}>
          {cards.fields.map((field, index) => (
            <CardFields
              key={field.id}
              form={form}
              index={index}
              psaLookup={settings.psaLookup}
              onRemove={cards.fields.length > 1 ? () => cards.remove(index) : undefined}
            />
          ))}
          {form.formState.errors.cards?.root?.message && (
            <Alert severity="error">{form.formState.errors.cards.root.message}</Alert>
          )}
          <div className={styles.actions}>
            <Button
              startIcon={<Plus aria-hidden />}
              variant="outlined"
              onClick={() => cards.append(emptyCard(form.getValues('cards').at(-1)?.grader))}
              disabled={cards.fields.length >= settings.maxCards}
            >
              Add another card
            </Button>
            <Button variant="contained" color="secondary" onClick={() => void nextFromCards()}>
              Continue to payout
            </Button>
          </div>
          <p className={styles.muted}>Up to {settings.maxCards} cards per submission.</p>
        </div>
      )}

      {step === 1 && (
        <div className={styles.wideStack}>
          <PayoutFields
            value={payoutDraft}
            onChange={setPayoutDraft}
            errors={payoutErrors}
            bonusPercent={settings.creditBonusPercent}
          />
          <div className={styles.row}>
            <Button onClick={() => goTo(0)}>Back to cards</Button>
            <Button variant="contained" color="secondary" onClick={nextFromPayout}>
              Review
            </Button>
          </div>
        </div>
      )}

      {step === 2 && payout && (
        <div className={styles.wideStack}>
          <ReviewStep form={form} payout={payout} bonusPercent={settings.creditBonusPercent} />
          <div className={styles.submitActions}>
            <Button onClick={() => goTo(1)}>Back to payout</Button>
            <Button
              type="submit"
              variant="contained"
              color="secondary"
              size="large"
              disabled={create.isPending || full}
            >
              {create.isPending
                ? 'Submitting…'
                : `Submit ${cards.fields.length} ${cards.fields.length === 1 ? 'card' : 'cards'}`}
            </Button>
          </div>
        </div>
      )}
    </form>
  );
}
