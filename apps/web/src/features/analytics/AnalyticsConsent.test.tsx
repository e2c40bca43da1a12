import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeFetch } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { resetRequestLayer } from '@/lib/api/client';
import { AnalyticsConsent } from './AnalyticsConsent';
import { CONSENT_KEY } from './gtag';

const config = (on: boolean, id: string | null) => ({
  flags: { BREAKS_ENABLED: false, ADVANCED_ANALYTICS: on, DISCORD_INTEGRATION: false },
  supportEmail: 'support@grailmachine.example',
  xProfileHandle: 'GrailMachine',
  appEnv: 'test',
  paymentProvider: 'sandbox',
  debug: false,
  analyticsMeasurementId: id,
});
const gtagScripts = () =>
  [...document.querySelectorAll('script')].filter((s) => s.src.includes('googletagmanager'));

beforeEach(() => {
  resetRequestLayer();
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('AnalyticsConsent', () => {
  it('shows nothing and loads nothing while ADVANCED_ANALYTICS is off', async () => {
    const { calls } = fakeFetch({ '/api/config': [{ body: config(false, null) }] });
    renderWithProviders(<AnalyticsConsent />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Analytics cookies' })).toBeNull();
    expect(gtagScripts()).toEqual([]);
  });

  it('Reject is remembered and loads nothing', async () => {
    fakeFetch({ '/api/config': [{ body: config(true, 'G-TEST12345') }] });
    const first = renderWithProviders(<AnalyticsConsent />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(screen.queryByRole('region', { name: 'Analytics cookies' })).toBeNull();
    expect(localStorage.getItem(CONSENT_KEY)).toBe('rejected');
    first.unmount();
    renderWithProviders(<AnalyticsConsent />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Analytics cookies' })).toBeNull();
    expect(gtagScripts()).toEqual([]);
  });

  it('adds gtag.js only after Accept, and sends the page view', async () => {
    fakeFetch({ '/api/config': [{ body: config(true, 'G-TEST12345') }] });
    renderWithProviders(<AnalyticsConsent />, { path: '/store?sport=Baseball' });
    const accept = await screen.findByRole('button', { name: 'Accept' });
    expect(gtagScripts()).toEqual([]);
    fireEvent.click(accept);
    await waitFor(() => expect(gtagScripts()).toHaveLength(1));
    expect(gtagScripts()[0]!.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST12345');
    const events = (window.dataLayer ?? []).map((e) => Array.from(e as ArrayLike<unknown>));
    expect(events).toContainEqual([
      'event',
      'page_view',
      expect.objectContaining({ page_path: '/store?sport=Baseball' }),
    ]);
    expect(localStorage.getItem(CONSENT_KEY)).toBe('accepted');
  });
});
