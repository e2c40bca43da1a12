import type { Page } from '@playwright/test';

/**
 * A toast's text where it is drawn, in the notifications region. Screen readers are also told it
 * through a hidden live region for a moment, so the page holds the text twice then.
 */
export function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /^Notifications/ }).getByText(text);
}
