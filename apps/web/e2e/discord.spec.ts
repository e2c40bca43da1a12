import { expect, test } from '@playwright/test';
import {
  FAKE_BOT_TOKEN,
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  startFakeDiscordApi,
  type FakeDiscordApi,
} from '../../api/test/fakes/fake-discord-api';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';
import { startServer, type RunningServer } from './support/server';
import { signUpBuyer } from './support/users';

test('with DISCORD_INTEGRATION off there is no Discord card and its API is a 404', async ({
  page,
}) => {
  await signUpBuyer(page.request);
  await page.goto('/dashboard?tab=settings');
  await expect(page.getByText('Where you are signed in')).toBeVisible({
    timeout: COLD_PAGE_TIMEOUT_MS,
  });
  await expect(page.getByRole('button', { name: 'Link Discord' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Discord' })).toHaveCount(0);
  expect((await page.request.get('/api/discord')).status()).toBe(404);
});

test.describe('with DISCORD_INTEGRATION on', () => {
  let server: RunningServer;
  let fake: FakeDiscordApi;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    fake = await startFakeDiscordApi();
    server = await startServer({
      DISCORD_INTEGRATION: 'true',
      DISCORD_API_BASE_URL: fake.baseUrl,
      DISCORD_CLIENT_ID: FAKE_CLIENT_ID,
      DISCORD_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      DISCORD_BOT_TOKEN: FAKE_BOT_TOKEN,
      DISCORD_GUILD_ID: '1300000000000000001',
      DISCORD_COLLECTOR_ROLE_ID: '1400000000000000001',
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  test('a collector links Discord from the dashboard and lands on /discord-grail-success (390 px)', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({
      baseURL: server.baseURL,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await signUpBuyer(page.request);
    await page.goto('/dashboard?tab=settings');
    const link = page.getByRole('button', { name: 'Link Discord' });
    await expect(link).toBeVisible({ timeout: COLD_PAGE_TIMEOUT_MS });
    await page.screenshot({ path: test.info().outputPath('settings-discord.png'), fullPage: true });

    // Discord's authorize page is not visited: the test plays Discord and sends the browser back.
    let authorize = '';
    await page.route('https://discord.com/**', async (route) => {
      authorize = route.request().url();
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<p>Discord</p>' });
    });
    await link.click();
    await expect.poll(() => authorize).toContain('scope=identify+guilds.join');
    // The played authorize page has loaded, so the callback below is the only navigation.
    await page.waitForURL('https://discord.com/**');
    const state = new URL(authorize).searchParams.get('state')!;
    fake.codes.set('e2e-code', { id: '3000000000000000009', username: 'e2e_casey' });
    await page.goto(`/api/discord/callback?code=e2e-code&state=${encodeURIComponent(state)}`);

    await expect(page).toHaveURL(/\/discord-grail-success$/);
    await expect(page.getByRole('heading', { name: 'Discord linked' })).toBeVisible({
      timeout: COLD_PAGE_TIMEOUT_MS,
    });
    await expect(page.getByText('e2e_casey')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join our Discord server' })).toHaveAttribute(
      'href',
      'https://discord.com/channels/1300000000000000001',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.screenshot({ path: test.info().outputPath('discord-success.png'), fullPage: true });

    await page.goto('/dashboard?tab=settings');
    await page.getByRole('button', { name: 'Unlink Discord' }).click();
    await expect(page.getByRole('button', { name: 'Link Discord' })).toBeVisible();
    await context.close();
  });
});
