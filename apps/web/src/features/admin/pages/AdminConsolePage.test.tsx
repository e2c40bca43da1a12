import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { PublicConfigResponse } from '@grail/contract';
import { publicConfigQuery } from '@/lib/config';
import { renderWithProviders } from '@/test/providers';
import AdminConsolePage from './AdminConsolePage';

const config = (flags: Partial<PublicConfigResponse['flags']>): PublicConfigResponse =>
  ({
    flags: {
      BREAKS_ENABLED: false,
      ADVANCED_ANALYTICS: false,
      DISCORD_INTEGRATION: false,
      ...flags,
    },
    supportEmail: 'support@grailmachine.example',
    xProfileHandle: 'GrailMachine',
    appEnv: 'test',
    paymentProvider: 'sandbox',
    debug: false,
  }) as PublicConfigResponse;

function renderConsole(path: string, flags: Partial<PublicConfigResponse['flags']>) {
  const { client } = renderWithProviders(<AdminConsolePage />, { path });
  client.setQueryData(publicConfigQuery.queryKey, config(flags));
  return client;
}

describe('the staff console navigation', () => {
  it('links every section, marks the current one, and leaves out flagged sections that are off', async () => {
    renderConsole('/admin/inventory', {});
    const nav = await screen.findByRole('navigation', { name: 'Staff console' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual([
      'Overview',
      'Inventory',
      'Shipping',
      'Users',
      'Submissions',
      'Withdrawals',
      'Custody',
      'Marketplace',
      'Site',
      'Audit log',
    ]);
    expect(within(nav).getByRole('link', { name: 'Inventory' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Site' }).getAttribute('href')).toBe(
      '/admin/site',
    );
  });

  it('shows Breaks and Analytics while their flags are on', async () => {
    renderConsole('/admin', { BREAKS_ENABLED: true, ADVANCED_ANALYTICS: true });
    const nav = await screen.findByRole('navigation', { name: 'Staff console' });
    expect(await within(nav).findByRole('link', { name: 'Breaks' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Analytics' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });
});
