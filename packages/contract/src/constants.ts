/** Business constants and limits, named once for both apps. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const AUTH_RECOVERY_RETRIES = 2;
export const CURRENT_USER_CACHE_MS = 15_000;
export const CURRENT_USER_COOLDOWN_MS = 8_000;
export const CSRF_COOKIE_MAX_AGE_S = 86_400;
export const CSRF_COOKIE_NAME = 'csrf-token';
export const CSRF_HEADER_NAME = 'x-csrf-token';
export const SESSION_COOKIE_NAME = 'sid';
/**
 * Set beside the httpOnly session cookie, readable by the page and secret-free: without it (and
 * without a sign-in token) the page knows it has no session, so it fetches no signed-in data
 * ahead of time.
 */
export const SIGNED_IN_COOKIE_NAME = 'signed-in';
/** The 403 of every staff endpoint (reason `two_factor_required`) until two-factor is on. */
export const STAFF_TWO_FACTOR_REQUIRED =
  'Set up two-factor authentication to use the staff console.';
export const RECENT_PULLS_LIMIT = 10;
/** How many packs of a case one purchase may buy (decision 028). */
export const PACK_COUNTS = [1, 3, 5, 10] as const;
export type PackCount = (typeof PACK_COUNTS)[number];
export const RECENT_PULLS_CAROUSEL_MIN = 5;
export const CAROUSEL_CARDS_LIMIT = 12;
export const SHOWCASE_SIZE = 3;
export const SHOWCASE_INTERVAL_MS = 5_000;
export const STORE_NEW_ARRIVALS = 4;
export const X_POST_MEDIA_MAX = 4;
export const SIGNUP_PROMPT_DELAY_MS = 2_500;
export const MAINTENANCE_STATUS_POLL_MS = 120_000;
export const MAINTENANCE_PAGE_POLL_MS = 300_000;
export const PROTECTED_ROUTE_AUTH_TIMEOUT_MS = 3_000;
export const AUTH_RETRY_DELAY_MS = 200;
export const SHIPPING_PROMISE_HOURS = 48;
export const FEATURED_INTERVAL_MS = 7_000;
export const FEATURED_FADE_MS = 700;
export const FEATURED_COLUMNS_MIN = 1;
export const FEATURED_COLUMNS_MAX = 5;
export const FEATURED_COLUMNS_DEFAULT = 4;
export const CARD_ASPECT_RATIO = 5 / 7;
export const TOAST_AUTO_CLOSE_MS = 3_000;
export const SCRIPT_LOAD_TIMEOUT_MS = 120_000;
export const LAZY_IMAGE_MARGIN_PX = 200;
export const THEMES = ['light', 'dark'] as const;
export const TERMS_MINIMUM_AGE = 18;
export const PRIVACY_MINIMUM_AGE = 13;
/** Public images are served from here; a bare image name resolves below it. */
export const IMAGES_PATH = '/api/images';
/**
 * The `sizes` of a product page's main picture: at most 360 px wide below 900 px, 420 px beside
 * the details. The server's preload of that picture uses it too, so both pick the same variant.
 */
export const PRODUCT_IMAGE_SIZES = '(max-width: 899px) min(90vw, 360px), 420px';

/** Cards on a page of the store. */
export const STORE_PAGE_SIZE = 24;
export const CARD_GRADERS = ['PSA', 'BGS', 'SGC', 'CGC'] as const;

/** The text the home page and the Grail Machine page show when no case is live. */
export const NO_CASE_TITLE = 'Next Grail Case Loading...';
export const NO_CASE_TEXT =
  'The current Grail Machine is sold out or being updated. Stay tuned for the next exciting case drop!';
export const SOLD_OUT_MESSAGE = 'This case is sold out.';

/**
 * How spots become teams. Random team: every spot gets one team by the fairness rule once sales
 * close. Pick your team: each team is a spot with its own price. (A hit draft is not offered:
 * docs/breaks.md says why.)
 */
export const BREAK_FORMATS = ['random_team', 'pick_team'] as const;
export const BREAK_FORMAT_LABELS: Record<(typeof BREAK_FORMATS)[number], string> = {
  random_team: 'Random team',
  pick_team: 'Pick your team',
};

export const BREAK_SPORTS = [
  'Baseball',
  'Football',
  'Basketball',
  'Hockey',
  'Soccer',
  'Other',
] as const;
