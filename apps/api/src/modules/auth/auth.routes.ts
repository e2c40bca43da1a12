import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authEndpoints as api, type SignedInResponse } from '@grail/contract';
import { forbidden } from '../../errors.js';
import { route } from '../../http/route.js';
import type { SessionsService } from './sessions.service.js';
import type { AuthService, ClientMeta, SignIn } from './auth.service.js';
import { toPublicUser } from '../users/users.view.js';

export async function authRoutes(
  app: FastifyInstance,
  {
    auth,
    sessions,
    publicUrl,
  }: { auth: AuthService; sessions: SessionsService; publicUrl: string },
): Promise<void> {
  const publicOrigin = new URL(publicUrl).origin;
  const meta = (request: FastifyRequest): ClientMeta => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  const signIn = (reply: FastifyReply, result: SignIn): SignedInResponse => {
    app.sessionCookies.set(reply, result.token, result.csrfToken);
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
    const { csrfToken } = request.session!;
    app.sessionCookies.setCsrf(reply, csrfToken);
    return { user: toPublicUser(user), csrfToken };
  });

  const logout = async ({ request, reply }: { request: FastifyRequest; reply: FastifyReply }) => {
    if (request.session) await sessions.destroy(request.session.id);
    app.sessionCookies.clear(reply);
    reply.header('cache-control', 'no-store');
    return { message: 'Logged out successfully.' };
  };
  route(app, api.logout, logout);
  // A GET carries no CSRF token, and SameSite=Lax sends the cookie with a top-level cross-site
  // link: another site's link or image must not sign anyone out, so only our own pages may.
  route(app, api.logoutLink, async (ctx) => {
    if (isCrossSite(ctx.request, publicOrigin))
      throw forbidden('Sign out from this site.', 'Cross-site request');
    return logout(ctx);
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

  route(app, api.totpSetup, async ({ user, reply }) => {
    reply.header('cache-control', 'no-store');
    return auth.totpSetup(user);
  });

  route(app, api.totpEnable, async ({ user, body, reply }) => {
    reply.header('cache-control', 'no-store');
    const result = await auth.totpEnable(user, body.code);
    return { recoveryCodes: result.recoveryCodes, user: toPublicUser(result.user) };
  });

  route(app, api.totpDisable, async ({ user, body }) => ({
    user: toPublicUser(await auth.totpDisable(user, body.password, body.code)),
  }));
}

/**
 * True when the browser says the request comes from another site: Sec-Fetch-Site cross-site or
 * same-site (a sibling host is not this origin), or an Origin or Referer that is not PUBLIC_URL's
 * origin. Compared with the configured origin only, never with the request's own Host.
 */
function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  for (const name of ['origin', 'referer'] as const) {
    const value = request.headers[name];
    if (typeof value !== 'string' || value === '') continue;
    try {
      if (new URL(value).origin !== publicOrigin) return true;
    } catch {
      // `Origin: null` (a sandboxed frame, a redirect chain) or garbage: not our page.
      return true;
    }
  }
  return false;
}
