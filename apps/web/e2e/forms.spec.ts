import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';
import { startServer, type RunningServer } from './support/server';
import { signInStaff, signUpBuyer } from './support/users';
import { csrfOf, topUp } from './support/wallet';

/**
 * Every form a collector or staff member submits (the sign-in, sign-up, forgot-password and
 * profile forms are in collector.spec.ts), submitted empty and then with malformed values: each
 * time the form names what is wrong in the product's words, and sends nothing while it is wrong.
 * Where only the server can tell (a reset link, a two-factor code, a password), its answer is
 * shown in plain words too.
 */

/** A validator's or a program's words, never the product's. */
const DEVELOPER_WORDS =
  /Invalid (input|body)|expected|received|\bNaN\b|\bundefined\b|\bnull\b|must not be empty|must be a number|must have at most/;

const ADMIN_EMAIL = 'forms-admin@example.com';
const ADMIN_PASSWORD = 'Forms-admin-e2e-2026!';
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAoAAAAOCAIAAACZwRr8AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAFUlEQVQYlWPQ8q3CgxhGpX0HWbAAAJRfg82OSmO/AAAAAElFTkSuQmCC',
  'base64',
);
const REQUIRED = 'This field is required.';
const ADDRESS_FIELDS = [/^Full name/, /^Address/, /^City/, /^State \/ region/, /^Postal code/];

interface Step {
  /** Types the step's values into the form (the empty step clears what is prefilled). */
  fill?: (form: Locator) => Promise<void>;
  /** Every message the form then shows, once per field that shows it. */
  messages: string[];
}

interface FormCase {
  name: string;
  /** Opens the form on a signed-in page; answers the part of the page that holds it. */
  open: (page: Page) => Promise<Locator>;
  /** The button that submits it. */
  submit: string | RegExp;
  /** The request the form sends when its values are right: method and path. */
  sends: [string, RegExp];
  empty: Step;
  malformed: Step;
  /** An empty field is an answer here ('no limit'): the empty submit is sent and saved. */
  emptyIsAnAnswer?: true;
  /** Values only the server can judge, and its refusal in plain words. */
  server?: Step;
}

/** A browser context on this server, signed out until its requests sign in. */
async function contextOn(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(() => sessionStorage.setItem('signupPromptDismissed', 'true'));
  return context;
}

async function clearAddress(form: Locator) {
  for (const label of ADDRESS_FIELDS) await form.getByLabel(label).fill('');
}

async function fillAddress(
  form: Locator,
  address: { state: string; postalCode: string; country?: [string, string] },
) {
  await form.getByLabel(/^Full name/).fill('Casey Collector');
  await form.getByLabel(/^Address/).fill('1 Card Street');
  await form.getByLabel(/^City/).fill('Portland');
  await form.getByLabel(/^State \/ region/).fill(address.state);
  await form.getByLabel(/^Postal code/).fill(address.postalCode);
  if (address.country) {
    const [typed, name] = address.country;
    await form.getByLabel(/^Country/).fill(typed);
    await form.page().getByRole('option', { name }).click();
  }
}

/** Submits the form and checks its messages, the page's words and what was sent. */
async function submitAndRead(page: Page, form: Locator, formCase: FormCase, step: Step) {
  await step.fill?.(form);
  await form
    .getByRole('button', { name: formCase.submit, exact: typeof formCase.submit === 'string' })
    .click();
  const counts = new Map<string, number>();
  for (const message of step.messages) counts.set(message, (counts.get(message) ?? 0) + 1);
  for (const [message, count] of counts) {
    await expect(form.getByText(message)).toHaveCount(count);
    await expect(form.getByText(message).first()).toBeVisible();
  }
  await expect(page.locator('body')).not.toContainText(DEVELOPER_WORDS);
}

