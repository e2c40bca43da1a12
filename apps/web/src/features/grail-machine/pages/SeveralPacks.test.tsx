import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Pull } from '@grail/contract';
import { fakeFetch, signedInUser } from '@/test/fakeFetch';
import { renderWithAuth } from '@/test/providers';
import { liveCase } from '@/test/grail';
import { walletStatement } from '@/test/wallet';
import { resetRequestLayer } from '@/lib/api/client';
import { BuyPackDialog } from '../components/BuyPackDialog';
import { markPackOpened } from '../lib/pendingReveals';
import GrailRevealPage from './GrailRevealPage';

const id = (n: number) => `6f1c1a50-0000-4000-8000-0000000000a${n}`;
const pull = (n: number, fmv: number, over: Partial<Pull> = {}): Pull => ({
  _id: id(n),
  caseId: '6f1c1a50-0000-4000-8000-0000000000c1',
  caseName: 'Launch Case',
  k: n,
  totalItems: 64,
  card: {
    _id: `card-${n}`,
    name: `Card ${n}`,
    grade: 'PSA GEM MT 10',
    grader: 'PSA',
    certNumber: null,
    certUrl: null,
    images: [],
    imageUrl: '',
    fmv,
    tier: null,
  },
  status: 'revealed',
  pulledAt: '2026-11-22T12:00:00.000Z',
  price: 25,
  proof: { clientSeed: 'seed', k: n, remainingBefore: 65 - n, position: n },
  sellBack: {
    amount: Math.floor(fmv * 85) / 100,
    percent: 85,
    until: '2026-11-25T12:00:00.000Z',
  },
  soldBackFor: null,
  autoSold: false,
  shipment: null,
  ...over,
});
const pulls = [pull(1, 10), pull(2, 40), pull(3, 20)];
const signedIn = { '/api/auth/current': [{ body: { user: signedInUser, csrfToken: 'c' } }] };

