import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { CustodyReport } from '@grail/contract';
import { fakeFetch, isolateRequests } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { collectorId, custody } from '../test/vaultFixtures';
import AdminCustodyPage from './AdminCustodyPage';

isolateRequests();

describe('the custody report', () => {
  it('shows the totals, the cards by state and by owner, each owner linked to their account', async () => {
    const { calls } = fakeFetch({ '/api/admin/vault/custody': [{ body: custody }] });
    renderWithProviders(<AdminCustodyPage />, { path: '/admin/custody' });
    const totals = await screen.findByTestId('custody-totals');
    expect(within(totals).getByText('Cards held').nextSibling?.textContent).toBe('14');
    expect(within(totals).getByText('Insured value').nextSibling?.textContent).toBe('$2,580.50');
    expect(within(totals).getByText('As of')).toBeTruthy();

    const byState = screen.getByRole('table', { name: 'Cards by state' });
    const stateRows = within(byState).getAllByRole('row').slice(1);
    expect(stateRows.map((r) => r.textContent)).toEqual([
      'In vault12$2,400.50',
      'Shipping requested2$180.00',
    ]);
    const byOwner = screen.getByRole('table', { name: 'Cards by owner' });
    expect(within(byOwner).getByRole('link', { name: 'casey' }).getAttribute('href')).toBe(
      `/admin/users/${collectorId}`,
    );
    expect(within(byOwner).getByText('casey@example.com')).toBeTruthy();
    expect(screen.getByTestId('custody-owners').textContent).toBe('1 owner');
    // One page of owners: no pages to turn.
    expect(screen.queryByRole('navigation', { name: 'Pages of owners' })).toBeNull();
    expect(calls[0]!.url).toBe('/api/admin/vault/custody?page=1&limit=50');
  });

  it('counts every owner and turns to the next of their pages', async () => {
    const owners = Array.from({ length: 50 }, (_, i) => ({
      user: {
        _id: `6f1c1a50-0000-4000-8000-${String(i).padStart(12, '0')}`,
        username: `owner${i}`,
        email: `owner${i}@example.com`,
      },
      cards: 1,
      insuredValue: 10,
    }));
    const totals = { ...custody.totals, owners: 51 };
    const full: CustodyReport = { ...custody, byOwner: owners, totals };
    const last: CustodyReport = { ...custody, byOwner: owners.slice(0, 1), totals };
    const { calls } = fakeFetch({
      '/api/admin/vault/custody': [{ body: full }, { body: last }],
    });
    renderWithProviders(<AdminCustodyPage />, { path: '/admin/custody' });
    const pager = await screen.findByRole('navigation', { name: 'Pages of owners' });
    expect(screen.getByTestId('custody-owners').textContent).toBe('51 owners');
    expect(within(pager).getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(await within(pager).findByText('Page 2 of 2')).toBeTruthy();
    expect(within(pager).getByRole('button', { name: 'Next page' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(calls[1]!.url).toBe('/api/admin/vault/custody?page=2&limit=50');
  });

  it('says so when the vault is empty, and when the report cannot be loaded', async () => {
    fakeFetch({
      '/api/admin/vault/custody': [
        {
          body: {
            byState: [],
            byOwner: [],
            totals: { cards: 0, insuredValue: 0, owners: 0 },
            asOf: custody.asOf,
          },
        },
      ],
    });
    const first = renderWithProviders(<AdminCustodyPage />);
    expect(await screen.findByText('No cards in the vault.')).toBeTruthy();
    expect(screen.getByText('No collector has cards in the vault.')).toBeTruthy();
    first.unmount();

    fakeFetch({
      '/api/admin/vault/custody': [{ status: 500, body: { message: 'Boom', error: 'x' } }],
    });
    renderWithProviders(<AdminCustodyPage />);
    expect(await screen.findByText(/^Could not load the custody report\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
