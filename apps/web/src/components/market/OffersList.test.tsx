import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OffersResponse } from '@grail/contract';
import { fakeFetch, isolateRequests } from '@/test/fakeFetch';
import { offer } from '@/test/market';
import { renderWithProviders } from '@/test/providers';
import { notify } from '@/lib/toast';
import { OffersList } from './OffersList';

isolateRequests();

const id = (n: number) => `7a1c1a50-0000-4000-8000-${String(n).padStart(12, '0')}`;
const mine = offer({ _id: id(1), role: 'buyer', by: 'buyer', yourTurn: false });
const received = offer({
  _id: id(2),
  role: 'seller',
  by: 'buyer',
  amount: 230,
  held: 230,
  yourTurn: true,
  buyer: 'buyer_cy',
});
const answer = (offers = [mine, received]): OffersResponse => ({ offers, total: offers.length });

describe('the Offers list', () => {
  it('puts the offers waiting for an answer first, and accepts the amount shown', async () => {
    const { calls } = fakeFetch({
      '/api/market/offers': [{ body: answer() }, { body: answer([mine]) }],
      [`POST /api/market/offers/${id(2)}/accept`]: [{ body: { ...received, status: 'accepted' } }],
    });
    const success = vi.spyOn(notify, 'success');
    renderWithProviders(<OffersList />);
    const rows = await screen.findAllByTestId('offer');
    expect(within(rows[0]!).getByText('Your answer')).toBeDefined();
    expect(within(rows[0]!).getByText("Offer from @buyer_cy · the buyer's offer")).toBeDefined();
    expect(within(rows[1]!).getByText('Waiting for the other side')).toBeDefined();
    // The buyer's own offer: what is held, and only Withdraw.
    expect(within(rows[1]!).getByText('Held from your wallet')).toBeDefined();
    expect(within(rows[1]!).getByRole('button', { name: 'Withdraw' })).toBeDefined();
    expect(within(rows[1]!).queryByRole('button', { name: /Accept/ })).toBeNull();
    // The seller's answer: Accept (the amount shown), Counter, Decline.
    expect(within(rows[0]!).getByRole('button', { name: 'Counter' })).toBeDefined();
    expect(within(rows[0]!).getByRole('button', { name: 'Decline' })).toBeDefined();
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Accept $230.00' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Sold for $230.00: 2018 Prizm Luka Doncic #280.'),
    );
    const accept = calls.find((c) => c.url.endsWith('/accept'))!;
    expect(JSON.parse(String(accept.body))).toEqual({ amount: 230 });
    expect(accept.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the server's words when an answer is refused", async () => {
    fakeFetch({
      '/api/market/offers': [{ body: answer([mine]) }],
      [`POST /api/market/offers/${id(1)}/withdraw`]: [
        { status: 409, body: { message: 'This offer is no longer open.', error: 'Conflict' } },
      ],
    });
    const error = vi.spyOn(notify, 'error');
    renderWithProviders(<OffersList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('This offer is no longer open.'));
  });

  it('says when there are no open offers', async () => {
    fakeFetch({ '/api/market/offers': [{ body: answer([]) }] });
    renderWithProviders(<OffersList />);
    expect((await screen.findByTestId('offers-empty')).textContent).toBe(
      'No open offers. Offers you make on listings, and offers on your listings, appear here.',
    );
  });
});