/** Runs a form's empty, malformed and server steps, counting the requests it sends. */
async function checkForm(page: Page, formCase: FormCase) {
  const [method, path] = formCase.sends;
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === method && path.test(new URL(r.url()).pathname)) sent.push(r.url());
  });
  const form = await formCase.open(page);

  await submitAndRead(page, form, formCase, formCase.empty);
  const sentWhenEmpty = formCase.emptyIsAnAnswer ? 1 : 0;
  expect(sent, `${formCase.name}: sent on the empty submit`).toHaveLength(sentWhenEmpty);

  await submitAndRead(page, form, formCase, formCase.malformed);
  expect(sent, `${formCase.name}: sent with malformed values`).toHaveLength(sentWhenEmpty);

  if (formCase.server) {
    await submitAndRead(page, form, formCase, formCase.server);
    expect(sent, `${formCase.name}: the server's answer`).toHaveLength(sentWhenEmpty + 1);
  }
}

// The staff forms need a server of their own (an administrator created at start, no demo data):
// it starts while the collector's forms are checked.
let staffServer: Promise<RunningServer> | undefined;
test.beforeAll(() => {
  staffServer = startServer({ ADMIN_EMAIL, ADMIN_PASSWORD });
  // Awaited (and its failure reported) by the staff's own set-up.
  staffServer.catch(() => undefined);
});
test.afterAll(async () => (await staffServer?.catch(() => undefined))?.stop());

