import type {
  Comps,
  Holding,
  Listing,
  LimitsResponse,
  Offer,
  Trade,
  TradeCard,
  VaultResponse,
} from '@grail/contract';

/** A listing as the API answers it: a PSA 10 at $250 (FMV $300), open, taking offers from $200. */
export const listingId = '6f1c1a50-0000-4000-8000-0000000000aa';
export const listing = (over: Partial<Listing> = {}, n = 0): Listing => ({
  _id: n === 0 ? listingId : `6f1c1a50-0000-4000-8000-${String(n).padStart(12, '0')}`,
  holdingId: `7a2d2b60-0000-4000-8000-${String(n).padStart(12, '0')}`,
  card: {
    _id: `card-${n}`,
    name: `2018 Prizm Luka Doncic #280${n ? ` (${n})` : ''}`,
    player: 'Luka Doncic',
    year: 2018,
    setName: 'Prizm',
    cardNumber: '280',
    sport: 'Basketball',
    grader: 'PSA',
    grade: 'PSA GEM MT 10',
    certNumber: '58494443',
    certUrl: 'https://www.psacard.com/cert/58494443',
    imageUrl: '/api/images/front',
    fmv: 300,
    fmvSource: 'Recent sales',
    fmvUpdatedAt: '2026-11-25T12:00:00.000Z',
  },
  seller: 'seller_sam',
  price: 250,
  acceptsOffers: true,
  minOffer: 200,
  status: 'open',
  frozen: false,
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  soldAt: null,
  ...over,
});

export const comps: Comps = {
  sales: [
    { price: 280, kind: 'market', soldAt: '2026-11-24T12:00:00.000Z' },
    { price: 260, kind: 'offer', soldAt: '2026-11-10T12:00:00.000Z' },
    { price: 310, kind: 'store', soldAt: '2026-10-01T12:00:00.000Z' },
  ],
  history: [
    { day: '2026-10-01', price: 310 },
    { day: '2026-11-10', price: 260 },
    { day: '2026-11-24', price: 280 },
  ],
  fmv: { value: 300, source: 'Recent sales', updatedAt: '2026-11-25T12:00:00.000Z' },
};

const none = (window: '24h' | '7d' | '30d') => ({
  window,
  amount: null,
  used: 0,
  remaining: null,
  resetsAt: null,
  pending: null,
});
export const noLimits: LimitsResponse = {
  spending: [none('24h'), none('7d'), none('30d')],
  deposit: [none('24h'), none('7d'), none('30d')],
  timeOutUntil: null,
  selfExclusion: null,
  realityCheckMinutes: null,
  spentLast30Days: 0,
  canPurchase: true,
};

/** An open offer as GET /api/market/offers answers it, from the given side. */
export const offer = (over: Partial<Offer> = {}): Offer => ({
  _id: '7a1c1a50-0000-4000-8000-0000000000bb',
  listing: {
    _id: listingId,
    price: 250,
    status: 'open',
    card: {
      _id: 'card-0',
      name: '2018 Prizm Luka Doncic #280',
      grade: 'PSA GEM MT 10',
      imageUrl: '/api/images/front',
      fmv: 300,
    },
  },
  buyer: 'buyer_bo',
  seller: 'seller_sam',
  role: 'buyer',
  amount: 210.5,
  by: 'buyer',
  held: 210.5,
  status: 'open',
  yourTurn: false,
  expiresAt: '2026-12-06T12:00:00.000Z',
  createdAt: '2026-11-29T12:00:00.000Z',
  updatedAt: '2026-11-29T12:00:00.000Z',
  history: [{ by: 'buyer', action: 'offer', amount: 210.5, at: '2026-11-29T12:00:00.000Z' }],
  ...over,
});

/** A card of the caller's vault (state in_vault) that a trade may give, the n-th of a few. */
export const vaultHolding = (n: number, name = `Card ${n}`): Holding => ({
  _id: `7b3e3c70-0000-4000-8000-${String(n).padStart(12, '0')}`,
  card: {
    _id: `vcard-${n}`,
    name,
    sport: 'Baseball',
    year: 2020,
    grader: 'PSA',
    grade: 'PSA MINT 9',
    certNumber: null,
    certUrl: null,
    imageUrl: '/api/images/front',
  },
  fmv: 40,
  fmvUpdatedAt: '2026-11-25T12:00:00.000Z',
  fmvSource: 'Recent sales',
  cost: 30,
  gain: 10,
  state: 'in_vault',
  source: 'order',
  sourceId: `order-${n}`,
  sourceLabel: 'Store order',
  sellBack: null,
  shipmentId: null,
  acquiredAt: '2026-11-01T12:00:00.000Z',
});

/** GET /api/vault's answer holding these cards. */
export const vaultOf = (holdings: Holding[]): VaultResponse => ({
  holdings,
  total: holdings.length,
  page: 1,
  limit: 100,
  totals: { cards: holdings.length, value: 40 * holdings.length, cost: 0, gain: 0 },
  sports: ['Baseball'],
});

/** A card on one side of a trade. */
export const tradeCard = (n: number, name = `Card ${n}`): TradeCard => ({
  ...listing({}, n).card,
  _id: `tcard-${n}`,
  name,
  grade: 'PSA MINT 9',
  holdingId: `7c4f4d80-0000-4000-8000-${String(n).padStart(12, '0')}`,
});

/** An open trade as GET /api/market/trades answers it, proposed by buyer_bo to seller_sam. */
export const trade = (over: Partial<Trade> = {}): Trade => ({
  _id: '7d5a5e90-0000-4000-8000-0000000000cc',
  role: 'proposer',
  proposer: { collector: 'buyer_bo', cards: [tradeCard(1, 'Mike Trout 2011 Update')], cash: 5 },
  recipient: {
    collector: 'seller_sam',
    cards: [tradeCard(2, '2018 Prizm Luka Doncic #280')],
    cash: 0,
  },
  status: 'open',
  yourTurn: false,
  feePercent: 5,
  counterOf: null,
  counteredBy: null,
  expiresAt: '2026-12-06T12:00:00.000Z',
  createdAt: '2026-11-29T12:00:00.000Z',
  decidedAt: null,
  ...over,
});
