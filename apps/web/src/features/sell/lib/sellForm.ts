import { z } from 'zod';
import {
  certProblem,
  dollarsToCents,
  isWholeCents,
  PayoutForm,
  SUBMISSION_MAX_CARDS,
  SubmissionGrader,
  type CreateSubmissionBody,
  type PayoutDraft,
  type PayoutInput,
} from '@grail/contract';

/** One slab as the form holds it: text as typed, photos as the ids the upload answered. */
export interface CardDraft {
  grader: SubmissionGrader;
  certNumber: string;
  year: string;
  setName: string;
  player: string;
  cardNumber: string;
  grade: string;
  askingPrice: string;
  frontImageId: string;
  backImageId: string;
}
export interface SellFormValues {
  cards: CardDraft[];
  note: string;
}

export const emptyCard = (grader: SubmissionGrader = 'PSA'): CardDraft => ({
  grader,
  certNumber: '',
  year: '',
  setName: '',
  player: '',
  cardNumber: '',
  grade: '',
  askingPrice: '',
  frontImageId: '',
  backImageId: '',
});

const required = (message: string, max: number) => z.string().trim().min(1, message).max(max);

/** The form's rules, worded for a person; the server checks the same (the contract's schema). */
const CardDraftSchema = z
  .object({
    grader: SubmissionGrader,
    certNumber: z.string().trim(),
    year: z
      .string()
      .trim()
      .regex(/^\d{4}$/, 'Enter the 4-digit year')
      .refine(
        (y) => !/^\d{4}$/.test(y) || (Number(y) >= 1860 && Number(y) <= 2100),
        'Enter a year from 1860 to 2100',
      ),
    setName: required('Enter the set', 100),
    player: required('Enter the player', 100),
    cardNumber: required('Enter the card number', 30),
    grade: required('Enter the grade', 30),
    askingPrice: z
      .string()
      .trim()
      .refine(
        (v) =>
          v === '' || (/^\d+(\.\d{1,2})?$/.test(v) && Number(v) > 0 && isWholeCents(Number(v))),
        'Enter an amount like 125.00, or leave it empty',
      ),
    frontImageId: z.string().min(1, 'Add a photo of the front'),
    backImageId: z.string().min(1, 'Add a photo of the back'),
  })
  .superRefine((card, ctx) => {
    const problem = card.certNumber
      ? certProblem(card.grader, card.certNumber)
      : 'Enter the cert number';
    if (problem) ctx.addIssue({ code: 'custom', path: ['certNumber'], message: problem });
  });

export const SellFormSchema = z.object({
  cards: z
    .array(CardDraftSchema)
    .min(1, 'Add at least one card')
    .max(SUBMISSION_MAX_CARDS, `A submission holds at most ${SUBMISSION_MAX_CARDS} cards`)
    .superRefine((cards, ctx) => {
      const seen = new Set<string>();
      cards.forEach((c, i) => {
        const key = `${c.grader}:${c.certNumber.trim()}`;
        if (c.certNumber.trim() && seen.has(key)) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'certNumber'],
            message: 'This cert number is already in the submission',
          });
        }
        seen.add(key);
      });
    }),
  note: z.string().trim().max(1000, 'Keep the note under 1,000 characters'),
});

/** The whole wizard: its cards and note, and the payout (the contract's PayoutForm). */
export const SellWizardSchema = SellFormSchema.extend({ payout: PayoutForm });
export type SellWizardValues = SellFormValues & { payout: PayoutDraft };

/** The checked form as the API takes it. */
export function toSubmissionBody(
  values: SellFormValues,
  payout: PayoutInput,
): CreateSubmissionBody {
  return {
    cards: values.cards.map((c) => ({
      grader: c.grader,
      certNumber: c.certNumber.trim(),
      year: Number(c.year),
      setName: c.setName.trim(),
      player: c.player.trim(),
      cardNumber: c.cardNumber.trim(),
      grade: c.grade.trim(),
      askingPrice: c.askingPrice.trim() ? dollarsToCents(Number(c.askingPrice)) / 100 : null,
      frontImageId: c.frontImageId,
      backImageId: c.backImageId,
    })),
    payout,
    note: values.note.trim() || null,
  };
}

/** What to call a card in lists: '2018 Panini Prizm Luka Doncic #280'. */
export const cardTitle = (c: Pick<CardDraft, 'year' | 'setName' | 'player' | 'cardNumber'>) =>
  [c.year, c.setName, c.player, c.cardNumber ? `#${c.cardNumber}` : ''].filter(Boolean).join(' ') ||
  'New card';
