import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { MarketResponse } from '@grail/contract';
import { fakeFetch, isolateRequests } from '@/test/fakeFetch';
import { listing } from '@/test/market';
import MarketPage from './MarketPage';

isolateRequests();

/** The address the page keeps its filters in, shown so a test can read it. */
function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}

const page = (listings = [listing({}, 1), listing({ price: 90 }, 2)]): MarketResponse => ({
  listings,
  total: listings.length,
  page: 1,
  limit: 24,
});

function renderMarket(url: string, replies: Parameters<typeof fakeFetch>[0]['x']) {
  const { calls } = fakeFetch({ '/api/market/listings': replies });
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/market"
            element={
              <>
                <MarketPage />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('the marketplace', () => {
  it('searches with the filters the address holds and shows each listing as a card', async () => {
    const calls = renderMarket(
      '/market?q=luka&sport=Basketball&grader=PSA&minGrade=9&minPrice=50&maxPrice=400&year=2018&sort=price_asc&page=2&junk=1',
      [{ body: page() }],
    );
    const cards = await screen.findAllByTestId('market-listing');
    expect(cards).toHaveLength(2);
    expect(queryOf(calls[0]!.url)).toEqual({
      q: 'luka',
      sport: 'Basketball',
      grader: 'PSA',
      minGrade: '9',
      minPrice: '50',
      maxPrice: '400',
      year: '2018',
      sort: 'price_asc',
      page: '2',
      limit: '24',
    });
    // Each field shows the address's value.
    expect((screen.getByLabelText('Search the marketplace') as HTMLInputElement).value).toBe(
      'luka',
    );
    expect((screen.getByLabelText('Sport') as HTMLSelectElement).value).toBe('Basketball');
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('price_asc');
    expect((screen.getByLabelText('Min price ($)') as HTMLInputElement).value).toBe('50');
    expect((screen.getByLabelText('Year') as HTMLInputElement).value).toBe('2018');
    // A card: its name, grade, price, FMV and seller, linked to its page.
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: '2018 Prizm Luka Doncic #280 (1)' })).toBeDefined();
    expect(first.getByText('PSA GEM MT 10')).toBeDefined();
    expect(first.getByTestId('market-price').textContent).toBe('$250.00');
    expect(first.getByText('FMV $300.00')).toBeDefined();
    expect(first.getByText('Sold by @seller_sam')).toBeDefined();
    expect(first.getByRole('link').getAttribute('href')).toBe(
      '/market/6f1c1a50-0000-4000-8000-000000000001',
    );
    expect(screen.getByTestId('market-count').textContent).toBe('2 listings');
  });

  it('keeps a new filter in the address, starting again from the first page', async () => {
    const calls = renderMarket('/market?sport=Basketball&page=3', [{ body: page() }]);
    await screen.findAllByTestId('market-listing');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'below_fmv' } });
    await waitFor(() =>
      expect(screen.getByTestId('address').textContent).toBe('?sport=Basketball&sort=below_fmv'),
    );
    fireEvent.change(screen.getByLabelText('Grader'), { target: { value: 'raw' } });
    await waitFor(() =>
      expect(screen.getByTestId('address').textContent).toBe(
        '?sport=Basketball&sort=below_fmv&grader=raw',
      ),
    );
    // Typed filters apply after a pause; a half-typed price waits for its next key.
    fireEvent.change(screen.getByLabelText('Player'), { target: { value: 'Luka Doncic' } });
    fireEvent.change(screen.getByLabelText('Max price ($)'), { target: { value: '12.' } });
    await waitFor(() =>
      expect(queryOf(`/x${screen.getByTestId('address').textContent}`).player).toBe('Luka Doncic'),
    );
    expect(screen.getByTestId('address').textContent).not.toContain('maxPrice');
    fireEvent.change(screen.getByLabelText('Max price ($)'), { target: { value: '12.5' } });
    await waitFor(() =>
      expect(queryOf(`/x${screen.getByTestId('address').textContent}`).maxPrice).toBe('12.5'),
    );
    await waitFor(() => expect(queryOf(calls.at(-1)!.url)).toMatchObject({ maxPrice: '12.5' }));
    expect(queryOf(calls.at(-1)!.url)).toMatchObject({
      sport: 'Basketball',
      sort: 'below_fmv',
      grader: 'raw',
      player: 'Luka Doncic',
    });
    // Clear filters empties every filter and the search, and keeps the sort.
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('?sort=below_fmv'));
  });

  it('says when no card matches the filters', async () => {
    renderMarket('/market?player=nobody', [{ body: page([]) }]);
    expect(await screen.findByText('No cards match these filters.')).toBeDefined();
    expect(screen.getByText('Try a broader search or clear the filters.')).toBeDefined();
    expect(screen.queryByTestId('market-listing')).toBeNull();
  });

  it('says the marketplace could not load, and tries again on Try again', async () => {
    renderMarket('/market', [
      { status: 500, body: { message: 'Something went wrong on our side.', error: 'Internal' } },
      { body: page() },
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the marketplace');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('market-listing')).toHaveLength(2);
  });
});
