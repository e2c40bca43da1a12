import { expect, type APIRequestContext } from '@playwright/test';

/** The newest link matching `pattern` mailed to `to`, read from the dev outbox. */
export async function mailLink(request: APIRequestContext, to: string, pattern: RegExp) {
  const outbox = await request.get('/api/dev/mail');
  const mail = ((await outbox.json()).mail as { to: string; links: string[] }[]).find(
    (m) => m.to === to && m.links.some((l) => pattern.test(l)),
  );
  const link = mail?.links.find((l) => pattern.test(l));
  expect(link, `a link matching ${pattern} mailed to ${to}`).toBeTruthy();
  return new URL(link!);
}