test.describe('a collector', () => {
  const fixtures = { product: '', pullCard: '' };
  // One signed-in context for every form: its pages share the app's code in the browser's cache.
  let context: BrowserContext;

  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    context = await contextOn(browser, baseURL!);
    const collector = context.request;
    await signUpBuyer(collector);
    await topUp(collector, 600);
    // A cheap card the wallet covers; other specs buy the newest ones.
    const store = await collector.get('/api/products/store-items?sort=storePrice&order=asc');
    const { products } = (await store.json()) as { products: { _id: string }[] };
    fixtures.product = products[2]!._id;
    const { caseId } = (await (await collector.get('/api/grail-cases/active')).json()) as {
      caseId: string;
    };
    const pack = await collector.post(`/api/grail-cases/${caseId}/packs`, {
      data: {},
      headers: {
        'x-csrf-token': await csrfOf(collector),
        'idempotency-key': `forms-${randomBytes(6).toString('hex')}`,
      },
    });
    expect(pack.status(), await pack.text()).toBe(201);
    fixtures.pullCard = (
      (await pack.json()) as { pull: { card: { name: string } } }
    ).pull.card.name;
  });

  const FORMS: FormCase[] = [
    {
      name: 'reset password',
      open: async (page) => {
        await page.goto('/reset-password?token=not-a-mailed-link');
        return page.locator('form');
      },
      submit: 'Save new password',
      sends: ['POST', /^\/api\/auth\/reset-password$/],
      empty: { messages: ['Password must be at least 8 characters', 'Confirm your password'] },
      malformed: {
        fill: async (form) => {
          await form.getByLabel('New password', { exact: true }).fill('short');
          await form.getByLabel('Confirm new password').fill('shorter');
        },
        messages: ['Password must be at least 8 characters', 'The passwords do not match'],
      },
      server: {
        fill: async (form) => {
          await form.getByLabel('New password', { exact: true }).fill('Grail-reset-e2e-2026!');
          await form.getByLabel('Confirm new password').fill('Grail-reset-e2e-2026!');
        },
        messages: ['This reset link is invalid or has expired.'],
      },
    },
    {
      name: 'change password',
      open: async (page) => {
        await page.goto('/dashboard?tab=settings');
        const form = page
          .locator('form')
          .filter({ has: page.getByRole('button', { name: 'Change password' }) });
        await form.waitFor({ timeout: COLD_PAGE_TIMEOUT_MS });
        return form;
      },
      submit: 'Change password',
      sends: ['PUT', /^\/api\/users\/me\/password$/],
      empty: {
        messages: ['Enter your current password', 'Password must be at least 8 characters'],
      },
      malformed: {
        fill: async (form) => {
          await form.getByLabel('Current password').fill('x');
          await form.getByLabel('New password').fill('short');
        },
        messages: ['Password must be at least 8 characters'],
      },
      server: {
        fill: async (form) => {
          await form.getByLabel('Current password').fill('Not-my-password-2026!');
          await form.getByLabel('New password').fill('Grail-changed-e2e-2026!');
        },
        messages: ['Your current password is not right.'],
      },
    },
    {
      name: 'two-factor set-up code',
      open: async (page) => {
        await page.goto('/totp-setup');
        await expect(page.getByTestId('totp-secret')).toBeVisible({
          timeout: COLD_PAGE_TIMEOUT_MS,
        });
        return page.locator('form');
      },
      submit: 'Turn on two-factor',
      sends: ['POST', /^\/api\/auth\/totp\/enable$/],
      empty: { messages: ['Enter the 6-digit code from your authenticator app'] },
      malformed: {
        fill: (form) => form.getByLabel('Code').fill('12ab56'),
        messages: ['Enter the 6-digit code from your authenticator app'],
      },
      server: {
        fill: (form) => form.getByLabel('Code').fill('000000'),
        messages: ['That code is not right. Check your authenticator app and try again.'],
      },
    },
    {
      name: 'checkout address',
      open: async (page) => {
        await page.goto(`/checkout?buy=${fixtures.product}`);
        await expect(page.getByRole('button', { name: /^Place order/ })).toBeEnabled({
          timeout: COLD_PAGE_TIMEOUT_MS,
        });
        return page.locator('main');
      },
      submit: /^Place order/,
      sends: ['POST', /^\/api\/orders$/],
      empty: { fill: clearAddress, messages: Array(ADDRESS_FIELDS.length).fill(REQUIRED) },
      malformed: {
        fill: (form) => fillAddress(form, { state: 'Oregon', postalCode: 'ABC' }),
        messages: [
          'Enter the 2-letter state code, such as OR or NY.',
          'Enter a 5-digit ZIP code, such as 97201 or 97201-1234.',
        ],
      },
    },
    {
      name: 'wallet top-up',
      open: async (page) => {
        await page.goto('/dashboard?tab=wallet');
        const form = page.locator('form').filter({ has: page.getByLabel('Amount') });
        await form.waitFor({ timeout: COLD_PAGE_TIMEOUT_MS });
        return form;
      },
      submit: 'Add funds',
      sends: ['POST', /^\/api\/wallet\/top-ups$/],
      empty: {
        fill: (form) => form.getByLabel('Amount').fill(''),
        messages: ['Enter an amount from $5.00 to $10,000.00.'],
      },
      malformed: {
        fill: (form) => form.getByLabel('Amount').fill('fifty'),
        messages: ['Enter an amount from $5.00 to $10,000.00.'],
      },
    },
    {
      name: 'sell your cards: the cards',
      open: async (page) => {
        await page.goto('/sell-cards');
        const form = page.getByRole('form', { name: 'Sell your cards' });
        await form.waitFor({ timeout: COLD_PAGE_TIMEOUT_MS });
        return form;
      },
      submit: 'Continue to payout',
      sends: ['POST', /^\/api\/submissions$/],
      empty: {
        messages: [
          'Enter the cert number',
          'Enter the 4-digit year',
          'Enter the set',
          'Enter the player',
          'Enter the card number',
          'Enter the grade',
          'Add a photo of the front',
          'Add a photo of the back',
        ],
      },
      malformed: {
        fill: async (form) => {
          await form.getByLabel('Cert number of card 1').fill('12345');
          await form.getByLabel('Year of card 1').fill('19X6');
          await form.getByLabel('Asking price of card 1').fill('a lot');
        },
        messages: [
          'A PSA cert number is 7 to 10 digits.',
          'Enter the 4-digit year',
          'Enter an amount like 125.00, or leave it empty',
        ],
      },
    },
    {
      name: 'sell your cards: the payout',
      open: async (page) => {
        await page.goto('/sell-cards');
        const form = page.getByRole('form', { name: 'Sell your cards' });
        await form.getByLabel('Cert number of card 1').fill('81234567');
        await form.getByLabel('Year of card 1').fill('2018');
        await form.getByLabel('Set of card 1').fill('Panini Prizm');
        await form.getByLabel('Player of card 1').fill('Luka Doncic');
        await form.getByLabel('Card number of card 1').fill('280');
        await form.getByLabel('Grade of card 1').fill('GEM MT 10');
        for (const side of ['Front', 'Back']) {
          await form.getByLabel(`${side} photo of card 1`).setInputFiles({
            name: `${side.toLowerCase()}.png`,
            mimeType: 'image/png',
            buffer: PHOTO,
          });
          await expect(form.getByRole('img', { name: `${side} of card 1` })).toBeVisible();
        }
        await form.getByRole('button', { name: 'Continue to payout' }).click();
        await form.getByRole('radio', { name: /Bank transfer/ }).check();
        return form;
      },
      submit: 'Review',
      sends: ['POST', /^\/api\/submissions$/],
      empty: {
        messages: [
          'Enter the account holder',
          'A routing number is 9 digits',
          'An account number is 4 to 17 digits',
        ],
      },
      malformed: {
        fill: async (form) => {
          await form.getByLabel('Account holder').fill('Casey Collector');
          await form.getByLabel('Routing number').fill('12345');
          await form.getByLabel('Account number').fill('12');
        },
        messages: ['A routing number is 9 digits', 'An account number is 4 to 17 digits'],
      },
    },
    {
      name: 'responsible-play limits',
      open: async (page) => {
        await page.goto('/dashboard?tab=limits');
        const form = page.getByRole('region', { name: 'Spending limits' });
        await form.waitFor({ timeout: COLD_PAGE_TIMEOUT_MS });
        return form;
      },
      submit: 'Save spending limits',
      sends: ['PUT', /^\/api\/limits\/spending$/],
      emptyIsAnAnswer: true,
      empty: {
        messages: ['Saved. Any increase or removal applies after 24 hours, as shown above.'],
      },
      malformed: {
        fill: (form) => form.getByLabel('Per 24 hours').fill('ten dollars'),
        messages: [
          'Enter whole dollars and cents from $1 for the 24 hours limit, or leave it empty.',
        ],
      },
    },
    {
      name: 'pull claim address',
      open: async (page) => {
        await page.goto('/dashboard?tab=pulls');
        const row = page.getByTestId('pull-row').filter({ hasText: fixtures.pullCard }).first();
        await row.getByRole('button', { name: 'Claim & Ship' }).click({
          timeout: COLD_PAGE_TIMEOUT_MS,
        });
        const dialog = page.getByRole('dialog', { name: `Ship ${fixtures.pullCard}?` });
        await dialog.getByRole('button', { name: 'Change address' }).click();
        return dialog;
      },
      // With its fee when the card is under the free-shipping value: 'Ship it here for $5.00'.
      submit: /^Ship it here( for \$[\d,.]+)?$/,
      sends: ['POST', /\/claim$/],
      empty: { fill: clearAddress, messages: Array(ADDRESS_FIELDS.length).fill(REQUIRED) },
      malformed: {
        fill: (form) =>
          fillAddress(form, {
            state: 'London',
            postalCode: 'ABC',
            country: ['GB', 'United Kingdom'],
          }),
        messages: ['Enter a postcode such as SW1A 1AA.'],
      },
    },
  ];

  test.afterAll(async () => context?.close());

  for (const formCase of FORMS) {
    test(`the ${formCase.name} form says what is wrong in plain words`, async () => {
      const page = await context.newPage();
      await checkForm(page, formCase);
      await page.close();
    });
  }
});

