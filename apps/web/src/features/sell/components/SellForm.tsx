import { useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { useFieldArray, useFormContext } from 'react-hook-form';
import clsx from 'clsx';
import { Check, Plus } from 'lucide-react';
import type { SellSettingsResponse } from '@grail/contract';
import { Alert, Button, Form, FormSubmit } from '@/components/ui';
import { ApiError } from '@/lib/api/client';
import { notify } from '@/lib/toast';
import { paths } from '@/lib/paths';
import { emptyPayout, PayoutFields } from '@/components/submissions/PayoutFields';
import { useCreateSubmission } from '../api/createSubmission';
import {
  emptyCard,
  SellWizardSchema,
  toSubmissionBody,
  type SellWizardValues,
} from '../lib/sellForm';
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

/** The step on show, inside the one Form that holds all three: each moves on once its part checks. */
function SellSteps({
  step,
  goTo,
  stepHeading,
  settings,
}: {
  step: number;
  goTo: (step: number) => void;
  stepHeading: RefObject<HTMLHeadingElement | null>;
  settings: SellSettingsResponse;
}) {
  const form = useFormContext<SellWizardValues>();
  const cards = useFieldArray({ control: form.control, name: 'cards' });
  const full = settings.openCount >= settings.maxOpen;
  // Each Continue checks only its own step's fields; the last step submits the whole form.
  const next = async (part: 'cards' | 'payout') => {
    if (await form.trigger(part, { shouldFocus: true })) goTo(part === 'cards' ? 1 : 2);
  };
  const count = cards.fields.length;
  return (
    <>
      <Stepper step={step} />
      <h2 className={styles.stepHeading} ref={stepHeading} tabIndex={-1}>
        {STEPS[step]}
      </h2>
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
              index={index}
              psaLookup={settings.psaLookup}
              onRemove={count > 1 ? () => cards.remove(index) : undefined}
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
              disabled={count >= settings.maxCards}
            >
              Add another card
            </Button>
            <Button variant="contained" color="secondary" onClick={() => void next('cards')}>
              Continue to payout
            </Button>
          </div>
          <p className={styles.muted}>Up to {settings.maxCards} cards per submission.</p>
        </div>
      )}

      {step === 1 && (
        <div className={styles.wideStack}>
          <PayoutFields bonusPercent={settings.creditBonusPercent} />
          <div className={styles.row}>
            <Button onClick={() => goTo(0)}>Back to cards</Button>
            <Button variant="contained" color="secondary" onClick={() => void next('payout')}>
              Review
            </Button>
          </div>
        </div>
      )}

      {step === 2 && (
        <div className={styles.wideStack}>
          <ReviewStep bonusPercent={settings.creditBonusPercent} />
          <div className={styles.submitActions}>
            <Button onClick={() => goTo(1)}>Back to payout</Button>
            <FormSubmit
              color="secondary"
              fullWidth={false}
              disabled={full}
              pendingText="Submitting…"
            >
              {`Submit ${count} ${count === 1 ? 'card' : 'cards'}`}
            </FormSubmit>
          </div>
        </div>
      )}
    </>
  );
}

/**
 * The signed-in /sell-cards form: cards, then the payout, then a last look before submitting.
 * One Form holds every step, so going back keeps what was typed; Enter in a field moves on.
 */
export function SellForm({ settings }: { settings: SellSettingsResponse }) {
  const navigate = useNavigate();
  const create = useCreateSubmission();
  const [step, setStep] = useState(0);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  // A new step replaces the buttons that had focus: keyboard and screen-reader users land on its title.
  const goTo = (next: number) => {
    setStep(next);
    requestAnimationFrame(() => stepHeading.current?.focus());
  };

  return (
    <Form
      schema={SellWizardSchema}
      mode="onTouched"
      defaultValues={{ cards: [emptyCard()], payout: emptyPayout(), note: '' }}
      label="Sell your cards"
      className={styles.form}
      onSubmit={async (values) => {
        if (step < 2) return goTo(step + 1);
        try {
          const submission = await create.mutateAsync(toSubmissionBody(values, values.payout));
          notify.success(
            `Submission ${submission.number} is in. We will e-mail you with our offer.`,
          );
          navigate(paths.submission.getHref(submission._id));
        } catch (error) {
          // A refused card is on the first step: show it there, with the message above.
          const field = error instanceof ApiError ? (error.data as { field?: unknown })?.field : '';
          if (typeof field === 'string' && field.startsWith('cards.')) goTo(0);
          throw error;
        }
      }}
    >
      <SellSteps step={step} goTo={goTo} stepHeading={stepHeading} settings={settings} />
    </Form>
  );
}
