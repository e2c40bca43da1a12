import type { Page } from '@playwright/test';

/**
 * What the page's security policy refuses from now on (Chromium reports each refusal on the
 * console): a style element without the page's nonce, an inline script, a foreign host. The list
 * fills as the page runs; a test expects it empty.
 */
export function policyRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
      refused.push(`${page.url()}: ${message.text()}`);
    }
  });
  return refused;
}
