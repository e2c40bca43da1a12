import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Listing } from '@grail/contract';
import { AuthProvider } from '@/lib/auth';
import { fakeFetch, isolateRequests, signedInUser } from '@/test/fakeFetch';
import { walletStatement } from '@/test/wallet';
import { comps, listing, listingId, noLimits, offer } from '@/test/market';
import ListingPage from './ListingPage';

isolateRequests();

type Who = 'visitor' | 'buyer' | 'seller';

function renderListing(answer: Listing | { status: number }, who: Who = 'buyer', extra = {}) {
  const user =
    who === 'visitor'
      ? null
      : { ...signedInUser, username: who === 'seller' ? 'seller_sam' : 'buyer_bo' };
  const { calls } = fakeFetch({
    '/api/auth/current': [
      user ? { body: { user, csrfToken: 'c' } } : { status: 401, body: { message: 'No' } },
    ],
    'POST /api/auth/session/reset': [{ body: { message: 'Session reset.', csrfToken: 'anon' } }],
    [`/api/market/listings/${listingId}`]: [
      'status' in answer && typeof answer.status === 'number'
        ? {
            status: answer.status,
            body: { message: 'No listing with this id.', error: 'Not Found' },
          }
        : { body: { listing: answer, comps } },
    ],
    '/api/wallet': [{ body: walletStatement(1000) }],
    '/api/limits': [{ body: noLimits }],
    '/api/market/selling': [{ body: { listings: [], feePercent: 5 } }],
    ...extra,
  });
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[`/market/${listingId}`]}>
        <AuthProvider>
          <Routes>
            <Route path="/market/:listingId" element={<ListingPage />} />
            <Route path="/login" element={<p>the sign-in page</p>} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

describe('a marketplace listing', () => {
  it('shows the card, its cert, the seller, the price against the FMV, and its price history', async () => {
    renderListing(listing());
    expect(
      await screen.findByRole('heading', { level: 1, name: '2018 Prizm Luka Doncic #280' }),
    ).toBeDefined();
    expect(screen.getByTestId('listing-price').textContent).toBe('$250.00');
    expect(screen.getByText('FMV $300.00 · $50.00 below FMV')).toBeDefined();
    expect(screen.getByText(/^FMV source: Recent sales/)).toBeDefined();
    expect(screen.getByTestId('listing-seller').textContent).toBe('@seller_sam');
    const cert = screen.getByTestId('listing-cert');
    expect(cert.getAttribute('href')).toBe('https://www.psacard.com/cert/58494443');
    expect(cert.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('Open to offers from $200.00.')).toBeDefined();
    // The comps: the FMV with its source, a chart with its table, the last sales with their kind.
    expect(screen.getByTestId('listing-fmv').textContent).toContain(
      'FMV $300.00 from Recent sales',
    );
    expect(screen.getByRole('table', { name: 'Sale prices over time' })).toBeDefined();
    const sales = within(screen.getByTestId('listing-sales')).getAllByRole('listitem');
    expect(sales.map((s) => s.textContent?.replace(/^.*?(Marketplace|Store)/, '$1'))).toEqual([
      'Marketplace$280.00',
      'Marketplace offer$260.00',
      'Store$310.00',
    ]);
    expect(screen.getByRole('button', { name: 'Buy now for $250.00' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Make an offer' })).toBeDefined();
  });

  it('buys with the price shown and one Idempotency-Key, then leads to the vault', async () => {
    const calls = renderListing(listing(), 'buyer', {
      [`POST /api/market/listings/${listingId}/buy`]: [
        { body: { listing: listing({ status: 'sold' }), holdingId: 'h-1', balance: 750 } },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Buy now for $250.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy now' });
    await waitFor(() => expect(within(dialog).getByText('$1,000.00')).toBeDefined());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $250.00' }));
    expect(await screen.findByRole('link', { name: 'Go to your vault' })).toBeDefined();
    const buy = calls.find((c) => c.method === 'POST' && c.url.endsWith('/buy'))!;
    expect(JSON.parse(String(buy.body))).toEqual({ price: 250 });
    expect(buy.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('makes an offer with its amount and expiry, refusing one under the minimum first', async () => {
    const calls = renderListing(listing(), 'buyer', {
      [`POST /api/market/listings/${listingId}/offers`]: [{ status: 201, body: offer() }],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Make an offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make an offer' });
    expect(within(dialog).getByText(/held from your wallet while the offer is open/)).toBeDefined();
    expect((within(dialog).getByLabelText('Expires after (days)') as HTMLInputElement).value).toBe(
      '7',
    );
    fireEvent.change(within(dialog).getByLabelText('Your offer ($)'), { target: { value: '150' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await within(dialog).findByText('The seller takes offers from $200.00.')).toBeDefined();
    fireEvent.change(within(dialog).getByLabelText('Your offer ($)'), {
      target: { value: '210.50' },
    });
    fireEvent.change(within(dialog).getByLabelText('Expires after (days)'), {
      target: { value: '3' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.find((c) => c.method === 'POST' && c.url.endsWith('/offers'))!;
    expect(JSON.parse(String(sent.body))).toEqual({ amount: 210.5, expiresInDays: 3 });
    expect(sent.headers['Idempotency-Key']).toBeTruthy();
  });

  it('sends a signed-out visitor to sign in, and back here after', async () => {
    renderListing(listing(), 'visitor');
    const signIn = await screen.findByRole('link', { name: 'Sign in to buy' });
    expect(signIn.getAttribute('href')).toBe(
      `/login?redirectTo=${encodeURIComponent(`/market/${listingId}`)}`,
    );
    expect(screen.getByRole('link', { name: 'Sign in to make an offer' })).toBeDefined();
    expect(screen.queryByRole('button', { name: /Buy now/ })).toBeNull();
  });

  it('offers the seller Edit price and Cancel listing instead of buying', async () => {
    renderListing(listing(), 'seller');
    expect(await screen.findByRole('button', { name: 'Edit price' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Cancel listing' })).toBeDefined();
    expect(screen.queryByRole('button', { name: /Buy now/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make an offer' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit price' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit price' });
    expect((within(dialog).getByLabelText('Price ($)') as HTMLInputElement).value).toBe('250.00');
    await waitFor(() =>
      expect(within(dialog).getByTestId('listing-quote').textContent).toContain(
        'You receive$237.50',
      ),
    );
  });

  it.each([
    [
      listing({ status: 'sold', soldAt: '2026-11-26T12:00:00.000Z' }),
      'This card has been sold.',
      'Sold',
    ],
    [listing({ status: 'cancelled' }), 'The seller took this listing down.', 'Cancelled'],
    [
      listing({ frozen: true }),
      'Sales of this listing are paused while our staff review it. Please check back later.',
      'Paused',
    ],
  ])(
    'says why a closed listing cannot be bought, with no buy buttons (%#)',
    async (answer, text, badge) => {
      renderListing(answer);
      expect((await screen.findByTestId('listing-closed')).textContent).toBe(text);
      expect(screen.getByText(badge)).toBeDefined();
      expect(screen.queryByRole('button', { name: /Buy now/ })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Make an offer' })).toBeNull();
    },
  );

  it('says a listing that does not exist was not found', async () => {
    renderListing({ status: 404 });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Listing not found' }),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'Back to the marketplace' }).getAttribute('href')).toBe(
      '/market',
    );
  });
});
