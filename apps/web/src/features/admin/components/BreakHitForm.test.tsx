import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeFetch } from '@/test/fakeFetch';
import { adminBreak, typeInto } from '@/test/breaks';
import { renderWithProviders } from '@/test/providers';
import { resetRequestLayer } from '@/lib/api/client';
import { HitForm } from './BreakHitForm';

const breakId = '6f1c1a50-0000-4000-8000-000000000051';

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

const live = adminBreak({
  _id: breakId,
  status: 'live',
  totalSpots: 2,
  spotsSold: 2,
  minSpots: 2,
  startedAt: '2026-12-01T13:00:00.000Z',
  teams: ['Chicago Cubs', 'New York Mets'],
});

describe('entering a hit', () => {
  it('checks the hit, sends it, then keeps the team and pack for the next', async () => {
    const { calls } = fakeFetch({
      [`POST /api/admin/breaks/${breakId}/hits`]: [{ status: 201, body: { break: live } }],
    });
    renderWithProviders(<HitForm b={live} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add hit' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(calls).toHaveLength(0);

    typeInto(/^Card/, 'Rookie Auto');
    typeInto(/^Team/, 'Chicago Cubs');
    typeInto(/^Pack number/, '3');
    fireEvent.click(screen.getByRole('button', { name: 'Add hit' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(String(calls[0]!.body))).toEqual({
      cardName: 'Rookie Auto',
      team: 'Chicago Cubs',
      detail: '',
      imageId: null,
      packNumber: 3,
      buybackPrice: null,
    });
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(/^Card/).value).toBe(''));
    expect(screen.getByLabelText<HTMLInputElement>(/^Team/).value).toBe('Chicago Cubs');
    expect(screen.getByLabelText<HTMLInputElement>(/^Pack number/).value).toBe('3');
  });
});
