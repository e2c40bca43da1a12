import { expect, type APIRequestContext } from '@playwright/test';

/** The CSRF token of the request context's session (the cookie the web app reads it from). */
export const csrfOf = async (request: APIRequestContext) =>
  (await request.storageState()).cookies.find((c) => c.name === 'csrf-token')?.value ?? '';

/** Pays a sandbox top-up of `amount` dollars into the signed-in collector's wallet. */
export async function topUp(request: APIRequestContext, amount: number) {
  const headers = { 'x-csrf-token': await csrfOf(request) };
  const started = await request.post('/api/wallet/top-ups', { data: { amount }, headers });
  expect(started.status(), await started.text()).toBe(201);
  const checkoutId = ((await started.json()) as { checkoutUrl: string }).checkoutUrl
    .split('/')
    .pop()!;
  const paid = await request.post(`/api/payments/sandbox/${checkoutId}/confirm`, { headers });
  expect(paid.status(), await paid.text()).toBe(200);
}
