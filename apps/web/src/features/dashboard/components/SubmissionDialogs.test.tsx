import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Submission } from '@grail/contract';
import { fakeFetch } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { resetRequestLayer } from '@/lib/api/client';
import { AcceptDialog, PayoutDialog } from './SubmissionDialogs';

const submission: Submission = {
  _id: 's1',
  number: 'S-000042',
  status: 'offer_made',
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
  offerExpiresAt: null,
  note: null,
  cards: [],
  totals: { asking: null, offer: 450, final: 450, storeCredit: 495 },
  creditBonusPercent: 10,
  payout: { method: 'store_credit', masked: null },
  tracking: null,
  returnShipment: null,
  shipTo: null,
  timeline: [],
  payment: null,
  actions: ['accept', 'decline', 'payout'],
};

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

const bodyOf = (calls: { url: string; body: unknown }[], url: string) =>
  JSON.parse(String(calls.find((c) => c.url === url)?.body)) as unknown;

describe('accepting an offer with two-factor on', () => {
  it('asks for the code by the contract rule, then sends it', { timeout: 30_000 }, async () => {
    const { calls } = fakeFetch({ 'POST /api/submissions/s1/accept': [{ body: { submission } }] });
    const onClose = vi.fn();
    renderWithProviders(
      <AcceptDialog submission={submission} totpEnabled open onClose={onClose} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Accept offer' }));
    expect(await screen.findByText('Enter your code')).toBeDefined();
    expect(screen.getByLabelText('Two-factor code').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Two-factor code'), ' 123456 ');
    await userEvent.click(screen.getByRole('button', { name: 'Accept offer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodyOf(calls, '/api/submissions/s1/accept')).toEqual({ totpCode: '123456' });
  });

  it("shows the server's refusal of the code on the field", { timeout: 30_000 }, async () => {
    fakeFetch({
      'POST /api/submissions/s1/accept': [
        {
          status: 400,
          body: { message: 'That code is not right.', error: 'Bad Request', field: 'totpCode' },
        },
      ],
    });
    renderWithProviders(
      <AcceptDialog submission={submission} totpEnabled open onClose={vi.fn()} />,
    );
    await userEvent.type(screen.getByLabelText('Two-factor code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Accept offer' }));
    expect(await screen.findByText('That code is not right.')).toBeDefined();
    expect(screen.getByLabelText('Two-factor code').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('changing the payout', () => {
  it('names what is wrong in the bank details and sends nothing', { timeout: 30_000 }, async () => {
    const { calls } = fakeFetch({});
    renderWithProviders(
      <PayoutDialog submission={submission} totpEnabled={false} open onClose={vi.fn()} />,
    );
    await userEvent.click(screen.getByRole('radio', { name: /Bank transfer/ }));
    await userEvent.type(screen.getByLabelText('Routing number'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Save payout' }));
    expect(await screen.findByText('Enter the account holder')).toBeDefined();
    expect(screen.getByText('A routing number is 9 digits')).toBeDefined();
    expect(screen.getByText('An account number is 4 to 17 digits')).toBeDefined();
    expect(calls).toHaveLength(0);
  });

  it('sends only the chosen method, with the code', { timeout: 30_000 }, async () => {
    const { calls } = fakeFetch({ 'PUT /api/submissions/s1/payout': [{ body: { submission } }] });
    const onClose = vi.fn();
    renderWithProviders(
      <PayoutDialog submission={submission} totpEnabled open onClose={onClose} />,
    );
    await userEvent.click(screen.getByRole('radio', { name: /Bank transfer/ }));
    await userEvent.type(screen.getByLabelText('Account holder'), 'Casey Collector');
    await userEvent.type(screen.getByLabelText('Routing number'), '021000021');
    await userEvent.type(screen.getByLabelText('Account number'), '12345678');
    // A PayPal address typed and then left does not travel with a bank payout.
    await userEvent.click(screen.getByRole('radio', { name: /PayPal/ }));
    await userEvent.type(screen.getByLabelText('PayPal email'), 'casey@example.com');
    await userEvent.click(screen.getByRole('radio', { name: /Bank transfer/ }));
    await userEvent.type(screen.getByLabelText('Two-factor code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Save payout' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodyOf(calls, '/api/submissions/s1/payout')).toEqual({
      payout: {
        method: 'bank',
        accountHolder: 'Casey Collector',
        routingNumber: '021000021',
        accountNumber: '12345678',
      },
      totpCode: '123456',
    });
  });
});
