import { expect, test, type Page } from '@playwright/test';
import { createHmac, randomBytes } from 'node:crypto';
import { COLLECTOR_PASSWORD, signUpBuyer } from './support/users';
import { mailLink } from './support/mail';
import { toast } from './support/toast';

/** RFC 4648 base32 → bytes. */
function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), `stepOffset` steps from now. */
function totp(secret: string, stepOffset = 0): string {
  const step = Math.floor(Date.now() / 30_000) + stepOffset;
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(COLLECTOR_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged out successfully.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('signupPromptDismissed', 'true'));
});

test('sign up, verify, complete the profile, sign out and in, turn on TOTP, sign in with it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tag = randomBytes(4).toString('hex');
  const email = `collector-${tag}@example.com`;

  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Username').fill(`collector_${tag}`);
  await page.getByLabel('Password', { exact: true }).fill(COLLECTOR_PASSWORD);
  await page.getByLabel('Confirm password').fill(COLLECTOR_PASSWORD);
  await page.getByRole('checkbox', { name: /I am 18 or older/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/complete-profile$/);
  await expect(page.getByText(`We sent a link to ${email}`)).toBeVisible();

  // The verification link from the outbox.
  const verify = await mailLink(page.request, email, /\/auth\/callback\?token=/);
  await page.goto(verify.pathname + verify.search);
  await expect(page.getByText('Your email is verified. Thank you!')).toBeVisible();
  await page.getByRole('link', { name: 'Complete your profile' }).click();

  // A date of birth under 18 is refused on its field; then the real one.
  await page.getByLabel('Display name').fill('Casey Collector');
  await page.getByLabel('Full name').fill('Casey Collector');
  await page.getByLabel(/^Address/).fill('1 Card Street');
  await page.getByLabel('City').fill('Portland');
  await page.getByLabel('State / region').fill('OR');
  await page.getByLabel('Postal code').fill('97201');
  await page.getByLabel('Country').fill('US');
  await page.getByRole('option', { name: 'United States' }).click();
  await page.getByRole('checkbox', { name: /I am 18 or older/ }).check();
  const tooYoung = new Date();
  tooYoung.setUTCFullYear(tooYoung.getUTCFullYear() - 16);
  await page.getByLabel('Date of birth').fill(tooYoung.toISOString().slice(0, 10));
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('You must be 18 or older to use this site.')).toBeVisible();
  await page.getByLabel('Date of birth').fill('1990-04-12');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByText('Complete', { exact: true })).toBeVisible();

  await signOut(page);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Two-factor: the key on the page gives the codes.
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await page.getByRole('link', { name: 'Turn on two-factor' }).click();
  await expect(page).toHaveURL(/\/totp-setup$/);
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Code').fill(totp(secret));
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  await expect(page.getByText('Two-factor sign-in is on.')).toBeVisible();
  await expect(page.getByTestId('recovery-codes').locator('span')).toHaveCount(10);
  await page.getByRole('link', { name: 'Done' }).click();
  await expect(page).toHaveURL(/tab=settings/);
  await expect(page.getByRole('button', { name: 'Turn off two-factor' })).toBeVisible();

  await signOut(page);
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  // The code of the next 30 s step: the one used to turn it on cannot be used again.
  await page.getByLabel('Authentication code').fill(totp(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('a session ended elsewhere while on /dashboard lands on /login?error=session_expired', async ({
  page,
  browser,
}) => {
  const { email } = await signUpBuyer(page.request);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // Another device signs in and signs this one out.
  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const signedIn = await other.request.post('/api/auth/login', {
    data: { email, password: COLLECTOR_PASSWORD },
  });
  expect(signedIn.status()).toBe(200);
  const { csrfToken } = await signedIn.json();
  const { sessions } = await (await other.request.get('/api/users/me/sessions')).json();
  const first = (sessions as { _id: string; current: boolean }[]).find((s) => !s.current)!;
  const revoked = await other.request.delete(`/api/users/me/sessions/${first._id}`, {
    headers: { 'x-csrf-token': csrfToken },
  });
  expect(revoked.status()).toBe(200);
  await other.close();

  // The header already holds the wallet; the orders tab asks the server afresh.
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Orders' })
    .click();
  await expect(page).toHaveURL(/\/login\?.*error=session_expired/);
  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
});
