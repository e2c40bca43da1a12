import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { LimitsResponse } from '@grail/contract';
import { fakeFetch } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { ApiError, resetRequestLayer } from '@/lib/api/client';
import { walletStatement } from '@/test/wallet';
import { PurchaseDialog } from './PurchaseDialog';

vi.mock('@/lib/auth', () => ({ useAuth: () => ({ isLoggedIn: true, isLoading: false }) }));

const none = (window: '24h' | '7d' | '30d') => ({
  window,
  amount: null,
  used: 0,
  remaining: null,
  resetsAt: null,
  pending: null,
});
const noLimits: LimitsResponse = {
  spending: [none('24h'), none('7d'), none('30d')],
  deposit: [none('24h'), none('7d'), none('30d')],
  timeOutUntil: null,
  selfExclusion: null,
  realityCheckMinutes: null,
  spentLast30Days: 0,
  canPurchase: true,
};
const serve = (balance: number) =>
  fakeFetch({
    '/api/wallet': [{ body: walletStatement(balance, 20) }],
    '/api/limits': [{ body: noLimits }],
  });

function renderDialog(props: { error?: unknown } = {}) {
  const purchase = { isPending: false, error: props.error ?? null, reset: vi.fn() };
  const onConfirm = vi.fn();
  renderWithProviders(
    <PurchaseDialog
      open
      onClose={vi.fn()}
      title="Buy a thing"
      amount={25}
      purchase={purchase}
      onConfirm={onConfirm}
      payLabel="Pay $25.00"
      summary={null}
      terms="Terms"
      shortfall={(short) => `You need ${short} more.`}
      signedOut="Sign in first."
      returnPath="/thing"
    />,
  );
  return { purchase, onConfirm };
}

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

describe('the purchase confirmation', () => {
  it('offers a top-up of what is short and holds the payment', { timeout: 30_000 }, async () => {
    serve(10);
    renderDialog();
    expect(await screen.findByText('You need $15.00 more.', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add $15.00' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $25.00' }).hasAttribute('disabled')).toBe(true);
  });

  it('sends one key per confirmation', { timeout: 30_000 }, async () => {
    serve(100);
    const { onConfirm, purchase } = renderDialog();
    const pay = await screen.findByRole('button', { name: 'Pay $25.00' });
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false), { timeout: 20_000 });
    fireEvent.click(pay);
    fireEvent.click(pay);
    const [first, second] = onConfirm.mock.calls.map((call) => call[0] as string);
    expect(second).toBe(first);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(purchase.reset).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    expect(onConfirm.mock.calls[2]![0]).not.toBe(first);
  });

  it('says what settles a refused purchase', { timeout: 30_000 }, async () => {
    serve(100);
    renderDialog({
      error: new ApiError('Complete your profile before buying.', 403, {
        message: 'Complete your profile before buying.',
        error: 'Forbidden',
        reason: 'profile_incomplete',
      }),
    });
    expect(await screen.findByText(/Complete your profile before buying\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Complete your profile' })).toBeTruthy();
  });
});
