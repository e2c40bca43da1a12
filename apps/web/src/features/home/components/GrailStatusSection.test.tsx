import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeFetch } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { resetRequestLayer } from '@/lib/api/client';
import { liveCase } from '@/test/grail';
import { GrailStatusSection } from './GrailStatusSection';

const BOOM = { status: 500, body: { message: 'boom', error: 'Internal Server Error' } };
const LIVE = { body: liveCase() };

/** Recent pulls, the third without a name (shown as 'Mystery Card'). */
const pulls = (count: number) => ({
  pulls: Array.from({ length: count }, (_, i) => ({
    _id: `pull-${i}`,
    name: i === 2 ? '' : `Pulled Grail ${i + 1}`,
    grade: `PSA ${10 - (i % 2)}`,
    images: [],
    imageUrl: '',
    fmv: 100 + i,
    pulledAt: '2026-11-22T09:00:00.000Z',
    pulledBy: `collector${i}`,
  })),
});

const CARDS = [1, 2, 3, 4].map((i) => ({
  _id: `card-${i}`,
  name: `Grail ${i}`,
  fmv: 100 + i,
  images: [],
}));

function answer(active: object, recent: object) {
  fakeFetch({
    '/api/grail-cases/active': [active],
    '/api/grail-cases/recent-pulls': [recent],
    '/api/products/carousel-cards': [{ body: CARDS }],
  });
  // Server errors are asked again once (lib/api/retry.ts): at once here.
  renderWithProviders(<GrailStatusSection />, { queries: { retryDelay: 0 } });
}

const heading = (name: string) => screen.findByRole('heading', { name });

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

describe('the Grail Machine status block', () => {
  it('shows "Loading Grail Status..." while the status loads', async () => {
    answer(LIVE, { body: pulls(0) });
    expect(screen.getByText('Loading Grail Status...')).toBeDefined();
    await heading('Hot Potential Grails!');
    expect(screen.queryByText('Loading Grail Status...')).toBeNull();
  });

  it('active case with fewer than 5 pulls: the Hot Potential Grails showcase', async () => {
    answer(LIVE, { body: pulls(4) });
    await heading('Hot Potential Grails!');
    expect(
      screen.getByText('A taste of what could be waiting in the Grail Machine!'),
    ).toBeDefined();
    expect(screen.queryByText('Recently Pulled Grails')).toBeNull();
  });

  it('active case with 5 or more pulls: the Recently Pulled Grails carousel', async () => {
    answer(LIVE, { body: pulls(6) });
    await heading('Recently Pulled Grails');
    const items = within(screen.getByTestId('recent-pulls')).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(items[0]!.textContent).toContain('Pulled Grail 1');
    expect(items[0]!.textContent).toContain('PSA 10');
    expect(items[1]!.textContent).toContain('PSA 9');
    expect(items[2]!.textContent).toContain('Mystery Card');
    expect(screen.queryByText('Hot Potential Grails!')).toBeNull();
  });

  it('upcoming case: shown as active, with its opening time', async () => {
    const opens = new Date(Date.now() + 3 * 3600_000).toISOString();
    answer({ body: liveCase({ status: 'scheduled', activationTime: opens }) }, { body: pulls(0) });
    await heading('Hot Potential Grails!');
    expect(screen.getByText(/^Next case opens /)).toBeDefined();
    expect(screen.queryByText('Next Grail Case Loading...')).toBeNull();
  });

  it('a status error shows the machine as inactive with its message', async () => {
    answer(BOOM, { body: pulls(0) });
    expect(await screen.findByText('Could not load Grail Machine status.')).toBeDefined();
    expect(await heading('Next Grail Case Loading...')).toBeDefined();
    expect(
      screen.getByText(
        'The current Grail Machine is sold out or being updated. Stay tuned for the next exciting case drop!',
      ),
    ).toBeDefined();
  });

  it('a recent-pulls error empties the list and says so', async () => {
    answer(LIVE, BOOM);
    expect(await screen.findByText('Could not load recent pulls.')).toBeDefined();
    expect(await heading('Hot Potential Grails!')).toBeDefined();
  });
});
