import { fireEvent, screen } from '@testing-library/react';
import type { AdminBreak } from '@grail/contract';

/** A break as staff see it: a random-team draft of two boxes and three teams, unless overridden. */
export const adminBreak = (overrides: Partial<AdminBreak> = {}): AdminBreak => ({
  _id: '6f1c1a50-0000-4000-8000-000000000031',
  title: 'Two boxes of Chrome',
  sport: 'Baseball',
  format: 'random_team',
  status: 'draft',
  imageUrl: null,
  boxes: 2,
  packsPerBox: 12,
  spotPrice: 50,
  maxSpotPrice: 50,
  totalSpots: 3,
  spotsSold: 0,
  minSpots: 3,
  salesDeadline: '2026-12-01T12:00:00.000Z',
  scheduledAt: '2026-12-01T13:00:00.000Z',
  startedAt: null,
  endedAt: null,
  streamUrl: null,
  description: '',
  teams: ['Mets', 'Yankees', 'Cubs'],
  unownedHitRule: 'house',
  spots: [],
  hits: [],
  fairness: { serverSeedHash: null, serverSeed: null },
  refunds: 0,
  ...overrides,
});

/** Types `value` into the field labelled `label`, as one change. */
export const typeInto = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
