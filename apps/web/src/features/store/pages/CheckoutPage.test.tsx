import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { LimitsResponse, Order, Product } from '@grail/contract';
import { fakeFetch } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { resetRequestLayer } from '@/lib/api/client';
import { walletStatement } from '@/test/wallet';
import CheckoutPage from './CheckoutPage';

const address = {
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
    user: { emailVerified: true, profileComplete: true, shippingAddress: address },
  }),
}));

const id = '6f1c1a50-0000-4000-8000-000000000001';
const product: Product = {
  _id: id,
  name: '2024 Topps Chrome Lamine Yamal #100 PSA 10',
  player: 'Lamine Yamal',
  year: 2024,
  setName: 'Topps Chrome',
  cardNumber: '100',
  sport: 'Soccer',
  team: null,
  variant: null,
  grader: 'PSA',
  grade: 'GEM MT 10',
  gradeValue: 10,
  gradeLabel: 'PSA GEM MT 10',
  certNumber: '1',
  certUrl: null,
  conditionNote: null,
  images: ['/img'],
  imageUrl: '/img',
  fmv: 120,
  fmvSource: 'Recent sales',
  fmvUpdatedAt: '2026-11-25T12:00:00.000Z',
  storePrice: 100,
  status: 'available',
  createdAt: '2026-10-01T00:00:00.000Z',
};
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
const order: Order = {
  _id: 'order-1',
  items: [{ cardId: id, name: product.name, price: 100, imageUrl: '/img' }],
  total: 100,
  shippingFee: 0,
  delivery: 'vault',
  status: 'paid',
  shippingAddress: null,
  shipBy: null,
  shipment: null,
  paidAt: '2026-11-25T12:00:00.000Z',
  createdAt: '2026-11-25T12:00:00.000Z',
};

function renderCheckout() {
  const { calls } = fakeFetch({
    [`/api/products/${id}`]: [{ body: product }],
    '/api/cart': [{ body: { items: [] } }],
    '/api/wallet': [{ body: walletStatement(500, 10) }],
    '/api/limits': [{ body: noLimits }],
    'POST /api/orders': [{ status: 201, body: { order } }],
  });
  renderWithProviders(
    <Routes>
      <Route path="/checkout" element={<CheckoutPage />} />
      <Route path="/order-success" element={<p>order placed</p>} />
    </Routes>,
    { path: `/checkout?buy=${id}` },
  );
  return calls;
}

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

describe('the checkout: Ship now or Keep in my vault', () => {
  it('charges the schedule fee to ship now and nothing for the vault, whose order needs no address', async () => {
    const calls = renderCheckout();
    const ship = await screen.findByRole('radio', { name: /^Ship now/ });
    const vault = screen.getByRole('radio', { name: /^Keep in my vault/ });
    expect(ship).toHaveProperty('checked', true);
    expect(screen.getByRole('group', { name: 'Delivery' })).toBeDefined();
    // One card insured for its $120 FMV: the first card's $5.00.
    expect(screen.getByTestId('checkout-shipping').textContent).toBe('$5.00');
    await waitFor(() => expect(screen.getByTestId('checkout-total').textContent).toBe('$105.00'));
    expect(screen.getByTestId('checkout-schedule').textContent).toBe(
      'Shipping: $5.00 for the first card, $1.00 for each additional card, free from $250.00 of insured value. Storage in the vault is free.',
    );
    expect(screen.getByRole('heading', { name: 'Shipping address' })).toBeDefined();

    fireEvent.click(vault);
    expect(screen.getByTestId('checkout-shipping').textContent).toBe('Free (vault)');
    expect(screen.getByTestId('checkout-total').textContent).toBe('$100.00');
    expect(screen.queryByRole('heading', { name: 'Shipping address' })).toBeNull();

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Place order · $100.00' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Place order · $100.00' }));
    expect(await screen.findByText('order placed')).toBeDefined();
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/orders')!;
    expect(JSON.parse(String(post.body))).toEqual({ items: [id], delivery: 'vault' });
  });

  it('ships now to the address on the form', async () => {
    const calls = renderCheckout();
    const button = await screen.findByRole('button', { name: 'Place order · $105.00' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    expect(await screen.findByText('order placed')).toBeDefined();
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/orders')!;
    expect(JSON.parse(String(post.body))).toEqual({
      items: [id],
      delivery: 'ship',
      shippingAddress: address,
    });
  });
});
