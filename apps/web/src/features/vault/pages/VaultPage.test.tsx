import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Holding, LimitsResponse, VaultResponse, VaultShipment } from '@grail/contract';
import { fakeFetch, type FakeCall } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { resetRequestLayer } from '@/lib/api/client';
import { walletStatement } from '@/test/wallet';
import VaultPage from './VaultPage';

const savedAddress = {
  name: 'Casey Collector',
  line1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  country: 'US',
};
vi.mock('@/lib/auth', () => ({
  useAuth: () => ({
    isLoggedIn: true,
    isLoading: false,
    user: { shippingAddress: savedAddress },
  }),
}));

const none = (window: '24h' | '7d' | '30d') => ({
  window,
  amount: null,
  used: 0,
  remaining: null,
  resetsAt: null,
  pending: null,
});
const noLimits: LimitsResponse = {
  spending: [none('24h'), none('7d'), none('30d')],
  deposit: [none('24h'), none('7d'), none('30d')],
  timeOutUntil: null,
  selfExclusion: null,
  realityCheckMinutes: null,
  spentLast30Days: 0,
  canPurchase: true,
};

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function holding(n: number, fmv: number, cost: number, extra: Partial<Holding> = {}): Holding {
  return {
    _id: id(n),
    card: {
      _id: `card-${n}`,
      name: `Card ${n}`,
      sport: 'Baseball',
      year: 2020,
      grader: 'PSA',
      grade: 'PSA GEM MT 10',
      certNumber: `1000${n}`,
      certUrl: `https://www.psacard.com/cert/1000${n}`,
      imageUrl: '/images/card.jpg',
    },
    fmv,
    fmvUpdatedAt: '2026-11-20T12:00:00.000Z',
    fmvSource: 'Recent sales',
    cost,
    gain: Math.round((fmv - cost) * 100) / 100,
    state: 'in_vault',
    source: 'pull',
    sourceId: `pull-${n}`,
    sourceLabel: `Pull #${n} of Case 7`,
    sellBack: null,
    shipmentId: null,
    acquiredAt: '2026-11-20T12:00:00.000Z',
    ...extra,
  };
}

const cards = [holding(1, 20, 25), holding(2, 30, 10), holding(3, 300, 100)];
const vaultAnswer = (holdings: Holding[] = cards): VaultResponse => ({
  holdings,
  total: holdings.length,
  page: 1,
  limit: 24,
  totals: { cards: 3, value: 350, cost: 135, gain: 215 },
  sports: ['Baseball', 'Hockey'],
});

const shipment = (extra: Partial<VaultShipment> = {}): VaultShipment => ({
  _id: id(99),
  status: 'pending',
  cards: [{ holdingId: id(1), name: 'Card 1', grade: 'PSA GEM MT 10', imageUrl: '/c.jpg' }],
  address: savedAddress,
  insuredValue: 20,
  fee: 5,
  shipBy: '2026-11-22T12:00:00.000Z',
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  createdAt: '2026-11-20T12:00:00.000Z',
  shippedAt: null,
  cancellable: true,
  ...extra,
});

function serve(routes: Parameters<typeof fakeFetch>[0] = {}) {
  return fakeFetch({
    '/api/vault': [{ body: vaultAnswer() }],
    '/api/vault/history': [
      {
        body: {
          points: [
            { day: '2026-11-19', value: 300, cost: 135 },
            { day: '2026-11-20', value: 350, cost: 135 },
          ],
        },
      },
    ],
    'GET /api/vault/shipments': [{ body: { shipments: [] } }],
    '/api/wallet': [{ body: walletStatement(100, 10) }],
    '/api/limits': [{ body: noLimits }],
    '/api/config': [{ status: 404, body: { message: 'no', error: 'Not Found' } }],
    ...routes,
  });
}

const vaultQueries = (calls: FakeCall[]) =>
  calls
    .filter((c) => c.method === 'GET' && new URL(c.url, 'http://x').pathname === '/api/vault')
    .map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));

