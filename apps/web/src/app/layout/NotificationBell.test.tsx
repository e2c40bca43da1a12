import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { fakeFetch } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { resetRequestLayer } from '@/lib/api/client';
import { NotificationBell } from './NotificationBell';

vi.mock('@/lib/auth', () => ({ useAuth: () => ({ isLoggedIn: true, isLoading: false }) }));

/** Stands in for the browser's EventSource: the test sends the events. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  readonly listeners = new Map<string, (message: MessageEvent<string>) => void>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(name: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(name, listener);
  }
  close() {
    this.closed = true;
  }
  send(name: string, data: string) {
    this.listeners.get(name)?.(new MessageEvent(name, { data }));
  }
}

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

describe('the notification bell', () => {
  it('says the unread count, links to the notifications and follows the live stream', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    fakeFetch({ '/api/notifications/unread': [{ body: { unread: 2 } }] });
    const { unmount } = renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('link', { name: 'Notifications, 2 unread' });
    expect(bell.getAttribute('href')).toBe('/dashboard/notifications');
    expect(bell.textContent).toBe('2');
    bell.focus();
    expect(document.activeElement).toBe(bell);

    const source = FakeEventSource.last!;
    expect(source.url).toBe('/api/notifications/events');
    act(() => source.send('unread', 'not json'));
    act(() => source.send('unread', JSON.stringify({ unread: 5 })));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Notifications, 5 unread' })).toBeDefined(),
    );
    act(() => source.send('unread', JSON.stringify({ unread: 0 })));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Notifications, none unread' }).textContent).toBe(''),
    );
    unmount();
    expect(source.closed).toBe(true);
  });
});
