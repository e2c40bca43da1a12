import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeFetch, isolateRequests } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { collectorId, holding, userVault } from '../test/vaultFixtures';
import { UserVault } from './UserVault';

isolateRequests();

const path = `/api/admin/users/${collectorId}/vault`;

describe('a collector’s vault in the staff user view', () => {
  it('shows the totals and each card with image, grade, state, FMV and cost; filters by state', async () => {
    const { calls } = fakeFetch({
      [path]: [{ body: userVault([holding]) }, { body: userVault([]) }],
    });
    renderWithProviders(<UserVault userId={collectorId} />);
    const row = await screen.findByTestId('staff-holding');
    const totals = screen.getByTestId('user-vault-totals');
    expect(totals.textContent).toBe('Cards held14Value$2,580.50Cost$2,000.00Gain or loss+$580.50');
    expect(row.querySelector('img')?.getAttribute('src')).toBe('/images/luka.webp');
    expect(within(row).getByText('2018 Prizm Luka Doncic')).toBeTruthy();
    expect(within(row).getByText('Pull #12 of Case 7')).toBeTruthy();
    expect(within(row).getByText('PSA GEM MT 10')).toBeTruthy();
    expect(within(row).getByText('Shipping requested')).toBeTruthy();
    expect(within(row).getByText('$150.00')).toBeTruthy();
    expect(within(row).getByText('$99.99')).toBeTruthy();
    expect(calls[0]!.url).toBe(`${path}?state=custody&page=1&limit=20`);

    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'sold_back' } });
    expect(await screen.findByText('No cards in this state.')).toBeTruthy();
    expect(calls[1]!.url).toBe(`${path}?state=sold_back&page=1&limit=20`);
  });

  it('pages through a large vault', async () => {
    const { calls } = fakeFetch({ [path]: [{ body: userVault([holding], 45) }] });
    renderWithProviders(<UserVault userId={collectorId} />);
    const pager = await screen.findByRole('navigation', { name: 'Pages of the vault' });
    expect(within(pager).getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(await within(pager).findByText('Page 2 of 3')).toBeTruthy();
    expect(calls[1]!.url).toBe(`${path}?state=custody&page=2&limit=20`);
  });

  it('says so when the vault is empty, and when it cannot be loaded', async () => {
    fakeFetch({ [path]: [{ body: userVault([]) }] });
    const first = renderWithProviders(<UserVault userId={collectorId} />);
    expect(await screen.findByText('No cards in the vault.')).toBeTruthy();
    first.unmount();

    fakeFetch({
      [path]: [{ status: 404, body: { message: 'User not found', error: 'Not Found' } }],
    });
    renderWithProviders(<UserVault userId={collectorId} />);
    expect(
      await screen.findByText("Could not load this collector's vault. User not found"),
    ).toBeTruthy();
  });
});
