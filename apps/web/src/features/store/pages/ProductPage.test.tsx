import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SHIPPING_FEE_SCHEDULE_TEXT, type Product } from '@grail/contract';
import { fakeFetch } from '@/test/fakeFetch';
import { resetRequestLayer } from '@/lib/api/client';
import { AuthProvider } from '@/lib/auth';
import ProductPage from './ProductPage';

const id = '6f1c1a50-0000-4000-8000-000000000001';
const card = (over: Partial<Product> = {}): Product => ({
  _id: id,
  name: '2024 Topps Chrome UCL Lamine Yamal #100 PSA 10',
  player: 'Lamine Yamal',
  year: 2024,
  setName: 'Topps Chrome UCL',
  cardNumber: '100',
  sport: 'Soccer',
  team: 'FC Barcelona',
  variant: null,
  grader: 'PSA',
  grade: 'GEM MT 10',
  gradeValue: 10,
  gradeLabel: 'PSA GEM MT 10',
  certNumber: '58494443',
  certUrl: 'https://www.psacard.com/cert/58494443',
  conditionNote: null,
  images: ['/api/images/front', '/api/images/back'],
  imageUrl: '/api/images/front',
  fmv: 400,
  fmvSource: 'Recent sales',
  fmvUpdatedAt: '2026-11-25T12:00:00.000Z',
  storePrice: 378.99,
  status: 'available',
  createdAt: '2026-10-01T00:00:00.000Z',
  ...over,
});

function renderPage(product: Product | { status: number }) {
  const { calls } = fakeFetch({
    '/api/auth/current': [{ status: 401, body: { message: 'No' } }],
    'POST /api/auth/session/reset': [{ body: { message: 'Session reset.', csrfToken: 'anon' } }],
    [`/api/products/${id}`]: [
      'status' in product && typeof product.status === 'number'
        ? { status: product.status, body: { message: 'Card not found' } }
        : { body: product },
    ],
    [`/api/products/${id}/sold-comparables`]: [
      {
        body: {
          sold: [
            {
              _id: 'sold-1',
              name: '2024 Topps Chrome UCL Lamine Yamal #100 Refractor',
              gradeLabel: 'PSA MINT 9',
              imageUrl: '/api/images/sold',
              price: 250,
              soldAt: '2026-11-20T12:00:00.000Z',
            },
          ],
        },
      },
    ],
    '/api/products/store-items': [{ body: { products: [], total: 0, page: 1, limit: 5 } }],
  });
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[`/product/${id}`]}>
        <AuthProvider>
          <Routes>
            <Route path="/product/:id" element={<ProductPage />} />
            <Route path="/store" element={<p>the store</p>} />
            <Route path="/cart" element={<p>the cart</p>} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

beforeEach(() => resetRequestLayer());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ProductPage', () => {
  it('shows the card: title, grade, price against its FMV and its source, and its details', async () => {
    renderPage(card());
    const title = await screen.findByRole('heading', { level: 1, name: card().name });
    expect(title).toBeDefined();
    expect(screen.getByText('PSA GEM MT 10')).toBeDefined();
    expect(screen.getByTestId('product-price').textContent).toBe('$378.99');
    expect(screen.getByText(/Fair market value \$400\.00/).textContent).toContain(
      '$21.01 below FMV',
    );
    expect(screen.getByTestId('fmv-source').textContent).toBe(
      'FMV source: Recent sales, Nov 25, 2026',
    );
    const details = screen.getByRole('table', { name: 'Card details' });
    expect(within(details).getByRole('rowheader', { name: 'Team' })).toBeDefined();
    const cert = within(details).getByRole('link', { name: /58494443/ });
    expect(cert.getAttribute('href')).toBe('https://www.psacard.com/cert/58494443');
    expect(cert.getAttribute('target')).toBe('_blank');
    expect(cert.textContent).toContain('(verify on PSA)');
    expect(screen.getByRole('link', { name: 'Back to the store' }).getAttribute('href')).toBe(
      '/store',
    );
    expect(
      screen.getByText('Paid from your wallet. Ships within 48 hours, or keep it in your vault.'),
    ).toBeDefined();
    expect(screen.getByTestId('product-shipping').textContent).toBe(SHIPPING_FEE_SCHEDULE_TEXT);
  });

  it('puts the card in the cart, then leads to the cart', async () => {
    const user = userEvent.setup();
    renderPage(card());
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(localStorage.getItem('grail-cart')).toContain(id);
    await user.click(screen.getByRole('button', { name: 'In cart: view cart' }));
    expect(await screen.findByText('the cart')).toBeDefined();
  });

  it('loads the front picture first and switches pictures from the thumbnails', async () => {
    const user = userEvent.setup();
    renderPage(card());
    const zoom = await screen.findByRole('button', { name: `Zoom into ${card().name}` });
    const main = within(zoom).getByRole('img');
    expect(main.getAttribute('fetchpriority')).toBe('high');
    expect(main.getAttribute('src')).toBe('/api/images/front?size=md');
    const pictures = screen.getByRole('list', { name: 'Pictures' });
    const back = within(pictures).getByRole('button', { name: 'Picture 2' });
    expect(back.getAttribute('aria-current')).toBe('false');
    await user.click(back);
    expect(back.getAttribute('aria-current')).toBe('true');
    expect(within(zoom).getByRole('img').getAttribute('src')).toBe('/api/images/back?size=md');
  });

  it('says a sold card has been sold, offers no purchase, and shows what comparable cards sold for', async () => {
    renderPage(card({ status: 'sold' }));
    expect(await screen.findByTestId('sold-chip')).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe('This card has been sold.');
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Buy now' })).toBeNull();
    const sold = await screen.findByRole('table', { name: 'Recently sold comparable cards' });
    expect(within(sold).getByRole('link').getAttribute('href')).toBe('/product/sold-1');
    expect(sold.textContent).toContain('$250.00');
    expect(
      screen.getByRole('heading', { level: 2, name: 'Recently sold: Lamine Yamal' }),
    ).toBeDefined();
  });

  it('gives the FMV alone for a card the store does not sell', async () => {
    renderPage(card({ storePrice: null }));
    expect(
      await screen.findByText('FMV $400.00: this card is not sold in the store.'),
    ).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe('This card is not available in the store.');
    expect(screen.queryByTestId('product-price')).toBeNull();
  });

  it('says a card that does not exist was not found', async () => {
    renderPage({ status: 404 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Card not found' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Back to the store' }).getAttribute('href')).toBe(
      '/store',
    );
  });
});
