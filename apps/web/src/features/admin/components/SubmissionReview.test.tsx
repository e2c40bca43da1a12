import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminSubmission } from '@grail/contract';
import { fakeFetch } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { resetRequestLayer } from '@/lib/api/client';
import { SubmissionReview } from './SubmissionReview';

const id = '6f1c1a50-0000-4000-8000-000000000041';
const cardId = '6f1c1a50-0000-4000-8000-000000000042';

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

const submission = (patch: Partial<AdminSubmission>): AdminSubmission => ({
  _id: id,
  number: 'S-000041',
  status: 'submitted',
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  offerExpiresAt: null,
  note: null,
  cards: [
    {
      _id: cardId,
      position: 0,
      grader: 'BGS',
      certNumber: '0012345678',
      certUrl: 'https://www.beckett.com/grading/card-lookup',
      year: 2003,
      setName: 'Topps Chrome',
      player: 'LeBron James',
      cardNumber: '111',
      grade: '9.5',
      askingPrice: 350,
      frontImageUrl: '/media/front.webp',
      backImageUrl: '/media/back.webp',
      offer: null,
      offerNote: null,
      adjustedOffer: null,
      adjustedNote: null,
      finalOffer: null,
      psa: null,
      inventoryCardId: null,
    },
  ],
  totals: { asking: 350, offer: null, final: null, storeCredit: null },
  creditBonusPercent: 10,
  payout: { method: 'bank', masked: 'Account ••••5678' },
  tracking: null,
  returnShipment: null,
  shipTo: null,
  timeline: [],
  payment: null,
  collector: { _id: 'c1', username: 'casey', email: 'casey@example.com' },
  receivedAt: null,
  actions: ['review', 'offer', 'cancel'],
  ...patch,
});

const route = `/api/admin/submissions/${id}`;

describe('the staff review of a submission', () => {
  it('checks each offer against the contract before sending it', { timeout: 30_000 }, async () => {
    const { calls } = fakeFetch({
      [`GET ${route}`]: [{ body: { submission: submission({}) } }],
      [`POST ${route}/offer`]: [
        { body: { submission: submission({ status: 'offer_made', actions: [] }) } },
      ],
    });
    renderWithProviders(<SubmissionReview id={id} />);
    const offer = await screen.findByLabelText('Offer for card 1', {}, { timeout: 10_000 });
    fireEvent.change(offer, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Enter an amount from $0.01 to $100,000.00')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(offer, { target: { value: '300' } });
    fireEvent.change(screen.getByLabelText('Note for card 1'), {
      target: { value: ' Sharp corners ' },
    });
    expect(screen.getByText('Total $300.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(sent.body))).toEqual({
      cards: [{ cardId, offer: 300, note: 'Sharp corners' }],
      note: null,
    });
  });

  it('asks for the payment reference of a bank payout, then records it once', async () => {
    const verified = submission({
      status: 'verified',
      totals: { asking: 350, offer: 300, final: 300, storeCredit: 330 },
      actions: ['pay', 'return'],
    });
    const { calls } = fakeFetch({
      [`GET ${route}`]: [{ body: { submission: verified } }],
      [`POST ${route}/pay`]: [
        { body: { submission: { ...verified, status: 'paid', actions: [] } } },
      ],
    });
    renderWithProviders(<SubmissionReview id={id} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay $300.00' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/^Payment reference/), {
      target: { value: 'TX-2026-11' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const paid = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(paid.body))).toEqual({
      method: 'bank',
      reference: 'TX-2026-11',
      note: null,
    });
    expect(paid.headers['Idempotency-Key']).toMatch(/^[\w-]{8,}$/);
  });
});
