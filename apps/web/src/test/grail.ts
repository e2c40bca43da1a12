import type { ActiveCaseResponse, RecentPull } from '@grail/contract';

/** A live case as GET /api/grail-cases/active answers it; tests override what they are about. */
export const liveCase = (overrides: Partial<ActiveCaseResponse> = {}): ActiveCaseResponse => ({
  caseId: '6f1c1a50-0000-4000-8000-000000000001',
  packPrice: 25,
  activationTime: null,
  name: 'Launch Case',
  description: '',
  status: 'active',
  totalItems: 64,
  remaining: 60,
  floorValue: 5,
  expectedValue: 30,
  expectedSellBackValue: 25.5,
  medianValue: 20,
  cardsAbovePrice: 15,
  chanceAbovePrice: 25,
  tiers: [],
  serverSeedHash: null,
  contentsHash: null,
  buybackPercent: 85,
  buybackWindowHours: 72,
  ...overrides,
});

/** One entry of the recent pulls strip. */
export const recentPull = (id: string): RecentPull => ({
  _id: id,
  name: `Card ${id}`,
  grade: 'PSA 10',
  images: [],
  imageUrl: '',
  fmv: 100,
  pulledAt: '2026-11-22T12:00:00.000Z',
  pulledBy: 'collector',
});
