import { useState } from 'react';
import { z } from 'zod';
import { OfferBody, OfferDollars, type AdminSubmission } from '@grail/contract';
import { Alert, Form, FormSubmit, FormTextField } from '@/components/ui';
import { formatUsd } from '@/lib/format';
import { useStaffCommand } from '../api/submissions';
import admin from '../admin.module.css';
import styles from './SubmissionOfferForm.module.css';

const AMOUNT_MESSAGE = 'Enter an amount from $0.01 to $100,000.00';

/** A card's offer as typed: an amount within the contract's bounds, and a note. */
const CardOffer = z.object({
  amount: z
    .string()
    .refine(
      (text) => text.trim() !== '' && OfferDollars.safeParse(Number(text)).success,
      AMOUNT_MESSAGE,
    )
    .transform(Number),
  note: OfferBody.shape.cards.element.shape.note,
});

const OfferForm = z.object({
  cards: z.array(CardOffer),
  note: z
    .string()
    .transform((text) => text.trim() || null)
    .pipe(OfferBody.shape.note.unwrap()),
});

type OfferValues = z.input<typeof OfferForm>;

/** Offers per card (or an adjusted offer for some of them), with a note for the collector. */
export function SubmissionOfferForm({
  submission,
  adjusting,
}: {
  submission: AdminSubmission;
  adjusting: boolean;
}) {
  const command = useStaffCommand(submission._id);
  const [problem, setProblem] = useState<string | null>(null);
  const defaultValues: OfferValues = {
    cards: submission.cards.map((c) => ({
      amount: adjusting && c.finalOffer !== null ? String(c.finalOffer) : '',
      note: '',
    })),
    note: '',
  };
  return (
    <section aria-label={adjusting ? 'Adjusted offer' : 'Offer'}>
      <Form
        schema={OfferForm}
        defaultValues={defaultValues}
        className={styles.form}
        onSubmit={({ cards, note }) => {
          // An adjustment sends only the cards whose offer changed or that got a note.
          const changed = submission.cards.flatMap((c, i) => {
            const { amount, note: cardNote } = cards[i]!;
            if (adjusting && amount === c.finalOffer && !cardNote) return [];
            return [{ cardId: c._id, offer: amount, note: cardNote || null }];
          });
          if (changed.length === 0) {
            setProblem('Change at least one card’s offer, with a note saying why.');
            return;
          }
          setProblem(null);
          return command.mutateAsync({
            kind: adjusting ? 'adjust' : 'offer',
            body: { cards: changed, note },
          });
        }}
      >
        {(form) => (
          <>
            <h3 className={admin.formTitle}>{adjusting ? 'Adjusted offer' : 'Make an offer'}</h3>
            {submission.cards.map((c, i) => (
              <div key={c._id} className={styles.cardRow}>
                <FormTextField
                  name={`cards.${i}.amount`}
                  label={`Offer for card ${c.position + 1}`}
                  inputMode="decimal"
                  startAdornment="$"
                />
                <FormTextField name={`cards.${i}.note`} label={`Note for card ${c.position + 1}`} />
              </div>
            ))}
            <FormTextField name="note" label="Note for the collector (optional)" multiline />
            <div className={styles.total}>
              <span className={styles.strong}>
                Total{' '}
                {formatUsd(
                  form.watch('cards').reduce((sum, d) => sum + (Number(d.amount) || 0), 0),
                )}
              </span>
              <FormSubmit size="medium" fullWidth={false} color="secondary">
                {adjusting ? 'Send adjusted offer' : 'Send offer'}
              </FormSubmit>
            </div>
            {problem && <Alert severity="warning">{problem}</Alert>}
          </>
        )}
      </Form>
    </section>
  );
}
