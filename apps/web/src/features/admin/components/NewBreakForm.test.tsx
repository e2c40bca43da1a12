import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeFetch } from '@/test/fakeFetch';
import { adminBreak, typeInto } from '@/test/breaks';
import { renderWithProviders } from '@/test/providers';
import { resetRequestLayer } from '@/lib/api/client';
import { NewBreakForm } from './NewBreakForm';

const breakId = '6f1c1a50-0000-4000-8000-000000000031';

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

const created = adminBreak({ _id: breakId });

describe('the new draft break form', () => {
  it(
    'shows the server’s own rule on the field and sends nothing',
    { timeout: 30_000 },
    async () => {
      const { calls } = fakeFetch({});
      renderWithProviders(<NewBreakForm onCreated={vi.fn()} onCancel={vi.fn()} />);
      typeInto(/^Product/, 'Two boxes of Chrome');
      typeInto(/^Minimum spots to run/, '31');
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
    typeInto(/^Product/, 'Two boxes of Chrome');
    typeInto(/^Teams \(30\)/, 'Mets, 40\nYankees\nCubs');
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
