/**
 * Every route of the SPA in one place, so no page assembles a URL by hand:
 * `<Link to={paths.product.getHref(id)}>`. The router reads `path`, links call `getHref()`.
 */
const withQuery = (path: string, query?: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

export const paths = {
  home: { path: '/', getHref: () => '/' },
  grailMachine: { path: '/grail-machine', getHref: () => '/grail-machine' },
  fairness: {
    path: '/grail-machine/fairness',
    /** `case`: the case whose pulls to verify (defaults to the newest). */
    getHref: (query?: { case?: string }) => withQuery('/grail-machine/fairness', query),
  },
  grailReveal: {
    path: '/grail-reveal',
    getHref: (query?: Record<string, string | undefined>) => withQuery('/grail-reveal', query),
  },
  /** A pull's public page, shared by its collector. */
  pull: {
    path: '/pulls/:id',
    getHref: (id: string) => `/pulls/${encodeURIComponent(id)}`,
  },
  discordGrailSuccess: { path: '/discord-grail-success', getHref: () => '/discord-grail-success' },
  store: {
    path: '/store',
    /** `search`: the store's filters as its query string ('?sport=Baseball'), kept on the way back. */
    getHref: (search = '') => `/store${search}`,
  },
  product: {
    path: '/product/:id',
    getHref: (id: string) => `/product/${encodeURIComponent(id)}`,
  },
  /** The marketplace between collectors: its filters kept in the query string. */
  market: {
    path: '/market',
    getHref: (search = '') => `/market${search}`,
  },
  marketListing: {
    path: '/market/:listingId',
    getHref: (listingId: string) => `/market/${encodeURIComponent(listingId)}`,
  },
  cart: { path: '/cart', getHref: () => '/cart' },
  checkout: {
    path: '/checkout',
    /** `buy`: a single card bought at once ('Buy now') instead of the cart. */
    getHref: (query?: { buy?: string; topUp?: string }) => withQuery('/checkout', query),
  },
  orderSuccess: {
    path: '/order-success',
    getHref: (query?: Record<string, string | undefined>) => withQuery('/order-success', query),
  },
  sandboxCheckout: {
    path: '/payments/sandbox/:checkoutId',
    getHref: (checkoutId: string) => `/payments/sandbox/${encodeURIComponent(checkoutId)}`,
  },
  login: {
    path: '/login',
    /** `redirectTo`: where to return after signing in; `error`: session_expired | auth_recovery_failed. */
    getHref: (query?: { redirectTo?: string; error?: string }) => withQuery('/login', query),
  },
  register: {
    path: '/register',
    /** `redirectTo`: where to return once the new account is verified and complete. */
    getHref: (query?: { redirectTo?: string }) => withQuery('/register', query),
  },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  resetPasswordToken: {
    path: '/reset-password/:token',
    getHref: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  },
  authCallback: {
    path: '/auth/callback',
    /** `returnTo`: the page the sign-up started from, carried by the verification link. */
    getHref: (query?: { token?: string; returnTo?: string }) => withQuery('/auth/callback', query),
  },
  /** The link mailed to a new address: opening it changes the account's e-mail. */
  confirmEmail: {
    path: '/confirm-email',
    getHref: (query?: { token?: string }) => withQuery('/confirm-email', query),
  },
  totpSetup: { path: '/totp-setup', getHref: () => '/totp-setup' },
  completeProfile: {
    path: '/complete-profile',
    /** `redirectTo`: where to go once the profile is complete. */
    getHref: (query?: { redirectTo?: string }) => withQuery('/complete-profile', query),
  },
  dashboard: {
    path: '/dashboard',
    /** `tab`: the dashboard tab to open ('breaks', 'pulls'…). */
    getHref: (query?: { tab?: string }) => withQuery('/dashboard', query),
  },
  /** The collector's vault: every card we hold for them, its value, and shipping from it. */
  vault: {
    path: '/dashboard/vault',
    /** `tab`: 'selling' (the collector's listings), 'offers' or 'trades'; the cards otherwise. */
    getHref: (query?: { tab?: 'selling' | 'offers' | 'trades' }) =>
      withQuery('/dashboard/vault', query),
  },
  /** What happened to the collector's account, what needs an answer pinned first. */
  notifications: { path: '/dashboard/notifications', getHref: () => '/dashboard/notifications' },
  submission: {
    path: '/dashboard/submissions/:id',
    getHref: (id: string) => `/dashboard/submissions/${encodeURIComponent(id)}`,
  },
  admin: { path: '/admin', getHref: () => '/admin' },
  adminBreaks: { path: '/admin/breaks', getHref: () => '/admin/breaks' },
  adminInventory: { path: '/admin/inventory', getHref: () => '/admin/inventory' },
  adminShipping: { path: '/admin/shipping', getHref: () => '/admin/shipping' },
  adminUsers: { path: '/admin/users', getHref: () => '/admin/users' },
  adminPackingSlip: {
    path: '/admin/shipping/:shipmentId/slip',
    getHref: (shipmentId: string) => `/admin/shipping/${encodeURIComponent(shipmentId)}/slip`,
  },
  adminCustody: { path: '/admin/custody', getHref: () => '/admin/custody' },
  adminUser: {
    path: '/admin/users/:userId',
    getHref: (userId: string) => `/admin/users/${encodeURIComponent(userId)}`,
  },
  adminSite: { path: '/admin/site', getHref: () => '/admin/site' },
  adminAudit: { path: '/admin/audit', getHref: () => '/admin/audit' },
  adminMarket: { path: '/admin/market', getHref: () => '/admin/market' },
  adminWithdrawals: { path: '/admin/withdrawals', getHref: () => '/admin/withdrawals' },
  adminAnalytics: { path: '/admin/analytics', getHref: () => '/admin/analytics' },
  adminSubmissions: {
    path: '/admin/submissions',
    /** `status`: the queue's filter; `id`: the submission open beside it. */
    getHref: (query?: { status?: string; id?: string }) => withQuery('/admin/submissions', query),
  },
  sellCards: { path: '/sell-cards', getHref: () => '/sell-cards' },
  breaks: { path: '/breaks', getHref: () => '/breaks' },
  breakDetail: {
    path: '/breaks/:id',
    getHref: (id: string) => `/breaks/${encodeURIComponent(id)}`,
  },
  breakReveal: {
    path: '/breaks/:id/reveal',
    getHref: (id: string) => `/breaks/${encodeURIComponent(id)}/reveal`,
  },
  breakPackReveal: {
    path: '/break-pack-reveal',
    /** `break`: the break whose hits to follow. */
    getHref: (query?: { break?: string }) => withQuery('/break-pack-reveal', query),
  },
  privacyPolicy: { path: '/privacy-policy', getHref: () => '/privacy-policy' },
  termsOfService: { path: '/terms-of-service', getHref: () => '/terms-of-service' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  terms: { path: '/terms', getHref: () => '/terms' },
} as const;

/**
 * The paths the client treats as needing no sign-in. A 401 seen on one of these never
 * sends the person to the login page. SPEC lists the legal pages as /privacy and /terms while its
 * route table names them /privacy-policy and /terms-of-service: both readings are public.
 */
export const PUBLIC_PATHS = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/privacy',
  '/terms',
  '/privacy-policy',
  '/terms-of-service',
] as const;

export function isPublicPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (PUBLIC_PATHS as readonly string[]).includes(path) || path.startsWith('/reset-password/');
}
