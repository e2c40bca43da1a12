import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Withdrawal, WithdrawalsResponse } from '@grail/contract';
import { fakeFetch } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { resetRequestLayer } from '@/lib/api/client';
import { WithdrawalsList } from './WithdrawalsList';

const withdrawal = (over: Partial<Withdrawal> = {}): Withdrawal => ({
  _id: '6f1c1a50-0000-4000-8000-000000000020',
  amount: 25,
  status: 'pending',
  payoutMethod: { method: 'paypal', masked: 'c•••@example.com' },
  reference: null,
  rejectReason: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  payBy: '2026-11-30T10:00:00.000Z',
  decidedAt: null,
  ...over,
});
const answer = (withdrawals: Withdrawal[]): WithdrawalsResponse => ({
  withdrawals,
  payoutMethods: [],
});

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

describe('dashboard withdrawals list', () => {
  it('says there are none yet, and the payout time', async () => {
    fakeFetch({ '/api/withdrawals': [{ body: answer([]) }] });
    renderWithProviders(<WithdrawalsList />);
    expect(await screen.findByText('No withdrawals yet.')).toBeTruthy();
    expect(screen.getByText('Paid within 2 business days, with no fee.')).toBeTruthy();
  });

  it('shows each status with what happens next or what happened', async () => {
    fakeFetch({
      '/api/withdrawals': [
        {
          body: answer([
            withdrawal(),
            withdrawal({
              _id: '6f1c1a50-0000-4000-8000-000000000021',
              status: 'paid',
              reference: 'PP-123',
              decidedAt: '2026-11-27T10:00:00.000Z',
            }),
            withdrawal({
              _id: '6f1c1a50-0000-4000-8000-000000000022',
              status: 'rejected',
              rejectReason: 'The PayPal account was closed.',
              decidedAt: '2026-11-27T10:00:00.000Z',
            }),
          ]),
        },
      ],
    });
    renderWithProviders(<WithdrawalsList />);
    expect(await screen.findByText(/^Paid by /)).toBeTruthy();
    expect(screen.getByText('Reference PP-123')).toBeTruthy();
    expect(
      screen.getByText('The PayPal account was closed. The amount is back in your cash.'),
    ).toBeTruthy();
  });

  it('offers to try again when the list cannot be read', async () => {
    fakeFetch({
      '/api/withdrawals': [
        { status: 500, body: { message: 'Something went wrong', error: 'Internal Server Error' } },
      ],
    });
    renderWithProviders(<WithdrawalsList />);
    expect(
      await screen.findByText('Could not load your withdrawals.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
