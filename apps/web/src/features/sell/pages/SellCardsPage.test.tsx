import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeFetch, isolateRequests, signedInUser } from '@/test/fakeFetch';
import { renderWithAuth } from '@/test/providers';
import { ThemeModeProvider } from '@/lib/theme';
import SellCardsPage from './SellCardsPage';

function renderPage() {
  return renderWithAuth(
    <ThemeModeProvider>
      <SellCardsPage />
    </ThemeModeProvider>,
    '/sell-cards',
  );
}

isolateRequests();

describe('/sell-cards', () => {
  it('shows a visitor why to register, styled at build time', async () => {
    fakeFetch({
      '/api/auth/current': [{ status: 401, body: { message: 'Not authenticated' } }],
      'POST /api/auth/session/reset': [{ body: { message: 'Session reset.', csrfToken: 'a' } }],
    });
    renderPage();
    expect(await screen.findByText('Account Required')).toBeDefined();
    expect(screen.getByRole('heading', { level: 1, name: 'Sell Your Graded Cards' })).toBeDefined();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Competitive offers',
      'Track submissions and payment history',
      'Secure, fast payment',
      'Exclusive buying programs',
    ]);
    // Either way in comes back here.
    expect(screen.getByRole('link', { name: 'Create Account' }).getAttribute('href')).toBe(
      '/register?redirectTo=%2Fsell-cards',
    );
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/login?redirectTo=%2Fsell-cards',
    );
    expect(document.querySelectorAll('style[data-emotion]')).toHaveLength(0);
  });

  it("loads a collector's page, styled at build time too", { timeout: 30_000 }, async () => {
    fakeFetch({
      '/api/auth/current': [
        { body: { user: { ...signedInUser, emailVerified: false }, csrfToken: 'c' } },
      ],
    });
    renderPage();
    // The page's chunk is imported on first use, which takes a while in the test environment.
    expect(
      await screen.findByText('One step before you can sell', {}, { timeout: 20_000 }),
    ).toBeDefined();
    expect(screen.queryByText('Account Required')).toBeNull();
    expect(document.querySelectorAll('style[data-emotion]')).toHaveLength(0);
  });
});
