import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BREAK_REFUND_RULE, type BreakDetail } from '@grail/contract';
import { fakeFetch, signedInUser } from '@/test/fakeFetch';
import { resetRequestLayer } from '@/lib/api/client';
import { AuthProvider } from '@/lib/auth';
import { walletStatement } from '@/test/wallet';
import BreakDetailPage from './BreakDetailPage';

const id = '6f1c1a50-0000-4000-8000-000000000009';
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const detail = (over: Partial<BreakDetail> = {}): BreakDetail => ({
  _id: id,
  title: '2 boxes of 2024 Topps Chrome',
  sport: 'Baseball',
  format: 'random_team',
  status: 'open',
  imageUrl: null,
  boxes: 2,
  packsPerBox: 12,
  spotPrice: 25,
  maxSpotPrice: 25,
  totalSpots: 3,
  spotsSold: 1,
  minSpots: 3,
  salesDeadline: inHours(30),
  scheduledAt: inHours(31),
  startedAt: null,
  endedAt: null,
  streamUrl: null,
  description: '',
  teams: ['Cubs', 'Mets', 'Rays'],
  unownedHitRule: 'house',
  spots: [
    { spotNumber: 1, team: null, price: 25, sold: true, holder: 'Anonymous', mine: false },
    { spotNumber: 2, team: null, price: 25, sold: false, holder: null, mine: false },
    { spotNumber: 3, team: null, price: 25, sold: false, holder: null, mine: false },
  ],
  hits: [],
  fairness: { serverSeedHash: 'a'.repeat(64), serverSeed: null },
  ...over,
});

function renderPage() {
  return render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[`/breaks/${id}`]}>
        <AuthProvider>
          <Routes>
            <Route path="/breaks/:id" element={<BreakDetailPage />} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

describe('BreakDetailPage', () => {
  // jsdom lays nothing out, so it lacks what the Spots list calls to keep its choice in view.
  beforeAll(() => {
    Element.prototype.scrollIntoView ??= () => undefined;
    Element.prototype.hasPointerCapture ??= () => false;
  });

  it(
    'shows spots with holders, and buys spots after a confirmation with price, balance and the refund rule',
    { timeout: 30_000 },
    async () => {
      const { calls } = fakeFetch({
        '/api/auth/current': [{ body: { user: signedInUser, csrfToken: 'c' } }],
        [`/api/breaks/${id}`]: [{ body: { break: detail() } }],
        '/api/wallet': [{ body: walletStatement(100) }],
        [`POST /api/breaks/${id}/spots`]: [
          {
            status: 201,
            body: { breakId: id, spots: [], charged: 50, balance: 50 },
          },
        ],
      });
      renderPage();
      expect(
        await screen.findByRole('heading', { level: 1, name: detail().title }, { timeout: 10_000 }),
      ).toBeTruthy();
      const spots = screen.getByRole('table', { name: 'Spots' });
      expect(within(spots).getByText('Anonymous')).toBeTruthy();
      expect(within(spots).getAllByText('Available')).toHaveLength(2);
      expect(screen.getByText('1 of 3 spots sold')).toBeTruthy();

      const user = userEvent.setup();
      await user.click(screen.getByRole('combobox', { name: 'Spots' }));
      await user.click(await screen.findByRole('option', { name: '2' }));
      fireEvent.click(screen.getByRole('button', { name: 'Buy 2 spots · $50.00' }));
      const dialog = await screen.findByRole('dialog', { name: 'Buy spots' });
      expect(within(dialog).getByText('$50.00')).toBeTruthy();
      expect(await within(dialog).findByText('$100.00')).toBeTruthy();
      expect(within(dialog).getByText(BREAK_REFUND_RULE)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $50.00' }));
      expect(await screen.findByText(/You bought 2 spots\./)).toBeTruthy();
      const buy = calls.find((c) => c.method === 'POST' && c.url.endsWith('/spots'))!;
      expect(JSON.parse(String(buy.body))).toEqual({ quantity: 2 });
      expect(buy.headers['Idempotency-Key']).toMatch(/^[\w-]{8,}$/);
    },
  );

  it('shows the not-found page when the break does not exist', async () => {
    fakeFetch({
      '/api/auth/current': [{ status: 401, body: { message: 'Not authenticated', error: 'x' } }],
      [`/api/breaks/${id}`]: [{ status: 404, body: { message: 'No break', error: 'Not Found' } }],
    });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: '404 - Not Found' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });
});
