import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notify } from '@/lib/toast';
import { fakeFetch, isolateRequests, signedInUser } from '@/test/fakeFetch';
import { listing, noLimits, trade, vaultHolding, vaultOf } from '@/test/market';
import { renderWithAuth } from '@/test/providers';
import { walletStatement } from '@/test/wallet';
import { ProposeTradeDialog } from './ProposeTradeDialog';

isolateRequests();

const theirs = listing();
const trout = vaultHolding(1, 'Mike Trout 2011 Update');
const ohtani = vaultHolding(2, 'Shohei Ohtani 2018 Chrome');

function renderDialog(extra = {}) {
  const { calls } = fakeFetch({
    '/api/auth/current': [
      { body: { user: { ...signedInUser, username: 'buyer_bo' }, csrfToken: 'c' } },
    ],
    '/api/wallet': [{ body: walletStatement(100) }],
    '/api/limits': [{ body: noLimits }],
    '/api/market/selling': [{ body: { listings: [], feePercent: 5 } }],
    '/api/vault': [{ body: vaultOf([trout, ohtani]) }],
    ...extra,
  });
  const onSent = vi.fn();
  renderWithAuth(<ProposeTradeDialog listing={theirs} onClose={() => {}} onSent={onSent} />);
  return { calls, onSent };
}

describe('the Propose a trade dialog', () => {
  it('lists only the vault cards that may be given, and says the terms', async () => {
    const { calls } = renderDialog();
    const picker = await screen.findByRole('group', { name: 'Your cards to give (up to 10)' });
    expect(within(picker).getAllByRole('checkbox')).toHaveLength(2);
    const vault = calls.find((c) => c.url.includes('/api/vault'))!;
    expect(new URL(vault.url, 'http://x').searchParams.get('state')).toBe('in_vault');
    // What the seller gives: the listing's card.
    const summary = screen.getByTestId('trade-summary');
    expect(within(summary).getByText('2018 Prizm Luka Doncic #280')).toBeDefined();
    expect(screen.getByText(/your cards are held \(in a trade\)/)).toBeDefined();
    expect(screen.getByText(/has 7 days to accept, decline or counter/)).toBeDefined();
    expect(screen.getByText(/fee is taken from the cash only/)).toBeDefined();
    expect(await screen.findByText('5% of the cash only')).toBeDefined();
  });

  it('asks for a card or some cash before sending anything', async () => {
    const { calls } = renderDialog();
    await screen.findByRole('group', { name: 'Your cards to give (up to 10)' });
    fireEvent.click(screen.getByRole('button', { name: 'Send proposal' }));
    expect(await screen.findByText('Offer at least one card or some cash.')).toBeDefined();
    fireEvent.change(screen.getByLabelText('Cash you give ($)'), { target: { value: '5.555' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send proposal' }));
    await waitFor(() =>
      expect(screen.queryByText('Offer at least one card or some cash.')).toBeNull(),
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends the cards and cash chosen for this listing’s card, with an Idempotency-Key', async () => {
    const { calls, onSent } = renderDialog({
      'POST /api/market/trades': [{ status: 201, body: trade() }],
    });
    const success = vi.spyOn(notify, 'success');
    fireEvent.click(await screen.findByRole('checkbox', { name: /Mike Trout 2011 Update/ }));
    fireEvent.change(screen.getByLabelText('Cash you give ($)'), { target: { value: '5' } });
    expect(within(screen.getByTestId('trade-summary')).getByText('+ $5.00 cash')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Send proposal' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    const sent = calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/market/trades'))!;
    expect(JSON.parse(String(sent.body))).toEqual({
      to: 'seller_sam',
      give: [trout._id],
      giveCash: 5,
      get: [theirs.holdingId],
      getCash: 0,
    });
    expect(sent.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(success).toHaveBeenCalledWith(
      'Trade sent to @seller_sam: see it on the Trades tab of your vault.',
    );
  });

  it("shows the server's words when the trade is refused", async () => {
    const { onSent } = renderDialog({
      'POST /api/market/trades': [
        {
          status: 402,
          body: { message: 'Your wallet is short of $5.00.', error: 'Payment Required' },
        },
      ],
    });
    const error = vi.spyOn(notify, 'error');
    await screen.findByRole('group', { name: 'Your cards to give (up to 10)' });
    fireEvent.change(screen.getByLabelText('Cash you give ($)'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send proposal' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Your wallet is short of $5.00.'));
    expect(onSent).not.toHaveBeenCalled();
  });
});
