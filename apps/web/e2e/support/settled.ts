import type { Page } from '@playwright/test';

/** What a page shows while it still waits for something: ours are all marked one of these ways. */
const STILL_LOADING =
  '[role="progressbar"]:not([aria-valuenow]), [aria-busy="true"], [class*="skeleton" i], [class*="spinner" i]';

/**
 * Resolves when the page's main region is drawn and nothing on screen says it is still loading:
 * the moment a person would read it. Unlike waiting for network idle, it costs no fixed half-second
 * after the last request, and it does not pass while a section is still fetching.
 */
export async function settled(page: Page, timeout = 30_000): Promise<void> {
  try {
    await page.waitForFunction(
      (selector) => {
        const main = document.querySelector('main');
        if (main === null || main.childElementCount === 0) return false;
        // Sections further down load as they near the screen, so only what is on screen counts.
        return [...main.querySelectorAll(selector)].every((el) => {
          const box = el.getBoundingClientRect();
          return box.bottom <= 0 || box.top >= window.innerHeight || box.width === 0;
        });
      },
      STILL_LOADING,
      { timeout },
    );
  } catch (error) {
    const loading = await page
      .locator(`main :is(${STILL_LOADING})`)
      .evaluateAll((els) => els.slice(0, 3).map((el) => el.outerHTML.slice(0, 160)));
    throw new Error(`${page.url()} still shows it is loading: ${loading.join(' | ')}`, {
      cause: error,
    });
  }
}
