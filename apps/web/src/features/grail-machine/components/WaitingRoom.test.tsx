import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { DropQueueResponse } from '@grail/contract';
import { fakeFetch, signedInUser } from '@/test/fakeFetch';
import { renderWithAuth } from '@/test/providers';
import { resetRequestLayer } from '@/lib/api/client';
import { WaitingRoom, waitText } from './WaitingRoom';

const caseId = '6f1c1a50-0000-4000-8000-0000000000c1';
const entryId = '6f1c1a50-0000-4000-8000-0000000000e1';
const now = Date.now();
const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();
const room = (over: Partial<DropQueueResponse> = {}): DropQueueResponse => ({
  caseId,
  state: 'waiting',
  opensAt: at(-60),
  activationTime: at(300),
  seedHash: 'ab'.repeat(32),
  seed: null,
  entries: 41,
  admitBatch: 20,
  admitSeconds: 30,
  windowSeconds: 600,
  serverTime: at(0),
  you: null,
  ...over,
});
const signedIn = { '/api/auth/current': [{ body: { user: signedInUser, csrfToken: 'c' } }] };
const url = `/api/grail-cases/${caseId}/drop`;

beforeEach(() => {
  resetRequestLayer();
  window.localStorage.clear();
  // No live stream in jsdom: the page reads the room on load.
  vi.stubGlobal('EventSource', undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('the waiting room', () => {
  it('lets a signed-in collector join, then shows their entry id and the committed seed hash', async () => {
    const { calls } = fakeFetch({
      ...signedIn,
      [url]: [{ body: room() }],
      [`POST ${url}/entries`]: [
        {
          body: room({
            entries: 42,
            you: {
              entryId,
              joinedAt: at(0),
              position: null,
              admittedFrom: null,
              admittedUntil: null,
              turn: 'waiting',
            },
          }),
        },
      ],
    });
    renderWithAuth(<WaitingRoom caseId={caseId} />);
    expect(await screen.findByText('41 collectors have joined.', { exact: false })).toBeTruthy();
    expect(screen.getByText('ab'.repeat(32))).toBeTruthy();
    expect(screen.getByText('Revealed when the case opens and the order is drawn.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Join the waiting room' }));
    expect(await screen.findByText(entryId)).toBeTruthy();
    expect(screen.getByText('Drawn when the case opens')).toBeTruthy();
    // Up to three batches of 20 for 42 collectors, 30 seconds apart.
    expect(screen.getByText('Up to 1 min 30 s after the case opens')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('shows the place, the turn, the revealed seed and the link to check the order', async () => {
    fakeFetch({
      ...signedIn,
      [url]: [
        {
          body: room({
            state: 'admitting',
            activationTime: at(-30),
            seed: 'cd'.repeat(32),
            you: {
              entryId,
              joinedAt: at(-120),
              position: 3,
              admittedFrom: at(-30),
              admittedUntil: at(570),
              turn: 'admitted',
            },
          }),
        },
      ],
    });
    renderWithAuth(<WaitingRoom caseId={caseId} />);
    expect(await screen.findByText('Number 3')).toBeTruthy();
    expect(screen.getByText(/^It is your turn: buy before/)).toBeTruthy();
    expect(screen.getByText('cd'.repeat(32))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Check the order in your browser' })).toBeTruthy();
  });

  it('writes a wait in minutes and seconds, and shows nothing for a case without a room', async () => {
    expect(waitText(125_000)).toBe('2 min 05 s');
    expect(waitText(45_000)).toBe('45 s');
    fakeFetch({ ...signedIn, [url]: [{ body: room({ state: 'off', seedHash: null }) }] });
    const { container } = renderWithAuth(<WaitingRoom caseId={caseId} />);
    await vi.waitFor(() => expect(container.querySelector('[role="status"]')).toBeNull());
    expect(container.textContent).toBe('');
  });
});
