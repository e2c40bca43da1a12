import sharp from 'sharp';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { AdminSubmission, CreateSubmissionBody, Submission } from '@grail/contract';
import type { TestApp } from '../../../test/helpers.js';
import type { TestUser } from '../../../test/users.js';

let photo: Buffer | undefined;
/** A small real JPEG: what a phone camera would send, only smaller. */
export async function slabPhoto(): Promise<Buffer> {
  photo ??= await sharp({
    create: { width: 50, height: 70, channels: 3, background: '#204060' },
  })
    .jpeg()
    .toBuffer();
  return photo;
}

/** A multipart body with one file in `field`. */
export function multipart(field: string, name: string, contentType: string, bytes: Buffer) {
  const boundary = '----grail-sell-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function uploadPhoto(t: TestApp, user: TestUser): Promise<string> {
  const body = multipart('photo', 'front.jpg', 'image/jpeg', await slabPhoto());
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/submissions/photos',
    payload: body.payload,
    headers: { ...user.headers, ...body.headers },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { imageId: string }).imageId;
}

let cert = 70_000_000;
/** One described slab with its two uploaded photos. */
export async function cardInput(
  t: TestApp,
  user: TestUser,
  overrides: Partial<CreateSubmissionBody['cards'][number]> = {},
) {
  const [front, back] = [await uploadPhoto(t, user), await uploadPhoto(t, user)];
  cert += 1;
  return {
    grader: 'PSA' as const,
    certNumber: String(cert),
    year: 2018,
    setName: 'Panini Prizm',
    player: 'Luka Doncic',
    cardNumber: '280',
    grade: 'GEM MT 10',
    askingPrice: 450,
    frontImageId: front,
    backImageId: back,
    ...overrides,
  };
}

export async function submit(
  t: TestApp,
  user: TestUser,
  body: Partial<CreateSubmissionBody> & { cardCount?: number } = {},
): Promise<Submission> {
  const { cardCount = 2, ...rest } = body;
  const cards =
    rest.cards ?? (await Promise.all(Array.from({ length: cardCount }, () => cardInput(t, user))));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/submissions',
    headers: user.headers,
    payload: { payout: { method: 'store_credit' }, ...rest, cards },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { submission: Submission }).submission;
}

/** A staff command on a submission; answers the response (status checked by the caller). */
export function staffPost(
  t: TestApp,
  admin: TestUser,
  id: string,
  action: string,
  payload: object = {},
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/submissions/${id}/${action}`,
    headers: { ...admin.headers, ...headers },
    payload,
  });
}

export async function staffOk(
  t: TestApp,
  admin: TestUser,
  id: string,
  action: string,
  payload: object = {},
): Promise<AdminSubmission> {
  const headers: Record<string, string> =
    action === 'pay' ? { 'idempotency-key': randomUUID() } : {};
  const res = await staffPost(t, admin, id, action, payload, headers);
  expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
  return (res.json() as { submission: AdminSubmission }).submission;
}

export function collectorPost(
  t: TestApp,
  user: TestUser,
  id: string,
  action: string,
  payload: object = {},
  method: 'POST' | 'PUT' = 'POST',
) {
  return t.app.inject({
    method,
    url: `/api/submissions/${id}/${action}`,
    headers: user.headers,
    payload,
  });
}

/** Offers `dollars[i]` for card i. */
export const offerBody = (s: { cards: { _id: string }[] }, dollars: number[], note?: string) => ({
  cards: s.cards.map((c, i) => ({ cardId: c._id, offer: dollars[i] ?? 1, note: null })),
  note: note ?? null,
});
