import { expect, test } from '@playwright/test';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';

for (const [theme, width] of [
  ['light', 390],
  ['dark', 1280],
] as const) {
  test(`a product page is styled at build time and its HTML starts its first screen (${theme}, ${width} px)`, async ({
    browser,
    request,
  }) => {
    const answer = await request.get('/api/products/store-items?limit=1');
    const { products } = (await answer.json()) as { products: { _id: string; name: string }[] };
    const { _id: id, name } = products[0]!;
    const context = await browser.newContext({
      colorScheme: theme,
      viewport: { width, height: 900 },
    });
    // The sign-up dialog (a modal) would hide the page from role queries.
    await context.addInitScript(() => sessionStorage.setItem('signupPromptDismissed', 'true'));
    const page = await context.newPage();
    const cardReads: string[] = [];
    page.on('request', (sent) => {
      const path = new URL(sent.url()).pathname;
      if (path === `/api/products/${id}`) cardReads.push(path);
    });

    // The HTML asks for the page's code, the card and its front picture while the app loads.
    const html = await (await page.goto(`/product/${id}`))!.text();
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/ProductPage-/);
    expect(html).toContain(`<link rel="preload" href="/api/products/${id}" as="fetch"`);
    expect(html).toMatch(/<link rel="preload" as="image" [^>]*fetchpriority="high" \/>/);

    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({
      timeout: COLD_PAGE_TIMEOUT_MS,
    });
    await expect(
      page.getByRole('button', { name: `Zoom into ${name}` }).getByRole('img'),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: 'Card details' })).toBeVisible();
    // The sections below the card (comparable sales, more cards) have loaded too.
    await page.waitForLoadState('networkidle');

    // The page used the card the HTML preloaded.
    expect(cardReads).toHaveLength(1);

    // The zoom is the shared dialog; closing it gives the focus back to the card.
    await page.getByRole('button', { name: `Zoom into ${name}` }).click();
    const zoom = page.getByRole('dialog', { name: `${name}, zoomed` });
    await expect(zoom.getByRole('img', { name })).toBeVisible();
    await zoom.getByRole('button', { name: 'Close zoom' }).click();
    await expect(zoom).toBeHidden();
    await expect(page.getByRole('button', { name: `Zoom into ${name}` })).toBeFocused();
    await context.close();
  });
}