beforeEach(() => resetRequestLayer());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the vault page', () => {
  it('shows the totals, the value chart and each card with its value, cost, gain and cert', async () => {
    serve();
    renderWithProviders(<VaultPage />);
    await waitFor(() => expect(screen.getByTestId('vault-value').textContent).toBe('$350.00'));
    expect(screen.getByTestId('vault-cost').textContent).toBe('$135.00');
    expect(screen.getByTestId('vault-gain').textContent).toBe('+$215.00');
    expect(screen.getByTestId('vault-cards').textContent).toBe('3');
    expect((await screen.findByTestId('vault-history-summary')).textContent).toBe(
      'From $300.00 on Nov 19 to $350.00 on Nov 20.',
    );
    expect(screen.getByRole('img', { name: 'Vault value over time, chart' })).toBeDefined();
    expect(screen.getByRole('table', { name: 'Vault value and cost at the end of each day' }));

    const rows = screen.getAllByTestId('holding');
    expect(rows).toHaveLength(3);
    const first = within(rows[0]!);
    expect(first.getByText('In vault')).toBeDefined();
    expect(first.getByTestId('holding-fmv').textContent).toBe('$20.00');
    expect(first.getByTestId('holding-cost').textContent).toBe('$25.00');
    expect(first.getByTestId('gain').textContent).toBe('-$5.00');
    expect(first.getByText('FMV from Recent sales, Nov 20, 2026, 12:00 PM', { exact: false }));
    expect(
      first
        .getByRole('link', { name: 'Verify cert 10001 (opens in a new tab)' })
        .getAttribute('href'),
    ).toBe('https://www.psacard.com/cert/10001');
    expect(within(rows[1]!).getByTestId('gain').textContent).toBe('+$20.00');
  });

  it("opens a card's price history from the vault: its FMV, the chart and the last sales", async () => {
    const { calls } = serve({
      '/api/market/comps/card-3': [
        {
          body: {
            sales: [{ price: 280, kind: 'market', soldAt: '2026-11-24T12:00:00.000Z' }],
            history: [{ day: '2026-11-24', price: 280 }],
            fmv: { value: 300, source: 'Recent sales', updatedAt: '2026-11-25T12:00:00.000Z' },
          },
        },
      ],
    });
    renderWithProviders(<VaultPage />);
    const rows = await screen.findAllByTestId('holding');
    fireEvent.click(within(rows[2]!).getByRole('button', { name: 'Price history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Price history: Card 3' });
    await waitFor(() =>
      expect(within(dialog).getByTestId('listing-fmv').textContent).toContain('$300.00'),
    );
    expect(within(dialog).getByTestId('listing-sales').textContent).toContain('Marketplace');
    expect(calls.some((c) => c.url.endsWith('/api/market/comps/card-3'))).toBe(true);
  });

  // Five lists and a typed search, each a new request: 15 s, for a loaded machine.
  it('shows a break hit with its detail, its spot price paid and which price values it', async () => {
    const hit = (n: number, fmv: number, fmvSource: string) =>
      holding(n, fmv, 10, {
        card: {
          _id: `hit-${n}`,
          name: `Rookie Auto ${n}`,
          sport: 'Baseball',
          year: 2026,
          grader: null,
          grade: 'Gold /50',
          certNumber: null,
          certUrl: null,
          imageUrl: '',
        },
        fmvSource,
        source: 'break',
        sourceId: 'break-1',
        sourceLabel: `Hit #${n} of Sunday Night Break`,
      });
    serve({
      '/api/vault': [
        { body: vaultAnswer([hit(1, 120, 'Buyback price'), hit(2, 10, 'Spot price')]) },
      ],
    });
    renderWithProviders(<VaultPage />);
    const rows = await screen.findAllByTestId('holding');
    expect(rows).toHaveLength(2);
    const bought = within(rows[0]!);
    expect(bought.getByText('Hit #1 of Sunday Night Break')).toBeDefined();
    expect(bought.getByText('Gold /50 · Baseball 2026')).toBeDefined();
    expect(bought.getByText('Value')).toBeDefined();
    expect(bought.getByTestId('holding-fmv').textContent).toBe('$120.00');
    expect(bought.getByTestId('holding-cost').textContent).toBe('$10.00');
    expect(bought.getByTestId('gain').textContent).toBe('+$110.00');
    expect(bought.getByText('Valued at its buyback price')).toBeDefined();
    expect(bought.queryByRole('link', { name: /Verify cert/ })).toBeNull();
    expect(within(rows[1]!).getByText('Valued at its spot price')).toBeDefined();
    // A hit in the vault is shipped like any card.
    expect(bought.getByRole('checkbox', { name: 'Select Rookie Auto 1' })).toBeDefined();
  });

  it('sends each filter, the search and the sort in the query, and starts again from page 1', async () => {
    const { calls } = serve();
    renderWithProviders(<VaultPage />);
    await screen.findAllByTestId('holding');
    expect(vaultQueries(calls)[0]).toEqual({ page: '1' });

    fireEvent.change(screen.getByLabelText('Grader'), { target: { value: 'PSA' } });
    fireEvent.change(screen.getByLabelText('Grade'), { target: { value: '9.5' } });
    fireEvent.change(screen.getByLabelText('Sport'), { target: { value: 'Hockey' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'shipped' } });
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'value_desc' } });
    fireEvent.change(screen.getByLabelText('Search your vault'), { target: { value: ' Jordan ' } });
    await waitFor(() =>
      expect(vaultQueries(calls).at(-1)).toEqual({
        grader: 'PSA',
        grade: '9.5',
        sport: 'Hockey',
        state: 'shipped',
        sort: 'value_desc',
        q: 'Jordan',
        page: '1',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(vaultQueries(calls).at(-1)).toEqual({ sort: 'value_desc', page: '1' }),
    );
  }, 15_000);

  it('says the vault is empty, with the ways to fill it', async () => {
    serve({
      '/api/vault': [
        { body: { ...vaultAnswer([]), totals: { cards: 0, value: 0, cost: 0, gain: 0 } } },
      ],
    });
    renderWithProviders(<VaultPage />);
    const empty = await screen.findByTestId('vault-empty');
    expect(within(empty).getByRole('heading', { name: 'Your vault is empty' })).toBeDefined();
    expect(
      within(empty).getByRole('link', { name: 'Open the Grail Machine' }).getAttribute('href'),
    ).toBe('/grail-machine');
    expect(within(empty).getByRole('link', { name: 'Browse the store' }).getAttribute('href')).toBe(
      '/store',
    );
  });

  it('says when the vault could not be loaded, and Try again asks again', async () => {
    serve({
      '/api/vault': [
        { status: 500, body: { message: 'Internal error', error: 'Internal Server Error' } },
        { body: vaultAnswer() },
      ],
    });
    renderWithProviders(<VaultPage />);
    expect(await screen.findByText('Could not load your vault.')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('holding')).toHaveLength(3);
  });

  it('ships the chosen cards: the insured value, the fee from the schedule, and one key per confirmation', async () => {
    const { calls } = serve({
      'POST /api/vault/shipments': [
        { status: 201, body: { shipment: shipment({ fee: 6, insuredValue: 50 }), balance: 94 } },
      ],
    });
    renderWithProviders(<VaultPage />);
    await screen.findAllByTestId('holding');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Card 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Card 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ship 2 cards' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Ship 2 cards' }));
    const quote = dialog.getByTestId('ship-quote');
    expect(quote.textContent).toContain('Insured value$50.00');
    // $5.00 for the first card and $1.00 for the second: $50.00 is under the free threshold.
    expect(quote.textContent).toContain('Shipping fee$6.00');
    expect(
      dialog.getByText(
        'Shipping: $5.00 for the first card, $1.00 for each additional card, free from $250.00 of insured value. Storage in the vault is free.',
      ),
    ).toBeDefined();
    expect(dialog.getByText('Shipped within 48 hours of your request.')).toBeDefined();
    expect(dialog.getByTestId('ship-address').textContent).toBe(
      'Casey Collector, 1 Main St, Springfield, IL 62701, US',
    );
    await waitFor(() => expect(quote.textContent).toContain('Your balance$100.00'));
    fireEvent.click(dialog.getByRole('button', { name: 'Ship for $6.00' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]!.body))).toEqual({ holdingIds: [id(1), id(2)] });
    expect(posts[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByText('2 cards selected')).toBeNull();
  });

  it('ships free from $250 of insured value, to an address typed for this box', async () => {
    const { calls } = serve({
      'POST /api/vault/shipments': [
        { status: 201, body: { shipment: shipment({ fee: 0, insuredValue: 300 }), balance: 100 } },
      ],
    });
    renderWithProviders(<VaultPage />);
    await screen.findAllByTestId('holding');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Card 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ship 1 card' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ship 1 card' }));
    expect(dialog.getByTestId('ship-quote').textContent).toContain('Shipping feeFree');
    fireEvent.click(dialog.getByRole('button', { name: 'Change address' }));
    fireEvent.change(dialog.getByLabelText('Address'), { target: { value: '9 Elm St' } });
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Ship for free' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Ship for free' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const body = JSON.parse(String(calls.find((c) => c.method === 'POST')!.body));
    expect(body).toEqual({
      holdingIds: [id(3)],
      shippingAddress: { ...savedAddress, line1: '9 Elm St' },
    });
  });

  it('offers a top-up when the wallet cannot pay the fee, and sends nothing', async () => {
    const { calls } = serve({ '/api/wallet': [{ body: walletStatement(2, 10) }] });
    renderWithProviders(<VaultPage />);
    await screen.findAllByTestId('holding');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Card 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ship 1 card' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ship 1 card' }));
    expect(
      await dialog.findByText('Add $3.00 to your wallet to pay the shipping fee.'),
    ).toBeDefined();
    expect(dialog.getByRole('button', { name: 'Add $5.00' })).toBeDefined();
    expect(dialog.getByRole('button', { name: 'Ship for $5.00' })).toHaveProperty('disabled', true);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('selects every shippable card on the page at once', async () => {
    serve({
      '/api/vault': [
        { body: vaultAnswer([...cards, holding(4, 10, 10, { state: 'ship_requested' })]) },
      ],
    });
    renderWithProviders(<VaultPage />);
    await screen.findAllByTestId('holding');
    // A card already in a box has no checkbox.
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Select all on this page' }));
    expect(screen.getByText('3 cards selected')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Ship 3 cards' })).toBeDefined();
  });

  it('lists the boxes and cancels one after confirming', async () => {
    const { calls } = serve({
      'GET /api/vault/shipments': [
        {
          body: {
            shipments: [
              shipment(),
              shipment({
                _id: id(98),
                status: 'shipped',
                cancellable: false,
                carrier: 'UPS',
                trackingNumber: '1Z999AA10123456784',
                trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
                shippedAt: '2026-11-21T12:00:00.000Z',
              }),
            ],
          },
        },
        { body: { shipments: [shipment({ status: 'cancelled', cancellable: false })] } },
      ],
      [`/api/vault/shipments/${id(99)}/cancel`]: [
        {
          body: {
            shipment: shipment({ status: 'cancelled', cancellable: false }),
            refunded: 5,
            balance: 105,
          },
        },
      ],
    });
    renderWithProviders(<VaultPage />);
    const boxes = await screen.findAllByTestId('vault-shipment');
    expect(within(boxes[0]!).getByText('Requested')).toBeDefined();
    expect(boxes[0]!.textContent).toContain('Fee$5.00');
    expect(boxes[0]!.textContent).toContain('Insured value$20.00');
    expect(boxes[0]!.textContent).toContain('Ships by');
    expect(within(boxes[1]!).getAllByText('Shipped')[0]!.textContent).toBe('Shipped');
    expect(
      within(boxes[1]!).getByRole('link', { name: '1Z999AA10123456784' }).getAttribute('href'),
    ).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(within(boxes[1]!).queryByRole('button', { name: 'Cancel shipment' })).toBeNull();

    fireEvent.click(within(boxes[0]!).getByRole('button', { name: 'Cancel shipment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel this shipment?' }));
    expect(
      dialog.getByText(
        'The 1 card go back into your vault and the $5.00 fee is refunded to your wallet.',
        { exact: false },
      ),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel shipment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      `/api/vault/shipments/${id(99)}/cancel`,
    ]);
    expect(await screen.findByText('Cancelled')).toBeDefined();
  });
});
