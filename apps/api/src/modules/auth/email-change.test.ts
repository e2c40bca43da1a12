import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import {
  EMAIL_CHANGE_ADDRESS_TAKEN,
  EMAIL_CHANGE_LINK_INVALID,
  EMAIL_CHANGED_MESSAGE,
  emailChangeSentMessage,
} from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, enrolTotp, TEST_PASSWORD, type TestUser } from '../../../test/users.js';
import { tokenFromLink } from '../../../test/fixtures/auth.js';
import { auditLog, authTokens, mailOutbox, notifications, users } from '../../db/schema/index.js';

/** Settings' e-mail change: asked with the password, done only by the link mailed to the new address. */
describe(`auth: changing the e-mail address (${testEngine})`, () => {
  let t: TestApp;
  let visitorCsrf: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
    visitorCsrf = (await t.app.inject({ url: '/api/auth/current' })).json().csrfToken as string;
  });
  afterAll(() => t.close());

  let n = 0;
  const freshAddress = () => `moved-${Date.now().toString(36)}-${(n += 1)}@example.com`;
  const ask = (who: TestUser, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/me/email',
      headers: who.headers,
      payload: body,
    });
  /** Opened from the mail by a browser that is not signed in. */
  const open = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email-change',
      cookies: { 'csrf-token': visitorCsrf },
      headers: { 'x-csrf-token': visitorCsrf },
      payload: { token },
    });
  const mailsTo = (to: string) =>
    t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  /** The token of the newest confirmation link mailed to `to`. */
  const linkTo = async (to: string) => {
    const mail = (await t.app.services.mail.outbox()).find((m) => m.to === to);
    expect(mail?.subject).toBe('Confirm your new e-mail address for Grail Machine');
    return tokenFromLink(mail!.links[0]!);
  };
  const emailOf = async (id: string) =>
    (await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!
      .email;
  const noticesOf = (userId: string) =>
    t.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, userId), eq(notifications.kind, 'security.email_changed')),
      );
  const auditsOf = (userId: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, userId), eq(auditLog.action, 'user.email_change')));

  it('changes nothing until the link is opened; then the address, its audit row, one notice and a mail to the old address', async () => {
    const u = await createUser(t);
    const to = freshAddress();
    const res = await ask(u, { newEmail: to, currentPassword: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: emailChangeSentMessage(to) });
    const token = await linkTo(to);
    expect(await emailOf(u.id)).toBe(u.email);
    expect(await noticesOf(u.id)).toHaveLength(0);
    expect(await mailsTo(u.email)).toHaveLength(0);

    const done = await open(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: EMAIL_CHANGED_MESSAGE });
    expect(await emailOf(u.id)).toBe(to);
    expect(await noticesOf(u.id)).toHaveLength(1);
    expect(await auditsOf(u.id)).toMatchObject([
      { actorId: u.id, before: { email: u.email }, after: { email: to } },
    ]);
    const toOld = await mailsTo(u.email);
    expect(toOld.map((m) => m.subject)).toEqual(['Your Grail Machine e-mail address was changed']);
    expect(toOld[0]!.text).toContain(`was changed to ${to}`);
    expect(toOld[0]!.text).toContain('If this was not you');
    // Signing in now takes the new address.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: to, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);

    // Used once: a second opening is refused and changes nothing more.
    const again = await open(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(EMAIL_CHANGE_LINK_INVALID);
    expect(await noticesOf(u.id)).toHaveLength(1);
  });

  it('refuses a wrong password, writing nothing and mailing nobody', async () => {
    const u = await createUser(t);
    const to = freshAddress();
    const res = await ask(u, { newEmail: to, currentPassword: 'not-the-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Your current password is not right.',
      field: 'currentPassword',
    });
    expect(await mailsTo(to)).toHaveLength(0);
    expect(
      await t.database.db.select().from(authTokens).where(eq(authTokens.userId, u.id)),
    ).toHaveLength(0);
  });

  it('with two-factor on, needs a current code', async () => {
    const u = await createUser(t);
    const secret = await enrolTotp(t, u.id);
    const to = freshAddress();
    const without = await ask(u, { newEmail: to, currentPassword: TEST_PASSWORD });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ field: 'totpCode', totpRequired: true });
    const wrong = await ask(u, {
      newEmail: to,
      currentPassword: TEST_PASSWORD,
      totpCode: '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(await mailsTo(to)).toHaveLength(0);
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    const right = await ask(u, { newEmail: to, currentPassword: TEST_PASSWORD, totpCode: code });
    expect(right.statusCode, right.body).toBe(200);
    expect(await mailsTo(to)).toHaveLength(1);
  });

  it('answers a taken address as a free one, sends it no link and tells its owner', async () => {
    const u = await createUser(t);
    const holder = await createUser(t);
    const res = await ask(u, {
      newEmail: holder.email.toUpperCase(),
      currentPassword: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: emailChangeSentMessage(holder.email.toUpperCase()) });
    const toHolder = await mailsTo(holder.email);
    expect(toHolder.map((m) => m.subject)).toEqual([
      'Someone tried to use your address on Grail Machine',
    ]);
    expect(
      await t.database.db
        .select()
        .from(authTokens)
        .where(and(eq(authTokens.userId, u.id), eq(authTokens.purpose, 'change_email'))),
    ).toHaveLength(0);
    expect(await emailOf(u.id)).toBe(u.email);
  });

  it('refuses a tampered or expired link, and a link a newer request replaced', async () => {
    const u = await createUser(t);
    const first = freshAddress();
    await ask(u, { newEmail: first, currentPassword: TEST_PASSWORD });
    const firstToken = await linkTo(first);
    const tampered = await open(`${firstToken.slice(0, -2)}xx`);
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toBe(EMAIL_CHANGE_LINK_INVALID);

    const second = freshAddress();
    await ask(u, { newEmail: second, currentPassword: TEST_PASSWORD });
    const replaced = await open(firstToken);
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json().message).toBe(EMAIL_CHANGE_LINK_INVALID);

    const secondToken = await linkTo(second);
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(authTokens.userId, u.id), eq(authTokens.purpose, 'change_email')));
    const expired = await open(secondToken);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(EMAIL_CHANGE_LINK_INVALID);
    expect(await emailOf(u.id)).toBe(u.email);
    expect(await noticesOf(u.id)).toHaveLength(0);
  });

  it('refuses the link when another account took the address meanwhile (409), changing nothing', async () => {
    const u = await createUser(t);
    const to = freshAddress();
    await ask(u, { newEmail: to, currentPassword: TEST_PASSWORD });
    const token = await linkTo(to);
    await createUser(t, { email: to });
    const res = await open(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(EMAIL_CHANGE_ADDRESS_TAKEN);
    expect(await emailOf(u.id)).toBe(u.email);
    expect(await auditsOf(u.id)).toHaveLength(0);
  });

  it('writes nothing when the change rolls back at its last step', async () => {
    const u = await createUser(t);
    const to = freshAddress();
    await ask(u, { newEmail: to, currentPassword: TEST_PASSWORD });
    const token = await linkTo(to);
    const mail = t.app.services.mail;
    const send = mail.send.bind(mail);
    // The mail to the old address is the transaction's last write: failing it undoes the rest.
    const spy = vi.spyOn(mail, 'send').mockImplementation(async (message, tx) => {
      if (message.to === u.email) throw new Error('mail queue down');
      return send(message, tx);
    });
    try {
      expect((await open(token)).statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(await emailOf(u.id)).toBe(u.email);
    expect(await noticesOf(u.id)).toHaveLength(0);
    expect(await auditsOf(u.id)).toHaveLength(0);
    expect(await mailsTo(u.email)).toHaveLength(0);
    // The link was not spent by the failed attempt.
    expect((await open(token)).statusCode).toBe(200);
    expect(await emailOf(u.id)).toBe(to);
  });
});
