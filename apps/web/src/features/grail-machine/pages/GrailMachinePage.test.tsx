import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { NO_CASE_TEXT, NO_CASE_TITLE, type ActiveCaseResponse } from '@grail/contract';
import { fakeFetch } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { resetRequestLayer } from '@/lib/api/client';
import { ThemeModeProvider } from '@/lib/theme';
import GrailMachinePage from './GrailMachinePage';

const live: ActiveCaseResponse = {
  caseId: '6f1c1a50-0000-4000-8000-000000000001',
  packPrice: 499.99,
  activationTime: null,
  name: 'Launch Case',
  description: '',
  status: 'active',
  totalItems: 64,
  remaining: 60,
  floorValue: 5,
  expectedValue: 551.48,
  expectedSellBackValue: 468.75,
  medianValue: 120,
  cardsAbovePrice: 16,
  chanceAbovePrice: 26.7,
  tiers: [{ name: 'Grail', minFmv: 500, maxFmv: null, remaining: 17, probability: 17 / 60 }],
  serverSeedHash: 'a'.repeat(64),
  contentsHash: 'b'.repeat(64),
  buybackPercent: 85,
  buybackWindowHours: 72,
};
const notFound = {
  status: 404,
  body: { message: 'No Grail case is live right now.', error: 'Not Found' },
};

function renderPage(routes: Parameters<typeof fakeFetch>[0]) {
  fakeFetch({ '/api/grail-cases/recent-pulls': [{ body: { pulls: [] } }], ...routes });
  return renderWithProviders(<GrailMachinePage />);
}

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

describe('GrailMachinePage states', () => {
  it('no case: the no-case title and text', async () => {
    renderPage({
      '/api/grail-cases/active': [notFound],
      '/api/grail-cases': [{ body: { cases: [] } }],
    });
    expect(await screen.findByText(NO_CASE_TITLE)).toBeTruthy();
    expect(screen.getByText(NO_CASE_TEXT)).toBeTruthy();
  });

  it('sold out: says so and links to the fairness check', async () => {
    renderPage({
      '/api/grail-cases/active': [notFound],
      '/api/grail-cases': [
        {
          body: {
            cases: [{ ...live, status: 'sold_out', remaining: 0, liveAt: null, closedAt: null }],
          },
        },
      ],
    });
    expect(
      await screen.findByText('Launch Case: This case is sold out.', { exact: false }),
    ).toBeTruthy();
    expect(screen.getByText(NO_CASE_TITLE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Verify its pulls' })).toBeTruthy();
  });

  it('live: the price with the value figures beside it, the floor last, remaining of total and the Buy a Pack button', async () => {
    renderPage({
      '/api/grail-cases/active': [{ body: live }],
      [`/api/grail-cases/${live.caseId}`]: [
        { body: { ...live, liveAt: null, closedAt: null, remainingByTier: [], topGrails: [] } },
      ],
    });
    expect(await screen.findByText('60 of 64 remaining')).toBeTruthy();
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Chance a pull beats the price',
      'Expected value',
      'Expected sell-back value',
      'Median pull',
      'Floor',
    ]);
    expect(screen.getByText('26.7%')).toBeTruthy();
    expect(screen.getByText('16 of the 60 cards left have an FMV above $499.99')).toBeTruthy();
    expect(screen.getByText('$551.48')).toBeTruthy();
    expect(screen.getByText('$468.75')).toBeTruthy();
    expect(screen.getByText('$120.00')).toBeTruthy();
    expect(screen.getByText('$5.00')).toBeTruthy();
    expect(screen.queryByText(/Guaranteed floor/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Buy a Pack · $499.99' })).toBeTruthy();
  });

  it('live: Buy a Pack opens the confirmation, whose code loads on demand', async () => {
    fakeFetch({
      '/api/grail-cases/recent-pulls': [{ body: { pulls: [] } }],
      '/api/grail-cases/active': [{ body: live }],
      [`/api/grail-cases/${live.caseId}`]: [
        { body: { ...live, liveAt: null, closedAt: null, remainingByTier: [], topGrails: [] } },
      ],
    });
    renderWithProviders(
      <ThemeModeProvider>
        <GrailMachinePage />
      </ThemeModeProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Buy a Pack · $499.99' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy a Pack' }, { timeout: 5000 });
    expect(dialog.textContent).toContain('Sign in to buy a pack.');
  });

  it('upcoming: a countdown and no buying yet', async () => {
    const opens = new Date(Date.now() + 2 * 3600_000).toISOString();
    renderPage({
      '/api/grail-cases/active': [
        { body: { ...live, status: 'scheduled', activationTime: opens } },
      ],
      [`/api/grail-cases/${live.caseId}`]: [
        { body: { ...live, liveAt: null, closedAt: null, remainingByTier: [], topGrails: [] } },
      ],
    });
    expect(await screen.findByRole('timer')).toBeTruthy();
    expect(screen.getByText('Opening soon')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Buy a Pack/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('a failure other than 404: the failure message', async () => {
    renderPage({
      '/api/grail-cases/active': [{ status: 500, body: { message: 'x', error: 'y' } }],
    });
    expect(
      await screen.findByText('Could not load Grail Machine status.', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
