import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { OutboxMessageView } from '@grail/contract';
import { fakeFetch } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { resetRequestLayer } from '@/lib/api/client';
import { OutboxPanel } from './OutboxPanel';

const id = '6f1c1a50-0000-4000-8000-0000000000a1';
const dead: OutboxMessageView = {
  _id: id,
  kind: 'email',
  status: 'dead',
  target: 'collector@example.com',
  subject: 'Your card has shipped',
  attempts: 8,
  lastError: 'connect ECONNREFUSED 127.0.0.1:25',
  nextAttemptAt: '2026-11-25T01:00:00.000Z',
  createdAt: '2026-11-24T20:00:00.000Z',
};

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

describe('admin outbox panel', () => {
  it('lists failed messages with their error, and sends one again', async () => {
    const { calls } = fakeFetch({
      '/api/admin/outbox': [{ body: { messages: [dead] } }, { body: { messages: [] } }],
      [`POST /api/admin/outbox/${id}/retry`]: [
        { body: { message: { ...dead, status: 'pending', attempts: 0 } } },
      ],
    });
    renderWithProviders(<OutboxPanel />);
    expect(await screen.findByText('connect ECONNREFUSED 127.0.0.1:25')).toBeTruthy();
    expect(screen.getByText(/Your card has shipped → collector@example.com/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send again: Your card has shipped' }));
    expect(await screen.findByText('No failed messages.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith(`/${id}/retry`))).toBe(true);
    expect(calls[0]!.url).toContain('status=dead');
  });

  it('says so when the outbox cannot be read', async () => {
    fakeFetch({ '/api/admin/outbox': [{ status: 500, body: { message: 'Boom', error: 'x' } }] });
    renderWithProviders(<OutboxPanel />);
    expect(await screen.findByText('Could not load the outbox.')).toBeTruthy();
  });
});
