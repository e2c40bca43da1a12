import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { DiscordStatusResponse, PublicConfigResponse } from '@grail/contract';
import { fakeFetch, signedInUser } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { resetRequestLayer } from '@/lib/api/client';
import { publicConfigQuery } from '@/lib/config';
import { DiscordLink } from './DiscordLink';
import { SettingsTab } from './SettingsTab';

const config = (discord: boolean): PublicConfigResponse => ({
  flags: { BREAKS_ENABLED: false, ADVANCED_ANALYTICS: false, DISCORD_INTEGRATION: discord },
  supportEmail: 'support@grailmachine.example',
  xProfileHandle: 'GrailMachine',
  appEnv: 'test',
  paymentProvider: 'sandbox',
  debug: false,
});
const clientWith = (discord: boolean) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(publicConfigQuery.queryKey, config(discord));
  return client;
};
const status = (over: Partial<DiscordStatusResponse> = {}): DiscordStatusResponse => ({
  available: true,
  linked: false,
  username: null,
  linkedAt: null,
  serverUrl: 'https://discord.com/channels/1300000000000000001',
  ...over,
});

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

describe('dashboard Discord card', () => {
  it('is not in the settings, and Discord is never asked, while DISCORD_INTEGRATION is off', async () => {
    const { calls } = fakeFetch({ '/api/users/me/sessions': [{ body: { sessions: [] } }] });
    renderWithProviders(<SettingsTab user={signedInUser} />, { client: clientWith(false) });
    expect(await screen.findByText('Where you are signed in')).toBeTruthy();
    expect(screen.queryByText('Discord')).toBeNull();
    expect(calls.some((c) => c.url.includes('/api/discord'))).toBe(false);
  });

  it('shows in the settings while the flag is on', async () => {
    fakeFetch({
      '/api/users/me/sessions': [{ body: { sessions: [] } }],
      '/api/discord': [{ body: status() }],
    });
    renderWithProviders(<SettingsTab user={signedInUser} />, { client: clientWith(true) });
    // The tab's first render (its forms) can take over findBy's second on a busy machine.
    expect(
      await screen.findByRole('button', { name: 'Link Discord' }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('without the server’s Discord keys: hidden from a collector, explained to staff', async () => {
    fakeFetch({
      '/api/users/me/sessions': [{ body: { sessions: [] } }],
      '/api/discord': [{ body: status({ available: false }) }],
    });
    const collector = renderWithProviders(<SettingsTab user={signedInUser} />, {
      client: clientWith(true),
    });
    expect(await screen.findByText('Where you are signed in')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Discord')).toBeNull());
    expect(screen.queryByText(/Discord linking is not available/)).toBeNull();
    collector.unmount();

    resetRequestLayer();
    fakeFetch({
      '/api/users/me/sessions': [{ body: { sessions: [] } }],
      '/api/discord': [{ body: status({ available: false }) }],
    });
    renderWithProviders(<SettingsTab user={{ ...signedInUser, role: 'admin' }} />, {
      client: clientWith(true),
    });
    expect(
      await screen.findByText(
        'Discord linking is not available: the server has no Discord keys set.',
      ),
    ).toBeTruthy();
  });

  it('shows the linked account with the server, and unlinks', async () => {
    const { calls } = fakeFetch({
      '/api/discord': [
        { body: status({ linked: true, username: 'casey', linkedAt: '2026-11-20T10:00:00.000Z' }) },
        { body: status() },
      ],
      'DELETE /api/discord/link': [{ status: 204 }],
    });
    renderWithProviders(<DiscordLink />, { client: clientWith(true) });
    expect(await screen.findByText('casey')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open our Discord server' }).getAttribute('href')).toBe(
      'https://discord.com/channels/1300000000000000001',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Unlink Discord' }));
    expect(await screen.findByRole('button', { name: 'Link Discord' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/api/discord/link'))).toBe(
      true,
    );
  });

  it('says why a link was refused when Discord sends the collector back without one', async () => {
    fakeFetch({ '/api/discord': [{ body: status() }] });
    renderWithProviders(<DiscordLink />, {
      client: clientWith(true),
      path: '/dashboard?tab=settings&discord=refused',
    });
    await waitFor(() => expect(screen.getByText(/Discord did not link/)).toBeTruthy());
  });
});
