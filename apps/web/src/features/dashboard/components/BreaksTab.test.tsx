import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { MyBreak } from '@grail/contract';
import { fakeFetch } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { resetRequestLayer } from '@/lib/api/client';
import { BreaksTab } from './BreaksTab';

const breakId = '6f1c1a50-0000-4000-8000-000000000010';
const mine = (over: Partial<MyBreak> = {}): MyBreak => ({
  break: {
    _id: breakId,
    title: '2 boxes of 2024 Topps Chrome',
    sport: 'Baseball',
    format: 'random_team',
    status: 'completed',
    imageUrl: null,
    boxes: 2,
    packsPerBox: 12,
    spotPrice: 25,
    maxSpotPrice: 25,
    totalSpots: 30,
    spotsSold: 30,
    minSpots: 30,
    salesDeadline: '2026-11-20T18:00:00.000Z',
    scheduledAt: '2026-11-20T19:00:00.000Z',
    startedAt: '2026-11-20T19:00:00.000Z',
    endedAt: '2026-11-20T21:00:00.000Z',
    streamUrl: null,
  },
  spots: [
    {
      spotNumber: 4,
      team: 'Chicago Cubs',
      price: 25,
      k: 4,
      clientSeed: 'seed',
      purchasedAt: '2026-11-19T10:00:00.000Z',
      refundedAt: null,
    },
  ],
  hits: [
    {
      _id: 'h1',
      breakId,
      hitNumber: 3,
      packNumber: 5,
      cardName: 'Rookie Auto',
      team: 'Chicago Cubs',
      detail: 'Gold /50',
      imageUrl: null,
      spotNumber: 4,
      holder: 'collector',
      mine: true,
      createdAt: '2026-11-20T19:30:00.000Z',
      status: 'held',
      buybackPrice: 120,
      soldBackFor: null,
    },
  ],
  shipment: null,
  canClaim: true,
  claimFee: 5,
  ...over,
});

/** The break after its hit was claimed, with the claim's shipment in `shipment`'s state. */
const claimed = (shipment: {
  status: 'pending' | 'shipped';
  carrier: string | null;
  trackingNumber: string | null;
}) =>
  mine({
    canClaim: false,
    hits: [{ ...mine().hits[0]!, status: 'claimed', buybackPrice: null }],
    shipment: { _id: 's1', shipBy: '2026-11-22T21:00:00.000Z', ...shipment },
  });

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

describe('dashboard Breaks tab', () => {
  it(
    'lists spots and hits; a claim ships them together and names its fee',
    { timeout: 20_000 },
    async () => {
      const { calls } = fakeFetch({
        '/api/breaks/mine': [
          { body: { breaks: [mine()] } },
          {
            body: {
              breaks: [claimed({ status: 'pending', carrier: null, trackingNumber: null })],
            },
          },
        ],
        [`POST /api/breaks/${breakId}/claim`]: [{ body: { break: mine(), fee: 5, balance: 95 } }],
      });
      renderWithProviders(<BreaksTab />);
      expect(
        await screen.findByText('Chicago Cubs', { selector: 'strong' }, { timeout: 10_000 }),
      ).toBeTruthy();
      expect(screen.getByText('Rookie Auto')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Sell back for $120.00' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Claim & ship 1 hit for $5.00' }));
      expect(await screen.findByText(/Claimed: we ship your hits by/)).toBeTruthy();
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/claim'))).toBe(true);
    },
  );

  it('links the tracking number of shipped hits to the carrier', async () => {
    fakeFetch({
      '/api/breaks/mine': [
        {
          body: {
            breaks: [
              claimed({ status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }),
            ],
          },
        },
      ],
    });
    renderWithProviders(<BreaksTab />);
    const link = await screen.findByRole('link', { name: /1Z999AA10123456784/ });
    expect(link.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByText(/Shipped with UPS, tracking/)).toBeTruthy();
  });

  it('invites a collector without spots to browse breaks', async () => {
    fakeFetch({ '/api/breaks/mine': [{ body: { breaks: [] } }] });
    renderWithProviders(<BreaksTab />);
    expect(await screen.findByText('You have no break spots yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse breaks' }).getAttribute('href')).toBe(
      '/breaks',
    );
  });
});
