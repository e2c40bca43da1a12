import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CsrfMessageResponse,
  CurrentUserResponse,
  AuthErrorBody,
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  LoginTotpRequest,
  MessageResponse,
  RegisterRequest,
  ResetPasswordRequest,
  SignedInResponse,
  TotpDisableRequest,
  TotpEnableRequest,
  TotpEnableResponse,
  TotpSetupResponse,
  UserResponse,
  VerifyEmailRequest,
  authPaths,
} from '@grail/contract';
import { unauthorized } from '../../errors.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import type { SessionsService } from './sessions.service.js';
import type { AuthService, ClientMeta, SignIn } from './auth.service.js';
import { toPublicUser } from '../users/users.view.js';

const tags = ['auth'];
const errors = {
  400: AuthErrorBody,
  401: AuthErrorBody,
  403: AuthErrorBody,
  409: AuthErrorBody,
  429: AuthErrorBody,
};

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  sessions: SessionsService;
  publicUrl?: string;
}> = async (app, { auth, sessions, publicUrl }) => {
  const meta = (request: FastifyRequest): ClientMeta => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    origin: publicUrl?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`,
  });
  const signIn = (reply: FastifyReply, result: SignIn) => {
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

  app.post(
    authPaths.register,
    { schema: { tags, body: RegisterRequest, response: { 201: SignedInResponse, ...errors } } },
    async (request, reply) => {
      const result = await auth.register(request.body, meta(request));
      return reply.status(201).send(signIn(reply, result));
    },
  );

  app.post(
    authPaths.login,
    { schema: { tags, body: LoginRequest, response: { 200: LoginResponse, ...errors } } },
    async (request, reply) => {
      const result = await auth.login(request.body, meta(request));
      if ('totpRequired' in result) return result;
      return signIn(reply, result);
    },
  );

  app.post(
    authPaths.loginTotp,
    { schema: { tags, body: LoginTotpRequest, response: { 200: SignedInResponse, ...errors } } },
    async (request, reply) => {
      const { challengeToken, code } = request.body;
      return signIn(reply, await auth.loginTotp(challengeToken, code, meta(request)));
    },
  );

  app.get(
    authPaths.current,
    { schema: { tags, response: { 200: CurrentUserResponse, 401: AuthErrorBody } } },
    async (request, reply) => {
      // Always read from the database: the answer is never cached anywhere.
      reply.header('cache-control', 'no-store');
      if (!request.session) throw unauthorized();
      app.sessionCookies.setCsrf(reply, request.session.csrfToken);
      return { user: toPublicUser(request.session.user), csrfToken: request.session.csrfToken };
    },
  );

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.session) await sessions.destroy(request.session.id);
    app.sessionCookies.clear(reply);
    reply.header('cache-control', 'no-store');
    return { message: 'Logged out successfully.' };
  };
  app.get(authPaths.logout, { schema: { tags, response: { 200: MessageResponse } } }, logout);
  app.post(authPaths.logout, { schema: { tags, response: { 200: MessageResponse } } }, logout);

  app.post(
    authPaths.sessionReset,
    { schema: { tags, response: { 200: CsrfMessageResponse } } },
    async (request, reply) => {
      if (request.session) await sessions.destroy(request.session.id);
      app.sessionCookies.clear(reply);
      const csrfToken = sessions.anonymousCsrfToken();
      app.sessionCookies.setCsrf(reply, csrfToken);
      reply.header('cache-control', 'no-store');
      return { message: 'Session reset.', csrfToken };
    },
  );

  app.post(
    authPaths.verifyEmail,
    { schema: { tags, body: VerifyEmailRequest, response: { 200: UserResponse, ...errors } } },
    async (request) => ({ user: toPublicUser(await auth.verifyEmail(request.body.token)) }),
  );

  app.post(
    authPaths.verifyEmailResend,
    { preHandler: requireUser, schema: { tags, response: { 200: MessageResponse, ...errors } } },
    async (request) => {
      await auth.resendVerification(currentUser(request), meta(request));
      return { message: 'We have sent you a new verification link.' };
    },
  );

  app.post(
    authPaths.forgotPassword,
    {
      schema: { tags, body: ForgotPasswordRequest, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => ({ message: await auth.forgotPassword(request.body.email, meta(request)) }),
  );

  app.post(
    authPaths.resetPassword,
    { schema: { tags, body: ResetPasswordRequest, response: { 200: MessageResponse, ...errors } } },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.password);
      return { message: 'Your password has been changed. Please sign in with it.' };
    },
  );

  app.post(
    authPaths.totpSetup,
    { preHandler: requireUser, schema: { tags, response: { 200: TotpSetupResponse, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return auth.totpSetup(currentUser(request));
    },
  );

  app.post(
    authPaths.totpEnable,
    {
      preHandler: requireUser,
      schema: { tags, body: TotpEnableRequest, response: { 200: TotpEnableResponse, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await auth.totpEnable(currentUser(request), request.body.code);
      return { recoveryCodes: result.recoveryCodes, user: toPublicUser(result.user) };
    },
  );

  app.post(
    authPaths.totpDisable,
    {
      preHandler: requireUser,
      schema: { tags, body: TotpDisableRequest, response: { 200: UserResponse, ...errors } },
    },
    async (request) => {
      const { password, code } = request.body;
      return { user: toPublicUser(await auth.totpDisable(currentUser(request), password, code)) };
    },
  );
};
