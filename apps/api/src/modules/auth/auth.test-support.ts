import { expect } from 'vitest';
import type { SignedInResponse } from '@grail/contract';
import type { TestApp } from '../../../test/helpers.js';

export const STRONG_PASSWORD = 'Velvet-otter-grail-93!';

let counter = 0;
/** A unique, valid sign-up body. */
export function newAccount(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    email: `Collector.${tag}@Example.com`,
    username: `collector_${tag}`,
    password: STRONG_PASSWORD,
    acceptTerms: true,
    ...overrides,
  };
}

/** Parsed Set-Cookie headers of a response, by cookie name. */
export function cookiesOf<C extends { name: string }>(res: { cookies: C[] }): Record<string, C> {
  return Object.fromEntries(res.cookies.map((c) => [c.name, c]));
}

export async function register(t: TestApp, body = newAccount(), ip?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: body,
    ...(ip ? { remoteAddress: ip } : {}),
  });
  return { res, body, data: res.json() as SignedInResponse };
}

export async function signUp(t: TestApp, overrides: Record<string, unknown> = {}) {
  const { res, body, data } = await register(t, newAccount(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return { ...data, body, headers: bearer(data) };
}

export const bearer = (s: { token: string; csrfToken: string }) => ({
  authorization: `Bearer ${s.token}`,
  'x-csrf-token': s.csrfToken,
});

export async function login(t: TestApp, email: string, password: string, ip?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    ...(ip ? { remoteAddress: ip } : {}),
  });
}

/** The newest outbox mail to `to`, and the first link in it. */
export async function lastMailTo(t: TestApp, to: string) {
  const mail = await t.app.services.mail.outbox();
  const found = mail.find((m) => m.to.toLowerCase() === to.toLowerCase());
  if (!found) throw new Error(`no mail to ${to}`);
  return { mail: found, link: found.links[0]! };
}

export const tokenFromLink = (link: string) =>
  new URL(link).searchParams.get('token') ?? link.split('/reset-password/')[1]!;
