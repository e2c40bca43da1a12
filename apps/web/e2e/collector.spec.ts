import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';
import { COLLECTOR_PASSWORD, signUpBuyer } from './support/users';
import { toast } from './support/toast';
import { csrfOf, topUp } from './support/wallet';

/** Buys one pack of the live case through the API; answers the pull. */
async function buyPack(request: APIRequestContext) {
  const { caseId } = (await (await request.get('/api/grail-cases/active')).json()) as {
    caseId: string;
  };
  const bought = await request.post(`/api/grail-cases/${caseId}/packs`, {
    data: {},
    headers: {
      'x-csrf-token': await csrfOf(request),
      'idempotency-key': `collector-${randomBytes(6).toString('hex')}`,
    },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  return ((await bought.json()) as { pull: { _id: string; card: { name: string } } }).pull;
}

async function mailLink(request: APIRequestContext, to: string) {
  const outbox = await request.get('/api/dev/mail');
  const mail = ((await outbox.json()).mail as { to: string; links: string[] }[]).find(
    (m) => m.to === to,
  );
  const link = mail?.links.find((l) => /token=/.test(l));
  expect(link, `a verification link mailed to ${to}`).toBeTruthy();
  return new URL(link!);
}

/** Every request the page sends whose path ends like this, to prove a Cancel sent nothing. */
function watch(page: Page, suffix: string) {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith(suffix)) seen.push(r.url());
  });
  return seen;
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('signupPromptDismissed', 'true'));
});

test('selling a pull back asks first, states the amount and that it is final; Cancel sends nothing', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpBuyer(page.request);
  await topUp(page.request, 600);
  const pull = await buyPack(page.request);
  const sellBacks = watch(page, '/sell-back');

  await page.goto('/dashboard?tab=pulls');
  // The header shows what is left in the wallet.
  await expect(page.getByRole('link', { name: /^Wallet balance \$[\d,]+\.\d{2}$/ })).toBeVisible({
    timeout: COLD_PAGE_TIMEOUT_MS,
  });
  const row = page.getByTestId('pull-row').filter({ hasText: pull.card.name });
  const offer = row.getByRole('button', { name: /^Sell back for \$[\d,]+\.\d{2}$/ });
  const amount = (await offer.innerText()).replace('Sell back for ', '');
  await offer.click();
  const dialog = page.getByRole('dialog', { name: 'Sell back this card?' });
  await expect(dialog).toContainText(`${amount} is added to your wallet now`);
  await expect(dialog).toContainText(/\d+% of its fair market value/);
  await expect(dialog).toContainText('This is final');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(sellBacks).toEqual([]);
  await expect(row.getByText('Revealed')).toBeVisible();

  await offer.click();
  await dialog.getByRole('button', { name: `Sell back for ${amount}` }).click();
  await expect(row.getByText(`Sold back for ${amount}`)).toBeVisible();
  expect(sellBacks).toHaveLength(1);
});

test('claiming shows the address it ships to, with a way to change it; Cancel sends nothing', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpBuyer(page.request);
  await topUp(page.request, 600);
  const pull = await buyPack(page.request);
  const claims: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/claim')) claims.push(r.postData() ?? '');
  });

  await page.goto(`/grail-reveal?pull=${pull._id}`);
  await page.getByRole('button', { name: 'Claim & Ship' }).click({ timeout: COLD_PAGE_TIMEOUT_MS });
  const dialog = page.getByRole('dialog', { name: `Ship ${pull.card.name}?` });
  await expect(dialog.getByTestId('claim-address')).toHaveText(
    'Casey Collector, 1 Card Street, Portland, OR 97201, US',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(claims).toEqual([]);

  await page.getByRole('button', { name: 'Claim & Ship' }).click();
  await dialog.getByRole('button', { name: 'Change address' }).click();
  await dialog.getByLabel(/^Address/).fill('9 Other Avenue');
  await dialog.getByLabel('Postal code').fill('ABC');
  await dialog.getByRole('button', { name: 'Ship it here' }).click();
  await expect(
    dialog.getByText('Enter a 5-digit ZIP code, such as 97201 or 97201-1234.'),
  ).toBeVisible();
  expect(claims).toEqual([]);
  await dialog.getByLabel('Postal code').fill('97205');
  await dialog.getByRole('button', { name: 'Ship it here' }).click();
  await expect(page.getByText(/Claimed! We ship it by/)).toBeVisible();
  expect(claims).toHaveLength(1);
  expect(JSON.parse(claims[0]!).shippingAddress).toMatchObject({
    line1: '9 Other Avenue',
    postalCode: '97205',
  });
});

