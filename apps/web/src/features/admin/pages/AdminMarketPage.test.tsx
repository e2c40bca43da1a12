import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminMarketResponse } from '@grail/contract';
import { fakeFetch, isolateRequests } from '@/test/fakeFetch';
import { listing, listingId } from '@/test/market';
import { renderWithProviders } from '@/test/providers';
import { notify } from '@/lib/toast';
import AdminMarketPage from './AdminMarketPage';

isolateRequests();

const userId = '5b1c1a50-0000-4000-8000-0000000000cc';
const overview: AdminMarketResponse = {
  openListings: 12,
  frozenListings: 1,
  openOffers: 4,
  openTrades: 0,
  sales: 9,
  feesCollected: 61.25,
  flaggedSales: [
    {
      _id: 'sale-1',
      cardName: '2018 Prizm Luka Doncic #280',
      seller: 'seller_sam',
      buyer: 'sam_alt',
      price: 250,
      reason: 'Same sign-in address',
      soldAt: '2026-11-28T12:00:00.000Z',
    },
  ],
  frozenCollectors: [
    { userId, username: 'sam_alt', reason: 'Shill bids', since: '2026-11-28T13:00:00.000Z' },
  ],
};

describe("the console's marketplace section", () => {
  it('shows the figures, flagged sales and frozen collectors, and restores access', async () => {
    const { calls } = fakeFetch({
      '/api/admin/market': [{ body: overview }],
      [`POST /api/admin/market/users/${userId}/access`]: [{ body: { frozen: false } }],
    });
    const success = vi.spyOn(notify, 'success');
    renderWithProviders(<AdminMarketPage />, { path: '/admin/market' });
    const figures = await screen.findByTestId('market-figures');
    expect(within(figures).getByText('Open listings').nextSibling?.textContent).toBe('12');
    expect(within(figures).getByText('Fees collected').nextSibling?.textContent).toBe('$61.25');
    const flagged = screen.getByRole('table', { name: 'Flagged sales' });
    expect(within(flagged).getAllByRole('row')[1]!.textContent).toContain(
      '@seller_sam@sam_alt$250.00Same sign-in address',
    );
    const frozen = screen.getByRole('table', { name: 'Frozen collectors' });
    expect(within(frozen).getByRole('link', { name: '@sam_alt' }).getAttribute('href')).toBe(
      `/admin/users/${userId}`,
    );
    fireEvent.click(within(frozen).getByRole('button', { name: 'Restore access' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Market access restored for @sam_alt.'),
    );
    const restored = calls.find((c) => c.url.endsWith('/access'))!;
    expect(JSON.parse(String(restored.body))).toEqual({ frozen: false });
  });

  it('freezes and unfreezes a listing by its id, refusing what is not an id', async () => {
    const { calls } = fakeFetch({
      '/api/admin/market': [{ body: overview }],
      [`POST /api/admin/market/listings/${listingId}/freeze`]: [
        { body: listing({ frozen: true }) },
        { body: listing({ frozen: false }) },
      ],
    });
    const success = vi.spyOn(notify, 'success');
    renderWithProviders(<AdminMarketPage />, { path: '/admin/market' });
    const form = await screen.findByRole('form', { name: 'Freeze or unfreeze a listing' });
    fireEvent.change(within(form).getByLabelText('Listing id'), { target: { value: 'abc' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Freeze' }));
    expect(
      await within(form).findByText('Enter a listing id (from its page address).'),
    ).toBeDefined();
    fireEvent.change(within(form).getByLabelText('Listing id'), { target: { value: listingId } });
    fireEvent.click(within(form).getByRole('button', { name: 'Freeze' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Frozen: 2018 Prizm Luka Doncic #280 by @seller_sam.'),
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Unfreeze' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Unfrozen: 2018 Prizm Luka Doncic #280 by @seller_sam.'),
    );
    const bodies = calls
      .filter((c) => c.url.endsWith('/freeze'))
      .map((c) => JSON.parse(String(c.body)));
    expect(bodies).toEqual([{ frozen: true }, { frozen: false }]);
  });
});