test.describe('staff', () => {
  let context: BrowserContext;
  const CARD_NAME = '2018 Panini Prizm Luka Doncic #280';
  const fixtures = { collectorId: '' };

  test.beforeAll(async ({ browser, playwright }) => {
    test.setTimeout(150_000);
    const server = await staffServer!;
    context = await contextOn(browser, server.baseURL);
    const admin = context.request;
    const login = await signInStaff(admin, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(login.status(), await login.text()).toBe(200);

    // A card for sale, and a collector who buys it: the inventory, a wallet and a box to ship.
    const imported = await admin.post('/api/admin/inventory/import', {
      headers: { 'x-csrf-token': await csrfOf(admin) },
      data: {
        dryRun: false,
        csv: [
          'name,player,year,set,number,sport,team,grader,grade,cert,FMV,store price,image URLs',
          `${CARD_NAME},Luka Doncic,2018,Panini Prizm,280,Basketball,Mavericks,PSA,GEM MT 10,81234567,350,399,`,
        ].join('\n'),
      },
    });
    expect(imported.status(), await imported.text()).toBe(200);
    const { cards } = (await (await admin.get('/api/admin/inventory')).json()) as {
      cards: { cardId: string }[];
    };

    const buyer = await playwright.request.newContext({ baseURL: server.baseURL });
    await signUpBuyer(buyer);
    await topUp(buyer, 400);
    const order = await buyer.post('/api/orders', {
      data: { items: [cards[0]!.cardId] },
      headers: {
        'x-csrf-token': await csrfOf(buyer),
        'idempotency-key': randomBytes(8).toString('hex'),
      },
    });
    expect(order.status(), await order.text()).toBe(201);
    fixtures.collectorId = (
      (await (await buyer.get('/api/auth/current')).json()) as {
        user: { _id: string };
      }
    ).user._id;
    await buyer.dispose();
  });
  test.afterAll(async () => context?.close());

  const FORMS: FormCase[] = [
    {
      name: 'inventory edit',
      open: async (page) => {
        await page.goto('/admin/inventory');
        await page
          .getByRole('button', { name: `Edit ${CARD_NAME}` })
          .click({ timeout: COLD_PAGE_TIMEOUT_MS });
        return page.getByRole('dialog', { name: 'Edit card' });
      },
      submit: 'Save',
      sends: ['PATCH', /^\/api\/admin\/inventory\//],
      empty: {
        fill: async (form) => {
          for (const label of ['Name', 'Player', 'Set']) {
            await form.getByLabel(label, { exact: true }).fill('');
          }
        },
        messages: ['Enter the card name.', 'Enter the player.', 'Enter the set.'],
      },
      malformed: {
        fill: async (form) => {
          await form.getByLabel('Name', { exact: true }).fill(CARD_NAME);
          await form.getByLabel('Player', { exact: true }).fill('Luka Doncic');
          await form.getByLabel('Set', { exact: true }).fill('Panini Prizm');
          await form.getByLabel('Year').fill('1850');
          await form.getByLabel('FMV ($)').fill('12.345');
          await form.getByLabel(/^Store price/).fill('0');
        },
        messages: [
          'Enter a year from 1900 to 2100.',
          'Enter the FMV in dollars, such as 25 or 25.50.',
          'Enter a price in dollars, such as 25 or 25.50, or leave it empty.',
        ],
      },
    },
    {
      name: 'wallet adjustment',
      open: async (page) => {
        await page.goto(`/admin/users/${fixtures.collectorId}`);
        const form = page.getByRole('region', { name: 'Wallet' });
        await form.waitFor({ timeout: COLD_PAGE_TIMEOUT_MS });
        return form;
      },
      submit: 'Adjust wallet',
      sends: ['POST', /\/wallet-adjustments$/],
      empty: { messages: ['Enter an amount.', 'Say why, in at least 3 characters.'] },
      malformed: {
        fill: async (form) => {
          await form.getByLabel('Amount (USD, negative to take)').fill('ten');
          await form.getByLabel('Reason').fill('ok');
        },
        messages: [
          'Enter an amount in dollars, such as 25 or -10.50.',
          'Say why, in at least 3 characters.',
        ],
      },
    },
    {
      name: 'mark shipped',
      open: async (page) => {
        await page.goto('/admin/shipping');
        // The store order ships as a box from the collector's vault.
        const item = page.getByTestId('vault-box').filter({ hasText: CARD_NAME });
        await item.waitFor({ timeout: COLD_PAGE_TIMEOUT_MS });
        return item;
      },
      submit: 'Mark shipped',
      sends: ['POST', /\/ship$/],
      empty: { messages: ['A tracking number is at least 4 characters'] },
      malformed: {
        fill: (form) => form.getByLabel('Tracking number').fill('1Z 999!'),
        messages: ['A tracking number has letters, digits or dashes'],
      },
    },
  ];

  for (const formCase of FORMS) {
    test(`the ${formCase.name} form says what is wrong in plain words`, async () => {
      const page = await context.newPage();
      await checkForm(page, formCase);
      await page.close();
    });
  }
});