beforeEach(() => {
  resetRequestLayer();
  window.localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the buy dialog', () => {
  it('offers 1, 3, 5 or 10 packs with the total, the value figures beside the price, and buys several at once', async () => {
    const { calls } = fakeFetch({
      ...signedIn,
      '/api/wallet': [{ body: walletStatement(500) }],
      '/api/limits': [{ status: 404, body: { message: 'x', error: 'Not Found' } }],
      '/api/pulls/auto-sell': [{ body: { below: null } }],
      'POST /api/grail-cases/6f1c1a50-0000-4000-8000-000000000001/pack-purchases': [
        { status: 201, body: { pulls, paid: 75, totalFmv: 70, autoSell: null } },
      ],
    });
    renderWithAuth(<BuyPackDialog live={liveCase()} open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Buy a Pack' });
    expect(await within(dialog).findByText('$500.00')).toBeTruthy();
    const figures = within(dialog)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(figures).toEqual([
      'Chance a pull beats the price',
      'Expected value',
      'Expected sell-back value',
      'Median pull',
      'Floor',
    ]);
    expect(within(dialog).getByText('25%')).toBeTruthy();
    expect(within(dialog).getByText('$25.50')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('radio', { name: /^3 packs/ }));
    expect(within(dialog).getByText('Total for 3 packs')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $75.00 and open' }));
    await vi.waitFor(() => expect(calls.some((c) => c.url.endsWith('/pack-purchases'))).toBe(true));
    const buy = calls.find((c) => c.url.endsWith('/pack-purchases'))!;
    expect(JSON.parse(String(buy.body))).toEqual({ packs: 3 });
    expect(buy.headers['Idempotency-Key']).toMatch(/-x3$/);
  });

  it('shows the auto-sell rule, changes it and sends it with a single pack', async () => {
    const { calls } = fakeFetch({
      ...signedIn,
      '/api/wallet': [{ body: walletStatement(500) }],
      '/api/limits': [{ status: 404, body: { message: 'x', error: 'Not Found' } }],
      'GET /api/pulls/auto-sell': [{ body: { below: 20 } }],
      'PUT /api/pulls/auto-sell': [({ body }) => ({ body: JSON.parse(String(body)) })],
      'POST /api/grail-cases/6f1c1a50-0000-4000-8000-000000000001/pack-purchases': [
        {
          status: 201,
          body: {
            pulls: [pull(1, 10, { status: 'sold_back', autoSold: true, soldBackFor: 8.5 })],
            paid: 25,
            totalFmv: 10,
            autoSell: { below: 30, soldBack: 1, credited: 8.5 },
          },
        },
      ],
    });
    renderWithAuth(<BuyPackDialog live={liveCase()} open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Buy a Pack' });
    const rule = await within(dialog).findByTestId('auto-sell-rule');
    expect(rule.textContent).toBe('Sell back at once every pull whose FMV is below $20.00');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Change' }));
    const field = within(dialog).getByLabelText('FMV below');
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(await within(dialog).findByText('must be at least $0.01')).toBeTruthy();
    fireEvent.change(field, { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    await vi.waitFor(() =>
      expect(within(dialog).getByTestId('auto-sell-rule').textContent).toBe(
        'Sell back at once every pull whose FMV is below $30.00',
      ),
    );
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(String(put.body))).toEqual({ below: 30 });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $25.00 and open' }));
    await vi.waitFor(() => expect(calls.some((c) => c.url.endsWith('/pack-purchases'))).toBe(true));
    const buy = calls.find((c) => c.url.endsWith('/pack-purchases'))!;
    expect(JSON.parse(String(buy.body))).toEqual({ packs: 1, autoSellBelow: 30 });
    expect(buy.headers['Idempotency-Key']).toMatch(/-below3000$/);
  });

  it('turns the rule off from the dialog', async () => {
    const { calls } = fakeFetch({
      ...signedIn,
      '/api/wallet': [{ body: walletStatement(500) }],
      '/api/limits': [{ status: 404, body: { message: 'x', error: 'Not Found' } }],
      'GET /api/pulls/auto-sell': [{ body: { below: 20 } }],
      'PUT /api/pulls/auto-sell': [{ body: { below: null } }],
    });
    renderWithAuth(<BuyPackDialog live={liveCase()} open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Buy a Pack' });
    await within(dialog).findByTestId('auto-sell-rule');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await vi.waitFor(() =>
      expect(within(dialog).getByTestId('auto-sell-rule').textContent).toBe(
        'Off: every pull goes to your vault.',
      ),
    );
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')!.body))).toEqual({
      below: null,
    });
  });
});

describe('the reveal of several packs', () => {
  function renderReveal() {
    const routes = Object.fromEntries(
      pulls.map((p) => [`/api/pulls/${p._id}`, [{ body: { pull: p } }]]),
    );
    const fake = fakeFetch({
      ...signedIn,
      ...routes,
      [`POST /api/pulls/${id(1)}/sell-back`]: [
        {
          body: {
            pull: pull(1, 10, { status: 'sold_back', sellBack: null, soldBackFor: 8.5 }),
            credited: 8.5,
            balance: 8.5,
          },
        },
      ],
      [`POST /api/pulls/${id(3)}/sell-back`]: [
        {
          body: {
            pull: pull(3, 20, { status: 'sold_back', sellBack: null, soldBackFor: 17 }),
            credited: 17,
            balance: 25.5,
          },
        },
      ],
      '/api/wallet': [{ body: walletStatement(25.5) }],
      '/api/pulls': [{ body: { pulls } }],
    });
    renderWithAuth(<GrailRevealPage />, `/grail-reveal?pulls=${pulls.map((p) => p._id).join(',')}`);
    return fake;
  }

  it('shows the packs one by one, then the summary: total FMV against the amount paid', async () => {
    for (const p of pulls) markPackOpened(p._id);
    renderReveal();
    expect(await screen.findByRole('heading', { name: 'Pack 1 of 3' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next pack' }));
    expect(await screen.findByRole('heading', { name: 'Pack 2 of 3' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Skip to summary' }));
    expect(await screen.findByRole('heading', { name: 'Your 3 pulls' })).toBeTruthy();
    expect(screen.getByTestId('summary-totals').textContent).toBe(
      'Total FMV $70.00 against $75.00 paid',
    );
    expect(screen.getByText('$5.00 less than you paid, at fair market value.')).toBeTruthy();
  });

  it('names the pulls the auto-sell rule sold back, and their credit', async () => {
    const sold = [
      pull(1, 10, { status: 'sold_back', sellBack: null, autoSold: true, soldBackFor: 8.5 }),
      pull(2, 40),
      pull(3, 20, { status: 'sold_back', sellBack: null, autoSold: true, soldBackFor: 17 }),
    ];
    fakeFetch({
      ...signedIn,
      ...Object.fromEntries(sold.map((p) => [`/api/pulls/${p._id}`, [{ body: { pull: p } }]])),
    });
    renderWithAuth(<GrailRevealPage />, `/grail-reveal?pulls=${sold.map((p) => p._id).join(',')}`);
    expect(await screen.findByRole('heading', { name: 'Your 3 pulls' })).toBeTruthy();
    expect(screen.getByTestId('auto-sold-total').textContent).toBe(
      '2 pulls were sold back automatically by your auto-sell rule: $25.50 is in your wallet.',
    );
    expect(screen.getByText('Sold back automatically for $8.50')).toBeTruthy();
    expect(screen.getByText('Sold back automatically for $17.00')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Card 2' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Card 1' })).toBeNull();
  });

  it('sells back the chosen pulls, one call each, and keeps the others in the vault', async () => {
    const { calls } = renderReveal();
    // Not opened in this browser: straight to the summary.
    expect(await screen.findByRole('heading', { name: 'Your 3 pulls' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Card 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Card 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sell back 2 for $25.50' }));
    const confirm = await screen.findByRole('dialog', { name: 'Sell back these 2 cards?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Sell back for $25.50' }));
    expect(await screen.findByText('Sold back for $8.50')).toBeTruthy();
    expect(await screen.findByText('Sold back for $17.00')).toBeTruthy();
    const sold = calls.filter((c) => c.method === 'POST').map((c) => c.url);
    expect(sold).toEqual([
      expect.stringContaining(`/api/pulls/${id(1)}/sell-back`),
      expect.stringContaining(`/api/pulls/${id(3)}/sell-back`),
    ]);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep 1 in my vault' }));
    expect(screen.getByText('Kept in your vault')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });
});
