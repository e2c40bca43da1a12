import { describe, expect, it } from 'vitest';
import { emptyCard, SellFormSchema, toSubmissionBody, type CardDraft } from './sellForm';

const card = (overrides: Partial<CardDraft> = {}): CardDraft => ({
  ...emptyCard(),
  certNumber: '81234567',
  year: '2018',
  setName: 'Panini Prizm',
  player: 'Luka Doncic',
  cardNumber: '280',
  grade: 'GEM MT 10',
  frontImageId: 'front-photo',
  backImageId: 'back-photo',
  ...overrides,
});

const errorsOf = (cards: CardDraft[]) => {
  const parsed = SellFormSchema.safeParse({ cards, note: '' });
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the sell form', () => {
  it('says what each grader’s cert format is under a bad cert', () => {
    expect(errorsOf([card({ certNumber: '123' })])).toEqual({
      'cards.0.certNumber': 'A PSA cert number is 7 to 10 digits.',
    });
    expect(errorsOf([card({ grader: 'BGS', certNumber: '12345678901' })])).toEqual({
      'cards.0.certNumber': 'A BGS cert number is up to 10 digits.',
    });
    expect(
      errorsOf([card({ grader: 'SGC', certNumber: '1234567-1' })])['cards.0.certNumber'],
    ).toMatch(/^An SGC cert number is 7 to 10 digits/);
    expect(
      errorsOf([card({ grader: 'CGC', certNumber: '123456789' })])['cards.0.certNumber'],
    ).toMatch(/^A CGC cert number is 10 digits/);
    expect(errorsOf([card({ grader: 'SGC', certNumber: '1234567-001' })])).toEqual({});
    expect(errorsOf([card({ grader: 'CGC', certNumber: '1234567890' })])).toEqual({});
  });

  it('needs both photos, a real year and an amount-shaped asking price', () => {
    expect(
      errorsOf([card({ frontImageId: '', backImageId: '', year: '18', askingPrice: '1.234' })]),
    ).toEqual({
      'cards.0.frontImageId': 'Add a photo of the front',
      'cards.0.backImageId': 'Add a photo of the back',
      'cards.0.year': 'Enter the 4-digit year',
      'cards.0.askingPrice': 'Enter an amount like 125.00, or leave it empty',
    });
  });

  it('refuses the same cert twice and more than 50 cards', () => {
    expect(errorsOf([card(), card()])).toEqual({
      'cards.1.certNumber': 'This cert number is already in the submission',
    });
    const many = Array.from({ length: 51 }, (_, i) => card({ certNumber: String(10_000_000 + i) }));
    expect(errorsOf(many)).toEqual({ cards: 'A submission holds at most 50 cards' });
  });

  it('sends numbers and nulls as the API takes them', () => {
    const body = toSubmissionBody(
      { cards: [card({ askingPrice: '125.5' }), card({ certNumber: '81234568' })], note: ' ' },
      { method: 'store_credit' },
    );
    expect(body.cards.map((c) => [c.year, c.askingPrice])).toEqual([
      [2018, 125.5],
      [2018, null],
    ]);
    expect(body.note).toBeNull();
  });
});