test("a visitor's cart joins the account's at sign-in; a card sold meanwhile is named and dropped", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // The collector's account exists; they browse signed out.
  const account = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const { email } = await signUpBuyer(account.request);
  await account.close();

  const answer = await page.request.get('/api/products/store-items?limit=2');
  const { products } = (await answer.json()) as { products: { _id: string; name: string }[] };
  const [kept, taken] = products as [(typeof products)[0], (typeof products)[0]];
  await page.goto('/store');
  await page.evaluate(
    (ids) => localStorage.setItem('grail-cart', JSON.stringify(ids)),
    [kept._id, taken._id],
  );
  await page.reload();
  await expect(page.getByRole('link', { name: 'Cart, 2 cards' })).toBeVisible({
    timeout: COLD_PAGE_TIMEOUT_MS,
  });

  // Someone else buys one of the two while the visitor browses.
  const rival = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await signUpBuyer(rival.request);
  await topUp(rival.request, 5000);
  const bought = await rival.request.post('/api/orders', {
    data: { items: [taken._id] },
    headers: {
      'x-csrf-token': await csrfOf(rival.request),
      'idempotency-key': `rival-${randomBytes(6).toString('hex')}`,
    },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  await rival.close();

  await page.getByRole('link', { name: 'Login' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(COLLECTOR_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(toast(page, `${taken.name} was sold while you were away`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 card' })).toBeVisible();
  await page.getByRole('link', { name: 'Cart, 1 card' }).click();
  await expect(page.getByText(kept.name).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('grail-cart'))).toBeNull();
});

test('signing up from the checkout returns there after verification and the profile', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = randomBytes(4).toString('hex');
  const email = `return-${tag}@example.com`;
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout$/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register\?redirectTo=%2Fcheckout$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Username').fill(`return_${tag}`);
  await page.getByLabel('Password', { exact: true }).fill(COLLECTOR_PASSWORD);
  await page.getByLabel('Confirm password').fill(COLLECTOR_PASSWORD);
  await page.getByRole('checkbox', { name: /I am 18 or older/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/complete-profile\?redirectTo=%2Fcheckout$/);

  // The verification link carries the checkout and leads back through the profile step.
  const link = await mailLink(page.request, email);
  expect(link.searchParams.get('returnTo')).toBe('/checkout');
  await page.goto(link.pathname + link.search);
  await expect(page.getByText('Your email is verified. Thank you!')).toBeVisible();
  await page.getByRole('link', { name: 'Complete your profile' }).click();
  await expect(page).toHaveURL(/\/complete-profile\?redirectTo=%2Fcheckout$/);

  await page.getByLabel('Display name').fill('Casey Collector');
  await page.getByLabel('Date of birth').fill('1990-04-12');
  await page.getByLabel('Full name').fill('Casey Collector');
  await page.getByLabel(/^Address/).fill('1 Card Street');
  await page.getByLabel('City').fill('Portland');
  await page.getByLabel('State / region').fill('OR');
  await page.getByLabel('Postal code').fill('97201');
  await page.getByRole('checkbox', { name: /I am 18 or older/ }).check();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
});

const VALIDATOR_WORDS = /Invalid input|expected (string|number)|received undefined|Too small/;

test('forms say what is wrong in plain words on an empty and a malformed submit', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click({ timeout: COLD_PAGE_TIMEOUT_MS });
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByText('Enter your password')).toBeVisible();
  await page.getByLabel('Email').fill('casey@');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(VALIDATOR_WORDS);

  await page.goto('/register');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(VALIDATOR_WORDS);
  await page.getByLabel('Username').fill('a b');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Username may only use letters, digits, _ . and -')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(VALIDATOR_WORDS);

  await page.goto('/forgot-password');
  await page.getByRole('button', { name: /Send/ }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(VALIDATOR_WORDS);

  // The profile step: every empty field named, then a US address with a malformed ZIP.
  await signUpBuyer(page.request);
  await page.goto('/complete-profile');
  await page.getByLabel('Display name').fill('');
  await page.getByLabel('Full name').fill('');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Enter your name')).toBeVisible();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText(VALIDATOR_WORDS);
  await page.getByLabel('Display name').fill('Casey');
  await page.getByLabel('Full name').fill('Casey Collector');
  await page.getByLabel('Postal code').fill('ABC');
  await page.getByLabel('State / region').fill('Oregon');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(
    page.getByText('Enter a 5-digit ZIP code, such as 97201 or 97201-1234.'),
  ).toBeVisible();
  await expect(page.getByText('Enter the 2-letter state code, such as OR or NY.')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(VALIDATOR_WORDS);
});
