/**
 * What the API answers a signed-out visitor's first screen, for the build-time render pass: the
 * shapes of packages/contract, with one active case and a few cards so every section renders
 * its filled state. Only the styles matter; the content never ships.
 */
const card = (n, overrides = {}) => ({
  _id: `card-${n}`,
  name: `2011 Topps Update Card #${n} PSA 10`,
  player: 'Player',
  year: 2011,
  setName: 'Topps Update',
  cardNumber: String(n),
  sport: 'Baseball',
  team: 'Team',
  variant: null,
  grader: 'PSA',
  grade: 'GEM MT 10',
  gradeValue: 10,
  gradeLabel: 'PSA GEM MT 10',
  certNumber: '1',
  certUrl: 'https://www.psacard.com/cert/1',
  conditionNote: null,
  images: [`/api/images/card-${n}`],
  imageUrl: `/api/images/card-${n}`,
  fmv: 100 * n,
  storePrice: null,
  status: 'in_case',
  createdAt: '2026-10-01T00:00:00.000Z',
  ...overrides,
});

const storeItem = (n) =>
  card(n, {
    grader: null,
    grade: null,
    gradeValue: null,
    gradeLabel: 'Raw',
    certNumber: null,
    certUrl: null,
    storePrice: 5.99 * n,
    status: 'available',
  });

const recentPull = (n) => ({
  _id: `pull-${n}`,
  name: n === 2 ? '' : `Pulled Grail ${n}`,
  grade: 'PSA 10',
  images: [`/api/images/card-${n}`],
  imageUrl: `/api/images/card-${n}`,
  fmv: 100 * n,
  pulledAt: '2026-11-22T09:00:00.000Z',
  pulledBy: `collector${n}`,
});

const answers = (recentPulls) => ({
  'GET /api/maintenance/status': [200, { data: { isEnabled: false, startedAt: null } }],
  'GET /api/auth/current': [401, { message: 'Not authenticated', error: 'Unauthorized' }],
  'POST /api/auth/session/reset': [200, { message: 'Session reset.', csrfToken: 'build' }],
  'GET /api/config': [
    200,
    {
      flags: { BREAKS_ENABLED: false, ADVANCED_ANALYTICS: false, DISCORD_INTEGRATION: false },
      supportEmail: 'support@example.com',
      xProfileHandle: 'GrailMachine',
      appEnv: 'production',
      paymentProvider: 'sandbox',
      debug: false,
    },
  ],
  'GET /api/grail-cases/active': [
    200,
    {
      caseId: 'case-1',
      packPrice: 499.99,
      activationTime: null,
      name: 'Case',
      description: 'Case',
      status: 'active',
      totalItems: 64,
      remaining: 64,
      floorValue: 5,
      expectedValue: 551.48,
      tiers: [{ name: 'Grail', minFmv: 500, maxFmv: null, remaining: 17, probability: 0.27 }],
      serverSeedHash: '0'.repeat(64),
      contentsHash: '0'.repeat(64),
      buybackPercent: 85,
      buybackWindowHours: 72,
    },
  ],
  'GET /api/grail-cases/recent-pulls?limit=10': [
    200,
    { pulls: Array.from({ length: recentPulls }, (_, i) => recentPull(i + 1)) },
  ],
  'GET /api/products/carousel-cards?limit=12&minFmv=0': [
    200,
    [1, 2, 3, 4, 5, 6].map((n) => card(n)),
  ],
  'GET /api/products/store-items?limit=4&sort=createdAt&order=desc': [
    200,
    { products: [1, 2, 3, 4].map(storeItem), total: 4, page: 1, limit: 4 },
  ],
  'GET /api/twitter/feed': [
    200,
    {
      tweets: [1, 2].map((n) => ({
        id: String(n),
        text: 'A fresh Grail case just went live https://example.com #GrailMachine @someone',
        created_at: '2026-11-21T18:30:00.000Z',
        tweet_url: `https://x.com/GrailMachine/status/${n}`,
        user: { name: 'Grail Machine', username: 'GrailMachine', profile_image_url: '/a.webp' },
        entities: {
          urls: [
            { start: 34, end: 53, expanded_url: 'https://example.com', display_url: 'example.com' },
          ],
          mentions: [{ start: 68, end: 76, username: 'someone' }],
          hashtags: [{ start: 54, end: 67, tag: 'GrailMachine' }],
        },
        media: [{ media_key: `m${n}`, url: '/m.webp', alt_text: 'Card', type: 'photo' }],
        public_metrics: { reply_count: 1, retweet_count: 2, like_count: 3 },
      })),
    },
  ],
});

/**
 * [status, body] for a call, or undefined for one the first screen is not expected to make.
 * With 5 or more recent pulls the status block shows the carousel, with fewer the showcase.
 */
export function firstScreenAnswer(method, pathWithQuery, { recentPulls }) {
  return answers(recentPulls)[`${method} ${pathWithQuery}`];
}
