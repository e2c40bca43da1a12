import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Notification, NotificationsResponse } from '@grail/contract';
import { fakeFetch } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { resetRequestLayer } from '@/lib/api/client';
import NotificationsPage from './NotificationsPage';

vi.mock('@/lib/auth', () => ({ useAuth: () => ({ isLoggedIn: true, isLoading: false }) }));

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const now = new Date();
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();

function notice(n: number, extra: Partial<Notification> = {}): Notification {
  return {
    _id: id(n),
    category: 'shipping',
    kind: 'shipment.shipped',
    title: `Notice ${n}`,
    body: `Body ${n}`,
    link: `/dashboard/vault`,
    needsAnswer: false,
    read: false,
    createdAt: daysAgo(0),
    ...extra,
  };
}

const page = (notifications: Notification[], unread = notifications.length) =>
  ({ notifications, nextOffset: null, unread }) satisfies NotificationsResponse;

const config = { '/api/config': [{ status: 404, body: { message: 'no', error: 'Not Found' } }] };

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

describe('the notifications page', () => {
  it('pins what needs an answer, groups the rest by day, and marks one or all read', async () => {
    const offer = notice(1, {
      title: 'We made an offer',
      link: '/dashboard/submissions/s1',
      needsAnswer: true,
      createdAt: daysAgo(3),
    });
    const today = notice(2, { title: 'Your card has shipped' });
    const yesterday = notice(3, {
      title: 'Order confirmed: 1 card',
      read: true,
      createdAt: daysAgo(1),
    });
    const { calls } = fakeFetch({
      ...config,
      'GET /api/notifications': [
        { body: page([offer, today, yesterday], 2) },
        { body: page([offer, { ...today, read: true }, yesterday], 1) },
        {
          body: page(
            [offer, { ...today, read: true }, yesterday].map((n) => ({ ...n, read: true })),
            0,
          ),
        },
      ],
      [`POST /api/notifications/${id(2)}/read`]: [{ body: { unread: 1 } }],
      'POST /api/notifications/read-all': [{ body: { unread: 0 } }],
    });
    renderWithProviders(<NotificationsPage />);
    const pinned = await screen.findByRole('region', { name: 'Needs your answer' });
    expect(
      within(pinned).getByRole('link', { name: 'We made an offer' }).getAttribute('href'),
    ).toBe('/dashboard/submissions/s1');
    const todayGroup = screen.getByRole('region', { name: 'Today' });
    expect(within(todayGroup).getByText('Your card has shipped')).toBeDefined();
    expect(
      within(screen.getByRole('region', { name: 'Yesterday' })).getByText(
        'Order confirmed: 1 card',
      ),
    );

    fireEvent.click(within(todayGroup).getByRole('button', { name: 'Mark read' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith(`${id(2)}/read`))).toBe(true),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Today' })).queryByRole('button'),
      ).toBeNull(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/read-all'))).toBe(true),
    );
  });

  it('says when there is nothing yet', async () => {
    fakeFetch({ ...config, 'GET /api/notifications': [{ body: page([]) }] });
    renderWithProviders(<NotificationsPage />);
    expect(await screen.findByTestId('notifications-empty')).toBeDefined();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    fakeFetch({
      ...config,
      'GET /api/notifications': [{ status: 500, body: { message: 'down', error: 'Server Error' } }],
    });
    renderWithProviders(<NotificationsPage />);
    expect(await screen.findByText('Could not load your notifications.')).toBeDefined();
  });
});
