import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { FairnessResponse } from '@grail/contract';
import { fakeFetch } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { resetRequestLayer } from '@/lib/api/client';
import { contentsHash, drawIndex, sha256Hex, hexToBytes } from '../lib/fairness';
import FairnessPage from './FairnessPage';

const caseId = '6f1c1a50-0000-4000-8000-0000000000f1';
const serverSeed = 'ab'.repeat(32);

/** A sold-out record drawn by the rule, so the browser's replay verifies every pull. */
async function soldOutRecord(cards: number): Promise<FairnessResponse> {
  const contents = Array.from({ length: cards }, (_, i) => ({
    position: i + 1,
    cardId: `card-${i + 1}`,
    grader: 'PSA',
    grade: '10',
    certNumber: String(10_000 + i),
    fmvCents: 1_000 + i,
  }));
  let remaining = contents.map((c) => c.position);
  const pulls = [];
  for (let k = 1; k <= cards; k++) {
    const clientSeed = `seed-${k % 3}`;
    const index = await drawIndex(serverSeed, clientSeed, k, remaining.length);
    const position = remaining[index]!;
    pulls.push({
      k,
      clientSeed,
      remainingBefore: remaining.length,
      index,
      position,
      cardId: `card-${position}`,
      pulledAt: '2026-11-20T12:00:00.000Z',
    });
    remaining = remaining.filter((p) => p !== position);
  }
  return {
    caseId,
    name: 'Big Case',
    status: 'sold_out',
    serverSeedHash: await sha256Hex(hexToBytes(serverSeed)),
    contentsHash: await contentsHash(contents),
    contents,
    pulls,
    serverSeed,
  };
}

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

describe('the fairness page of a large case', () => {
  it('draws the pulls fifty to a page, and replays every pull, not only the page shown', async () => {
    const record = await soldOutRecord(120);
    fakeFetch({
      '/api/grail-cases': [
        {
          body: {
            cases: [
              {
                caseId,
                name: 'Big Case',
                status: 'sold_out',
                packPrice: 25,
                activationTime: null,
                totalItems: 120,
                remaining: 0,
                liveAt: null,
                closedAt: null,
              },
            ],
          },
        },
      ],
      [`/api/grail-cases/${caseId}/fairness`]: [{ body: record }],
    });
    renderWithProviders(<FairnessPage />);

    const table = await screen.findByRole('table', { name: 'Pulls of this case' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(50);
    expect(rows()[0]!.textContent).toContain('seed-1');

    fireEvent.click(screen.getByRole('button', { name: 'Verify in my browser' }));
    // 120 replays through Web Crypto in jsdom take over findBy's default second on a busy box.
    expect(await screen.findByText('120 of 120 replayed', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText('Mismatch')).toBeNull();

    const pages = screen.getByRole('navigation', { name: 'Pages of the pulls' });
    fireEvent.click(within(pages).getByRole('button', { name: /3/ }));
    expect(rows()).toHaveLength(20);
    expect(within(rows()[0]!).getAllByRole('cell')[0]!.textContent).toContain('101');
    expect(within(table).getAllByText('Verified')).toHaveLength(20);
  });

  it('opens with the rule in plain words, then the exact rule', async () => {
    fakeFetch({ '/api/grail-cases': [{ body: { cases: [] } }] });
    renderWithProviders(<FairnessPage />);
    expect(await screen.findByText('No case has gone live yet.')).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.slice(0, 2)).toEqual(['The rule in plain words', 'The rule, exactly']);
    const plain = screen.getByRole('region', { name: 'The rule in plain words' });
    const steps = within(plain)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(steps.map((step) => step!.split('.')[0])).toEqual([
      'What we commit to, and when',
      'How your pull is drawn',
      'How to check a pull',
      "How a drop's queue is ordered",
    ]);
  });
});
