import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { signInStaff } from './support/users';

const ADMIN_EMAIL = 'inventory-images-admin@example.com';
const ADMIN_PASSWORD = 'Inventory-images-e2e-2026!';
const HEADER =
  'name,player,year,set,number,sport,team,grader,grade,cert,FMV,store price,image URLs';
// The smallest valid PNG: one transparent pixel.
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let server: RunningServer;
/** An image host on loopback for imports by URL; each picture answers after a pause. */
let images: Server;
let imagesUrl: string;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The server may fetch from the loopback image host (never honoured in production).
  server = await startServer({ ADMIN_EMAIL, ADMIN_PASSWORD, IMAGE_FETCH_ALLOW_PRIVATE: 'true' });
  images = createServer((req, res) => {
    if (!req.url?.startsWith('/card-')) return res.writeHead(404).end();
    setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(PIXEL), 700);
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imagesUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => images?.close(resolve));
});

test('staff import a CSV with the image files it names, at 390 px', async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  const login = await signInStaff(page.request, ADMIN_EMAIL, ADMIN_PASSWORD);
  expect(login.status(), await login.text()).toBe(200);
  await page.goto('/admin/inventory');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import cards from CSV' });
  await dialog
    .getByLabel('Or paste the CSV')
    .fill(
      [
        HEADER,
        'Card One,Player One,2020,Set,1,Baseball,,PSA,10,E2E-IMG-1,12.50,,front.png',
        'Card Two,Player Two,2020,Set,2,Baseball,,PSA,9,E2E-IMG-2,10,,missing.png',
      ].join('\n'),
    );
  await dialog
    .getByLabel('Image files')
    .setInputFiles([{ name: 'front.png', mimeType: 'image/png', buffer: PIXEL }]);
  await expect(dialog).toContainText('1 image file (at most 50): front.png');
  await dialog.getByRole('button', { name: 'Check file (dry run)' }).click();
  await expect(dialog.getByTestId('import-issue')).toHaveText([
    'Line 3, image URLs: missing.png is not among the uploaded files',
  ]);

  await dialog
    .getByLabel('Or paste the CSV')
    .fill(
      [HEADER, 'Card One,Player One,2020,Set,1,Baseball,,PSA,10,E2E-IMG-1,12.50,,front.png'].join(
        '\n',
      ),
    );
  await dialog.getByRole('button', { name: 'Check file (dry run)' }).click();
  await expect(dialog).toContainText('1 row checked, no problems.');
  await dialog.getByRole('button', { name: 'Import 1 cards' }).click();
  await expect(dialog).toContainText('Imported 1 cards.');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // The dialog's own button, not its corner ✕ (also named Close).
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByTestId('inventory-row').filter({ hasText: 'Card One' })).toHaveCount(1);
  const list = await page.request.get('/api/admin/inventory?q=E2E-IMG-1');
  const { cards } = (await list.json()) as { cards: { imageUrls: string[] }[] };
  expect(cards.map((c) => c.imageUrls.length)).toEqual([1]);
  await context.close();
});

test('staff follow an import with image URLs in the background: rows done, then each failure by line', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  await signInStaff(page.request, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/admin/inventory');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import cards from CSV' });
  const rows = Array.from(
    { length: 8 },
    (_, i) =>
      `URL Card ${i + 1},Player,2020,Set,${i + 1},Baseball,,PSA,10,E2E-URL-${i + 1},10,,${imagesUrl}/${i === 4 ? 'gone' : `card-${i + 1}`}.png`,
  );
  await dialog.getByLabel('Or paste the CSV').fill([HEADER, ...rows].join('\n'));
  await dialog.getByRole('button', { name: 'Check file (dry run)' }).click();
  await expect(dialog).toContainText('8 rows checked, no problems.');
  await dialog.getByRole('button', { name: 'Import 8 cards' }).click();

  // Three pictures at a time, each 0.7 s: the console shows the rows done on the way.
  const job = dialog.getByTestId('import-job');
  await expect(job).toContainText(/Importing in the background: [1-7] of 8 rows done/);
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(job).toContainText('Imported 7 cards; 1 row failed.', { timeout: 20_000 });
  await expect(dialog.getByTestId('import-failure')).toHaveText([
    `Line 6, image URLs: ${imagesUrl}/gone.png the server answered 404`,
  ]);
  // The dialog's own button, not its corner ✕ (also named Close).
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByTestId('inventory-row').filter({ hasText: 'URL Card' })).toHaveCount(7);
  await context.close();
});
