import type { CustodyReport, DueShipment, Holding, VaultResponse } from '@grail/contract';

export const boxId = '6f1c1a50-0000-4000-8000-0000000000b1';
export const collectorId = '6f1c1a50-0000-4000-8000-0000000000c1';

const address = {
  name: 'Casey Collector',
  line1: '12 Vault Street',
  city: 'Austin',
  state: 'TX',
  postalCode: '78701',
  country: 'US',
};

/** A vault box as GET /api/admin/shipments lists it: two cards, requested, not yet packed. */
export const vaultBox: DueShipment = {
  _id: boxId,
  sourceType: 'vault',
  sourceId: boxId,
  status: 'pending',
  shipBy: '2026-11-30T12:00:00.000Z',
  overdue: false,
  username: 'casey',
  email: 'casey@example.com',
  address,
  items: ['2018 Prizm Luka Doncic', '2003 Topps Chrome LeBron James'],
  insuredValue: 180,
  fee: 6,
  cards: [
    { name: '2018 Prizm Luka Doncic', grade: 'PSA GEM MT 10', certNumber: '81234567' },
    { name: '2003 Topps Chrome LeBron James', grade: 'Raw', certNumber: null },
  ],
  carrier: null,
  trackingNumber: null,
  createdAt: '2026-11-28T12:00:00.000Z',
};

/** A store order in the same list: not a vault box. */
export const orderShipment: DueShipment = {
  ...vaultBox,
  _id: '6f1c1a50-0000-4000-8000-0000000000b2',
  sourceType: 'order',
  sourceId: '6f1c1a50-0000-4000-8000-0000000000d2',
  items: ['1986 Fleer Michael Jordan'],
  insuredValue: 0,
  fee: 0,
  cards: undefined,
};

export const custody: CustodyReport = {
  byState: [
    { state: 'in_vault', cards: 12, insuredValue: 2400.5 },
    { state: 'ship_requested', cards: 2, insuredValue: 180 },
  ],
  byOwner: [
    {
      user: { _id: collectorId, username: 'casey', email: 'casey@example.com' },
      cards: 14,
      insuredValue: 2580.5,
    },
  ],
  totals: { cards: 14, insuredValue: 2580.5, owners: 1 },
  asOf: '2026-11-29T01:00:00.000Z',
};

export const holding: Holding = {
  _id: '6f1c1a50-0000-4000-8000-0000000000e1',
  card: {
    _id: '6f1c1a50-0000-4000-8000-0000000000f1',
    name: '2018 Prizm Luka Doncic',
    sport: 'Basketball',
    year: 2018,
    grader: 'PSA',
    grade: 'PSA GEM MT 10',
    certNumber: '81234567',
    certUrl: null,
    imageUrl: '/images/luka.webp',
  },
  fmv: 150,
  fmvUpdatedAt: '2026-11-28T00:00:00.000Z',
  fmvSource: 'Last sale',
  cost: 99.99,
  gain: 50.01,
  state: 'ship_requested',
  source: 'pull',
  sourceId: '6f1c1a50-0000-4000-8000-0000000000a9',
  sourceLabel: 'Pull #12 of Case 7',
  sellBack: null,
  shipmentId: boxId,
  acquiredAt: '2026-11-20T00:00:00.000Z',
};

export const userVault = (holdings: Holding[], total = holdings.length): VaultResponse => ({
  holdings,
  total,
  page: 1,
  limit: 20,
  totals: { cards: 14, value: 2580.5, cost: 2000, gain: 580.5 },
  sports: ['Basketball'],
});
