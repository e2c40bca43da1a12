import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authEndpoints as api, type SignedInResponse } from '@grail/contract';
import { requestOrigin } from '../../http/origin.js';
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
  }: { auth: AuthService; sessions: SessionsService; publicUrl?: string },
): Promise<void> {
  const meta = (request: FastifyRequest): ClientMeta => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    origin: requestOrigin(request, publicUrl),
  });
  const signIn = (reply: FastifyReply, result: SignIn): SignedInResponse => {
    app.sessionCookies.set(reply, result.token, result.csrfToken);
    reply.header('cache-control', 'no-store');
    return { user: toPublicUser(result.user), csrfToken: result.csrfToken, token: result.token };
  };

  // Limits answer 429 with the seconds to wait in Retry-After as well as in the body.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 429 && typeof payload === 'string') {
      const retryAfter = (JSON.parse(payload) as { retryAfter?: number }).retryAfter;
      if (retryAfter) reply.header('retry-after', String(retryAfter));
    }
    return payload;
  });

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
  route(app, api.logoutLink, logout);

  route(app, api.sessionReset, async ({ request, reply }) => {
    if (request.session) await sessions.destroy(request.session.id);
    app.sessionCookies.clear(reply);
    const csrfToken = sessions.anonymousCsrfToken();
    app.sessionCookies.setCsrf(reply, csrfToken);
    reply.header('cache-control', 'no-store');
    return { message: 'Session reset.', csrfToken };
  });

  route(app, api.verifyEmail, async ({ body }) => ({
    user: toPublicUser(await auth.verifyEmail(body.token)),
  }));

  route(app, api.verifyEmailResend, async ({ user, request }) => {
    await auth.resendVerification(user, meta(request));
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
