import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  authEndpoints as api,
  CSRF_COOKIE_NAME,
  EMAIL_CHANGED_MESSAGE,
  emailChangeEndpoints,
  type SignedInResponse,
} from '@grail/contract';
import { unauthorized } from '../../errors.js';
import { route } from '../../http/route.js';
import { sentSessionCredential } from '../../plugins/auth.js';
import type { SessionsService } from './sessions.service.js';
import type { AuthService, ClientMeta, SignIn } from './auth.service.js';
import type { TwoFactorService } from './two-factor.service.js';
import type { EmailChangeService } from './email-change.service.js';
import { toPublicUser } from '../users/users.view.js';
import { confirmLogoutPage, signedOutPage } from './logout-page.js';

export async function authRoutes(
  app: FastifyInstance,
  {
    auth,
    twoFactor,
    sessions,
    emailChange,
    publicUrl,
  }: {
    auth: AuthService;
    emailChange: EmailChangeService;
    twoFactor: TwoFactorService;
    sessions: SessionsService;
    publicUrl: string;
  },
): Promise<void> {
  const publicOrigin = new URL(publicUrl).origin;
  const meta = (request: FastifyRequest): ClientMeta => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    device: app.sessionCookies.device(request),
  });
  const signIn = (reply: FastifyReply, result: SignIn): SignedInResponse => {
    app.sessionCookies.set(reply, result.token, result.csrfToken);
    app.sessionCookies.setDevice(reply, sessions.deviceCookie(result.user.id));
    reply.header('cache-control', 'no-store');
    return { user: toPublicUser(result.user), csrfToken: result.csrfToken, token: result.token };
  };

  route(app, api.register, async ({ body, request, reply }) =>
    signIn(reply, await auth.register(body, meta(request))),
  );

  route(app, api.login, async ({ body, request, reply }) => {
    const result = await auth.login(body, meta(request));
    if ('totpRequired' in result) return result;
    return signIn(reply, result);
  });

  route(app, api.loginTotp, async ({ body, request, reply }) =>
    signIn(reply, await auth.loginTotp(body.challengeToken, body.code, meta(request))),
  );

  route(app, api.current, async ({ user, request, reply }) => {
    // Always read from the database: the answer is never cached anywhere.
    reply.header('cache-control', 'no-store');
    if (!user && sentSessionCredential(request)) {
      // A session that ended: the tab learns it was signed out, and its dead cookies go, so its
      // next load is a plain visitor's.
      app.sessionCookies.clear(reply);
      throw unauthorized();
    }
    // A visitor is no error: the app's warm-up asks for everyone, and gets the anonymous CSRF
    // token its POSTs carry (the one it holds, while it is ours).
    const held = request.cookies[CSRF_COOKIE_NAME];
    const csrfToken =
      request.session?.csrfToken ??
      (held && sessions.isValidAnonymousCsrfToken(held) ? held : sessions.anonymousCsrfToken());
    app.sessionCookies.setCsrf(reply, csrfToken);
    return { user: user && toPublicUser(user), csrfToken };
  });

  const logout = async ({ request, reply }: { request: FastifyRequest; reply: FastifyReply }) => {
    if (request.session) await sessions.destroy(request.session.id);
    app.sessionCookies.clear(reply);
    reply.header('cache-control', 'no-store');
    return { message: 'Logged out successfully.' };
  };
  // Only the confirmation page's form is read as a form, and only here: anywhere else a
  // cross-site HTML form's body stays unreadable (415).
  await app.register(async (form) => {
    form.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    route(form, api.logout, async (ctx) => {
      const fromForm = ctx.request.headers['content-type']?.startsWith(
        'application/x-www-form-urlencoded',
      );
      const answer = await logout(ctx);
      if (!fromForm) return answer;
      return ctx.reply.type('text/html; charset=utf-8').send(signedOutPage());
    });
  });
  // A GET carries no CSRF token, and SameSite=Lax sends the cookie with a top-level cross-site
  // link: another site's link or image must not sign anyone out, so only a request that proves it
  // comes from our own pages does; any other is asked to confirm with a POST.
  route(app, api.logoutLink, async (ctx) => {
    if (isSameOrigin(ctx.request, publicOrigin)) return logout(ctx);
    let csrfToken = ctx.request.session?.csrfToken;
    if (!csrfToken) {
      // A visitor's form carries an anonymous token, which must match its cookie.
      csrfToken = sessions.anonymousCsrfToken();
      app.sessionCookies.setCsrf(ctx.reply, csrfToken);
    }
    ctx.reply.header('cache-control', 'no-store');
    return ctx.reply.type('text/html; charset=utf-8').send(confirmLogoutPage(csrfToken));
  });

  route(app, api.sessionReset, async ({ request, reply }) => {
    // Exempt from the route's CSRF check so a visitor can get its first token; a request that
    // carries a session must prove it comes from our page before that session ends.
    if (request.session) app.verifyCsrf(request);
    if (request.session) await sessions.destroy(request.session.id);
    app.sessionCookies.clear(reply);
    const csrfToken = sessions.anonymousCsrfToken();
    app.sessionCookies.setCsrf(reply, csrfToken);
    reply.header('cache-control', 'no-store');
    return { message: 'Session reset.', csrfToken };
  });

  route(app, api.verifyEmail, async ({ body, request }) => ({
    user: toPublicUser(
      await auth.verifyEmail(
        body.token,
        request.session && { id: request.session.id, userId: request.session.user.id },
      ),
    ),
  }));

  route(app, api.verifyEmailResend, async ({ user }) => {
    await auth.resendVerification(user);
    return { message: 'We have sent you a new verification link.' };
  });

  route(app, api.forgotPassword, async ({ body, request }) => ({
    message: await auth.forgotPassword(body.email, meta(request)),
  }));

  route(app, api.resetPassword, async ({ body }) => {
    await auth.resetPassword(body.token, body.password);
    return { message: 'Your password has been changed. Please sign in with it.' };
  });

  route(app, emailChangeEndpoints.requestEmailChange, async ({ user, body, reply }) => {
    reply.header('cache-control', 'no-store');
    return { message: await emailChange.request(user, body) };
  });

  route(app, emailChangeEndpoints.confirmEmailChange, async ({ body }) => {
    await emailChange.confirm(body.token);
    return { message: EMAIL_CHANGED_MESSAGE };
  });

  route(app, api.totpSetup, async ({ user, reply }) => {
    reply.header('cache-control', 'no-store');
    return twoFactor.totpSetup(user);
  });

  route(app, api.totpEnable, async ({ user, body, reply }) => {
    reply.header('cache-control', 'no-store');
    const result = await twoFactor.totpEnable(user, body.code);
    return { recoveryCodes: result.recoveryCodes, user: toPublicUser(result.user) };
  });

  route(app, api.totpDisable, async ({ user, body }) => ({
    user: toPublicUser(await twoFactor.totpDisable(user, body.password, body.code)),
  }));
}

/**
 * True only when the request proves it comes from a page of this site: Sec-Fetch-Site
 * same-origin, or (from a browser that sends no fetch metadata) an Origin or Referer of
 * PUBLIC_URL's origin, and nothing that says otherwise. Compared with the configured origin only,
 * never with the request's own Host.
 */
function isSameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  let proven = site === 'same-origin';
  for (const name of ['origin', 'referer'] as const) {
    const value = request.headers[name];
    if (typeof value !== 'string' || value === '') continue;
    try {
      if (new URL(value).origin !== publicOrigin) return false;
      proven = true;
    } catch {
      // `Origin: null` (a sandboxed frame, a redirect chain) or garbage: not our page.
      return false;
    }
  }
  return proven;
}
