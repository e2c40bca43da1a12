import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import {
  CSRF_COOKIE_MAX_AGE_S,
  CSRF_COOKIE_NAME,
  CSRF_HEADER_NAME,
  SESSION_COOKIE_NAME,
  type GuardKind,
} from '@grail/contract';
import { AppError, unauthorized } from '../errors.js';
import type {
  ActiveSession,
  SessionsService,
  SessionUser,
} from '../modules/auth/sessions.service.js';
import { SESSION_ABSOLUTE_MS } from '../modules/auth/sessions.service.js';
import { assertCanPurchase } from '../modules/users/users.rules.js';

/**
 * Unsafe methods on these paths need no CSRF token: SPEC §7's public auth calls, the TOTP step,
 * signed webhooks, and the session reset that hands a visitor its first (anonymous) token. A
 * cross-site reset cannot end anyone's session: the SameSite=Lax `sid` cookie is not sent with it.
 */
export const CSRF_EXEMPT_PATHS = new Set([
  '/api/auth/login',
  '/api/auth/login/totp',
  '/api/auth/register',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
  '/api/auth/session/reset',
  '/api/payments/stripe/webhook',
]);
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session, when the request carries a live one (cookie `sid` or Bearer token). */
    session: ActiveSession | null;
    /** Shortcut for session.user. */
    user: SessionUser | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice(7).trim();
  return token && token !== 'null' && token !== 'undefined' ? token : undefined;
}

const safeEqual = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export function registerAuth(
  app: FastifyInstance,
  sessionsService: SessionsService,
  secureCookies: boolean,
): void {
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = bearerToken(request) ?? request.cookies[SESSION_COOKIE_NAME];
    if (!token) return;
    const session = await sessionsService.resolve(token);
    request.session = session;
    request.user = session?.user ?? null;
  });

  app.decorate('verifyCsrf', (request: FastifyRequest) => {
    const given = request.headers[CSRF_HEADER_NAME];
    const ok =
      typeof given === 'string' &&
      given.length > 0 &&
      (request.session
        ? safeEqual(given, request.session.csrfToken)
        : sessionsService.isValidAnonymousCsrfToken(given) &&
          safeEqual(given, request.cookies[CSRF_COOKIE_NAME] ?? ''));
    if (!ok) throw new AppError(403, 'Invalid CSRF token', 'CSRF token mismatch');
  });

  // Routes not yet declared in the contract keep the path-based check.
  app.addHook('preHandler', async (request) => {
    if (!UNSAFE_METHODS.has(request.method) || request.is404) return;
    if (request.routeOptions.config.endpoint) return;
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') || CSRF_EXEMPT_PATHS.has(path)) return;
    app.verifyCsrf(request);
  });

  const setCsrf = (reply: FastifyReply, csrfToken: string) => {
    reply.setCookie(CSRF_COOKIE_NAME, csrfToken, {
      httpOnly: false,
      sameSite: 'lax',
      path: '/',
      secure: secureCookies,
      maxAge: CSRF_COOKIE_MAX_AGE_S,
    });
  };
  app.decorate('sessionCookies', {
    /** Sets `sid` (httpOnly) and the page-readable `csrf-token` cookie. */
    set(reply: FastifyReply, token: string, csrfToken: string) {
      reply.setCookie(SESSION_COOKIE_NAME, token, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: secureCookies,
        maxAge: SESSION_ABSOLUTE_MS / 1000,
      });
      setCsrf(reply, csrfToken);
    },
    setCsrf,
    clear(reply: FastifyReply) {
      reply.clearCookie(SESSION_COOKIE_NAME, { path: '/' });
      reply.clearCookie(CSRF_COOKIE_NAME, { path: '/' });
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    verifyCsrf(request: FastifyRequest): void;
    sessionCookies: {
      set(reply: FastifyReply, token: string, csrfToken: string): void;
      setCsrf(reply: FastifyReply, csrfToken: string): void;
      clear(reply: FastifyReply): void;
    };
  }
}

/** Synchronizer token: an unsafe request echoes the session's token (or, signed out, one we issued). */
export async function checkCsrf(request: FastifyRequest): Promise<void> {
  request.server.verifyCsrf(request);
}

/** The route kinds' guards (see GuardKind in the contract). */
export async function checkGuard(request: FastifyRequest, guard: GuardKind): Promise<void> {
  if (guard === 'public') return;
  if (!request.user) throw unauthorized();
  if (guard === 'admin' && request.user.role !== 'admin')
    throw new AppError(403, 'Administrators only.', 'Forbidden');
  if (guard === 'purchase') assertCanPurchase(request.user);
}

/** preHandler guard: a signed-in user. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
}

/** preHandler guard: a signed-in admin (a user gets 403). */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
  if (request.user.role !== 'admin') throw new AppError(403, 'Administrators only.', 'Forbidden');
}

/** The signed-in user inside a guarded handler. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
