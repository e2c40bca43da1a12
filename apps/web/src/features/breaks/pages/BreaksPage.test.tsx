import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { BreakSummary } from '@grail/contract';
import { fakeFetch } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { resetRequestLayer } from '@/lib/api/client';
import BreaksPage from './BreaksPage';

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const summary = (over: Partial<BreakSummary>): BreakSummary => ({
  _id: '6f1c1a50-0000-4000-8000-000000000001',
  title: '2 boxes of 2024 Topps Chrome',
  sport: 'Baseball',
  format: 'random_team',
  status: 'open',
  imageUrl: null,
  boxes: 2,
  packsPerBox: 12,
  spotPrice: 49.5,
  maxSpotPrice: 49.5,
  totalSpots: 30,
  spotsSold: 12,
  minSpots: 30,
  salesDeadline: inHours(30),
  scheduledAt: inHours(31),
  startedAt: null,
  endedAt: null,
  streamUrl: null,
  ...over,
});

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

describe('BreaksPage', () => {
  it(
    'groups breaks by stage, with progress and prices to 2 decimals',
    { timeout: 20_000 },
    async () => {
      fakeFetch({
        '/api/breaks': [
          {
            body: {
              breaks: [
                summary({}),
                summary({
                  _id: '6f1c1a50-0000-4000-8000-000000000002',
                  title: 'NBA Prizm',
                  status: 'live',
                  format: 'pick_team',
                  spotPrice: 10,
                  maxSpotPrice: 80,
                }),
              ],
            },
          },
        ],
      });
      renderWithProviders(<BreaksPage />, { path: '/breaks' });
      expect(
        await screen.findByRole('heading', { name: 'Filling' }, { timeout: 10_000 }),
      ).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Live now' })).toBeTruthy();
      expect(screen.getByText('12 of 30 spots sold')).toBeTruthy();
      expect(screen.getByText('2 boxes · $49.50 a spot')).toBeTruthy();
      expect(screen.getByText('2 boxes · $10.00 – $80.00 a spot')).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'Completed' })).toBeNull();
    },
  );

  it('says when nothing matches the filters, and sends them to the API', async () => {
    const { calls } = fakeFetch({ '/api/breaks': [{ body: { breaks: [] } }] });
    renderWithProviders(<BreaksPage />, { path: '/breaks?sport=Hockey&format=pick_team' });
    expect(
      await screen.findByText('No breaks match these filters.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(calls[0]!.url).toContain('sport=Hockey');
    expect(calls[0]!.url).toContain('format=pick_team');
  });

  it('narrows the list with the sport select, and clears the filters', async () => {
    const { calls } = fakeFetch({
      '/api/breaks': [
        { body: { breaks: [summary({})] } },
        { body: { breaks: [] } },
        { body: { breaks: [summary({})] } },
      ],
    });
    renderWithProviders(<BreaksPage />, { path: '/breaks' });
    const sport = await screen.findByRole('combobox', { name: 'Sport' }, { timeout: 10_000 });
    expect((sport as HTMLSelectElement).value).toBe('');
    fireEvent.change(sport, { target: { value: 'Hockey' } });
    expect(await screen.findByText('No breaks match these filters.')).toBeTruthy();
    expect(calls[1]!.url).toContain('sport=Hockey');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('heading', { name: 'Filling' })).toBeTruthy();
    expect((sport as HTMLSelectElement).value).toBe('');
  });

  it('says so when breaks cannot be loaded', async () => {
    fakeFetch({ '/api/breaks': [{ status: 500, body: { message: 'x', error: 'y' } }] });
    renderWithProviders(<BreaksPage />, { path: '/breaks' });
    expect(await screen.findByText('Could not load breaks.', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
