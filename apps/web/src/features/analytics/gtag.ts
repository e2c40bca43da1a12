/** Google Analytics 4 (gtag.js): loaded only after the visitor accepts analytics cookies. */

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

export const CONSENT_KEY = 'gm-analytics-consent';
export type Consent = 'accepted' | 'rejected';

export function storedConsent(): Consent | null {
  try {
    const value = window.localStorage.getItem(CONSENT_KEY);
    return value === 'accepted' || value === 'rejected' ? value : null;
  } catch {
    // Storage blocked (private mode, policy): ask again, and load nothing until asked.
    return null;
  }
}

export function storeConsent(consent: Consent): void {
  try {
    window.localStorage.setItem(CONSENT_KEY, consent);
  } catch {
    // The choice still holds for this page view.
  }
}

let loadedId: string | null = null;

/**
 * Adds gtag.js for `measurementId`, once. Page views are sent by `trackPageView` on each route
 * change (the automatic one is off, since a client-side navigation loads no page).
 */
export function loadGtag(measurementId: string): void {
  if (loadedId) return;
  loadedId = measurementId;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag.js reads its queue as `arguments` objects, not arrays.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', measurementId, { send_page_view: false });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);
}

export function trackPageView(path: string): void {
  window.gtag?.('event', 'page_view', {
    page_path: path,
    page_location: window.location.href,
    page_title: document.title,
  });
}
