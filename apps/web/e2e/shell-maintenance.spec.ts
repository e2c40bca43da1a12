import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer({ MAINTENANCE_MODE: 'true' });
});
test.afterAll(async () => server?.stop());

test('with maintenance on, only the maintenance page shows and it checks HEAD / every 5 minutes', async ({
  page,
}) => {
  const status = await (await fetch(`${server.baseURL}/api/maintenance/status`)).json();
  expect(status.data.isEnabled).toBe(true);

  await page.clock.install();
  await page.goto(`${server.baseURL}/store`);
  await expect(page.getByRole('heading', { level: 1, name: 'Under Maintenance' })).toBeVisible();
  await expect(page.getByTestId('maintenance-started')).toContainText('Maintenance started');
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);

  const headRequest = page.waitForRequest(
    (request) => request.method() === 'HEAD' && new URL(request.url()).pathname === '/',
  );
  await page.clock.runFor(299_000);
  let sentEarly = false;
  page.on('request', (r) => {
    if (r.method() === 'HEAD') sentEarly = true;
  });
  expect(sentEarly).toBe(false);
  await page.clock.runFor(1_000);
  await headRequest;
  // The site answered, so the page goes to / (still in maintenance, so the page shows again).
  await expect(page).toHaveURL(`${server.baseURL}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Under Maintenance' })).toBeVisible();
});
