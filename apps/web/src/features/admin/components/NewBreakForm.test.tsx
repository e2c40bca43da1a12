import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AdminBreak } from '@grail/contract';
import { fakeFetch } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { resetRequestLayer } from '@/lib/api/client';
import { NewBreakForm } from './NewBreakForm';

const breakId = '6f1c1a50-0000-4000-8000-000000000031';

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

const created: AdminBreak = {
  _id: breakId,
  title: 'Two boxes of Chrome',
  sport: 'Baseball',
  format: 'random_team',
  status: 'draft',
  imageUrl: null,
  boxes: 2,
  packsPerBox: 12,
  spotPrice: 50,
  maxSpotPrice: 50,
  totalSpots: 3,
  spotsSold: 0,
  minSpots: 3,
  salesDeadline: '2026-12-01T12:00:00.000Z',
  scheduledAt: '2026-12-01T13:00:00.000Z',
  startedAt: null,
  endedAt: null,
  streamUrl: null,
  description: '',
  teams: ['Mets', 'Yankees', 'Cubs'],
  unownedHitRule: 'house',
  spots: [],
  hits: [],
  fairness: { serverSeedHash: null, serverSeed: null },
  refunds: 0,
};

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the new draft break form', () => {
  it(
    'shows the server’s own rule on the field and sends nothing',
    { timeout: 30_000 },
    async () => {
      const { calls } = fakeFetch({});
      renderWithProviders(<NewBreakForm onCreated={vi.fn()} onCancel={vi.fn()} />);
      type(/^Product/, 'Two boxes of Chrome');
      type(/^Minimum spots to run/, '31');
      fireEvent.click(screen.getByRole('button', { name: 'Create draft' }));
      expect(
        await screen.findByText(
          'must be at most the number of spots (30)',
          {},
          { timeout: 10_000 },
        ),
      ).toBeTruthy();
      expect(calls).toHaveLength(0);
    },
  );

  it('reads the team lines and prices into the draft it creates', { timeout: 30_000 }, async () => {
    const { calls } = fakeFetch({
      'POST /api/admin/breaks': [{ status: 201, body: { break: created } }],
    });
    const onCreated = vi.fn();
    renderWithProviders(<NewBreakForm onCreated={onCreated} onCancel={vi.fn()} />);
    type(/^Product/, 'Two boxes of Chrome');
    type(/^Teams \(30\)/, 'Mets, 40\nYankees\nCubs');
    expect(screen.getByLabelText(/^Teams \(3\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create draft' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(breakId), { timeout: 10_000 });
    const body = JSON.parse(String(calls[0]!.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      title: 'Two boxes of Chrome',
      sport: 'Baseball',
      spotPrice: 50,
      minSpots: null,
      streamUrl: null,
      teams: [{ name: 'Mets', price: 40 }, { name: 'Yankees' }, { name: 'Cubs' }],
    });
  });
});
