import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import type { PayoutInput, SellSettingsResponse } from '@grail/contract';
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

const STEPS = ['Your cards', 'Payout', 'Review and submit'];

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
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label="Sell your cards">
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography
        variant="h5"
        component="h2"
        ref={stepHeading}
        tabIndex={-1}
        sx={{ mb: 2, scrollMarginTop: 80, '&:focus': { outline: 'none' } }}
      >
        {STEPS[step]}
      </Typography>
      {formError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      )}
      {full && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          You have {settings.openCount} submissions in progress, the most at once. Finish or cancel
          one in your dashboard to start another.
        </Alert>
      )}

      {step === 0 && (
        <Stack spacing={2}>
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
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between' }}
          >
            <Button
              startIcon={<Add />}
              variant="outlined"
              onClick={() => cards.append(emptyCard(form.getValues('cards').at(-1)?.grader))}
              disabled={cards.fields.length >= settings.maxCards}
            >
              Add another card
            </Button>
            <Button variant="contained" color="secondary" onClick={() => void nextFromCards()}>
              Continue to payout
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            Up to {settings.maxCards} cards per submission.
          </Typography>
        </Stack>
      )}

      {step === 1 && (
        <Stack spacing={3}>
          <PayoutFields
            value={payoutDraft}
            onChange={setPayoutDraft}
            errors={payoutErrors}
            bonusPercent={settings.creditBonusPercent}
          />
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
            <Button onClick={() => goTo(0)}>Back to cards</Button>
            <Button variant="contained" color="secondary" onClick={nextFromPayout}>
              Review
            </Button>
          </Stack>
        </Stack>
      )}

      {step === 2 && payout && (
        <Stack spacing={3}>
          <ReviewStep form={form} payout={payout} bonusPercent={settings.creditBonusPercent} />
          <Stack
            direction={{ xs: 'column-reverse', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between' }}
          >
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
          </Stack>
        </Stack>
      )}
    </Box>
  );
}
