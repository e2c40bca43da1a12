import { expect, test, type Browser, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { signInStaff } from './support/users';

const ADMIN_EMAIL = 'console-admin@example.com';
const ADMIN_PASSWORD = 'Console-admin-e2e-2026!';

let server: RunningServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ ADMIN_EMAIL, ADMIN_PASSWORD });
});
test.afterAll(async () => server?.stop());

async function signedInAdmin(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width, height: 844 },
  });
  const page = await context.newPage();
  const login = await signInStaff(page.request, ADMIN_EMAIL, ADMIN_PASSWORD);
  expect(login.status(), await login.text()).toBe(200);
  return page;
}

const HEADER =
  'name,player,year,set,number,sport,team,grader,grade,cert,FMV,store price,image URLs';

test('staff run a dry-run import and see each bad row by line and column; nothing is written', async ({
  browser,
}) => {
  const page = await signedInAdmin(browser);
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Staff console' });
  await nav.getByRole('link', { name: 'Inventory' }).click();
  await expect(page).toHaveURL(/\/admin\/inventory$/);
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  await expect(page.getByText('No card matches these filters.')).toBeVisible();

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import cards from CSV' });
  await dialog
    .getByLabel('Or paste the CSV')
    .fill(
      [
        HEADER,
        '2018 Topps Chrome Shohei Ohtani #150,Shohei Ohtani,2018,Topps Chrome,150,Baseball,Angels,PSA,GEM MT 10,81234567,1850,,',
        '1986 Fleer Michael Jordan #57,Michael Jordan,19X6,Fleer,57,Basketball,Bulls,BGS,9.5,,lots,,',
      ].join('\n'),
    );
  await dialog.getByRole('button', { name: 'Check file (dry run)' }).click();
  const issues = dialog.getByTestId('import-issue');
  await expect(issues).toHaveText([
    'Line 3, year: must be a year such as 2018',
    'Line 3, FMV: must be an amount in dollars, such as 25 or 25.50',
  ]);
  await expect(dialog).toContainText('nothing was written');
  await expect(dialog.getByRole('button', { name: /^Import/ })).toBeDisabled();

  // Fixed, the file passes the dry run and imports in one go.
  await dialog
    .getByLabel('Or paste the CSV')
    .fill(
      [
        HEADER,
        '2018 Topps Chrome Shohei Ohtani #150,Shohei Ohtani,2018,Topps Chrome,150,Baseball,Angels,PSA,GEM MT 10,81234567,1850,,',
      ].join('\n'),
    );
  await dialog.getByRole('button', { name: 'Check file (dry run)' }).click();
  await expect(dialog).toContainText('1 row checked, no problems.');
  await dialog.getByRole('button', { name: 'Import 1 cards' }).click();
  await expect(dialog).toContainText('Imported 1 cards.');
  // The dialog's own button, not its corner ✕ (also named Close).
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByTestId('inventory-row')).toHaveCount(1);
  await expect(page.getByTestId('inventory-row')).toContainText('Shohei Ohtani');

  // The import is in the audit log.
  await nav.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByTestId('audit-entry').first()).toContainText('inventory.import');
  await expect(page.getByTestId('audit-entry').first()).toContainText(`By ${ADMIN_EMAIL}`);
});

test('a feature flag switched on the Site page adds its section to the console', async ({
  browser,
}) => {
  const page = await signedInAdmin(browser);
  await page.goto('/admin/site');
  const nav = page.getByRole('navigation', { name: 'Staff console' });
  await expect(nav.getByRole('link', { name: 'Breaks' })).toHaveCount(0);
  await page.getByLabel('Group breaks: off').check();
  await expect(page.getByLabel('Group breaks: on')).toBeChecked();
  await expect(nav.getByRole('link', { name: 'Breaks' })).toBeVisible();
  // A click, then the answer: the switch's name follows the saved state, so the element that
  // was "on" is named "off" once the server has answered.
  await page.getByLabel('Group breaks: on').click();
  await expect(page.getByLabel('Group breaks: off')).not.toBeChecked();
  await expect(nav.getByRole('link', { name: 'Breaks' })).toHaveCount(0);
});

test('the console fits a 390 px phone without sideways scrolling', async ({ browser }) => {
  const page = await signedInAdmin(browser, 390);
  // A card with a long name, so the inventory shows its table rather than the empty state.
  const session = await page.request.get('/api/auth/current');
  const csrf = ((await session.json()) as { csrfToken: string }).csrfToken;
  const imported = await page.request.post('/api/admin/inventory/import', {
    headers: { 'x-csrf-token': csrf },
    data: {
      dryRun: false,
      csv: `${HEADER}\n2021 Sword & Shield Evolving Skies Umbreon VMAX Alternate Art Secret #215/203,Umbreon VMAX,2021,Evolving Skies,215,Pokemon,,PSA,GEM MT 10,99887766,1250,1399.99,`,
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  for (const path of ['/admin', '/admin/inventory', '/admin/site', '/admin/audit']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const tooWide = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(tooWide, path).toBe(false);
  }
});
