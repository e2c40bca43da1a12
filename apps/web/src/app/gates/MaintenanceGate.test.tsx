import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fakeFetch } from '@/test/fakeFetch';
import { MaintenanceGate } from './MaintenanceGate';

const status = (isEnabled: boolean) => ({
  body: { data: { isEnabled, startedAt: isEnabled ? '2026-11-22T08:00:00.000Z' : null } },
});

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  window.dispatchEvent(new Event('visibilitychange'));
}

function renderGate() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MaintenanceGate>
        <p>the site</p>
      </MaintenanceGate>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setVisibility('visible');
});

describe('maintenance gate', () => {
  it('shows a spinner until the first check, then the site', async () => {
    fakeFetch({ '/api/maintenance/status': [status(false)] });
    renderGate();
    expect(screen.getByRole('status')).toBeDefined();
    expect(await screen.findByText('the site')).toBeDefined();
  });

  it('shows only the maintenance page, with its start time, while maintenance is on', async () => {
    fakeFetch({ '/api/maintenance/status': [status(true)] });
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Under Maintenance' })).toBeDefined();
    expect(screen.getByText(/Maintenance started/)).toBeDefined();
    expect(screen.queryByText('the site')).toBeNull();
  });

  it('keeps the site for staff while maintenance is on, with a notice', async () => {
    fakeFetch({
      '/api/maintenance/status': [
        { body: { data: { ...status(true).body.data, staffAccess: true } } },
      ],
    });
    renderGate();
    expect(await screen.findByText('the site')).toBeDefined();
    expect(screen.getByRole('status').textContent).toBe(
      'Maintenance mode is on: collectors see the maintenance page and their changes are paused.',
    );
  });

  it('polls every 120000 ms, pauses while the tab is hidden and checks again on return', async () => {
    vi.useFakeTimers();
    const { calls } = fakeFetch({
      '/api/maintenance/status': [status(false), status(false), status(true)],
    });
    renderGate();
    await act(async () => void (await vi.advanceTimersByTimeAsync(0)));
    expect(calls).toHaveLength(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(119_999)));
    expect(calls).toHaveLength(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    expect(calls).toHaveLength(2);

    act(() => setVisibility('hidden'));
    await act(async () => void (await vi.advanceTimersByTimeAsync(480_000)));
    expect(calls).toHaveLength(2);

    await act(async () => {
      setVisibility('visible');
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Under Maintenance' })).toBeDefined();
  });
});
