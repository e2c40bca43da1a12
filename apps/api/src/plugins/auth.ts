import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import {
  CSRF_COOKIE_MAX_AGE_S,
  CSRF_COOKIE_NAME,
  CSRF_HEADER_NAME,
  SESSION_COOKIE_NAME,
  SIGNED_IN_COOKIE_NAME,
  STAFF_TWO_FACTOR_REQUIRED,
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

/** Over https the session cookie carries the __Host- prefix: Secure, Path=/, no Domain, so no
 * sibling host or plain-http page can plant or overwrite it. */
const HOST_SESSION_COOKIE = `__Host-${SESSION_COOKIE_NAME}`;

/** The device cookie (OWASP's device-cookie pattern): a browser that signed in to an account. */
const DEVICE_COOKIE_NAME = 'device';
const HOST_DEVICE_COOKIE = `__Host-${DEVICE_COOKIE_NAME}`;
/** A browser stays known for a year after its last sign-in. */
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

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

/** True when the request names a session (Bearer token or session cookie), live or not. */
export function sentSessionCredential(request: FastifyRequest): boolean {
  return Boolean(
    bearerToken(request) ??
    request.cookies[HOST_SESSION_COOKIE] ??
    request.cookies[SESSION_COOKIE_NAME],
  );
}

export function registerAuth(
  app: FastifyInstance,
  sessionsService: SessionsService,
  /** PUBLIC_URL says https: cookies are Secure even when a proxy hides the scheme. */
  publicUrlIsHttps: boolean,
): void {
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request, reply) => {
    // By the matched route, not the raw URL: an encoded path such as /%61pi/... reaches the same
    // routes, so a prefix test on request.url would let it past this hook.
    if (!request.routeOptions.config.endpoint) return;
    const bearer = bearerToken(request);
    const token =
      bearer ?? request.cookies[HOST_SESSION_COOKIE] ?? request.cookies[SESSION_COOKIE_NAME];
    // A visitor (no credential) costs no database read.
    if (!token) return;
    const session = await sessionsService.resolve(token, {
      fromMemory: request.routeOptions.config.sessionCheckedInTransaction,
    });
    request.session = session;
    request.user = session?.user ?? null;
    if (bearer) return;
    const hinted = Boolean(request.cookies[SIGNED_IN_COOKIE_NAME]);
    // A cookie session opened before the hint existed gets it on its next request; an ended one
    // loses it, so the page stops asking who is signed in.
    if (session && !hinted) setSignedInHint(reply);
    if (!session && hinted) reply.clearCookie(SIGNED_IN_COOKIE_NAME, { path: '/' });
  });

  app.decorate('verifyCsrf', (request: FastifyRequest, sent?: unknown) => {
    const given = sent ?? request.headers[CSRF_HEADER_NAME];
    const ok =
      typeof given === 'string' &&
      given.length > 0 &&
      (request.session
        ? safeEqual(given, request.session.csrfToken)
        : sessionsService.isValidAnonymousCsrfToken(given) &&
          safeEqual(given, request.cookies[CSRF_COOKIE_NAME] ?? ''));
    if (!ok) throw new AppError(403, 'Invalid CSRF token', 'CSRF token mismatch');
  });

  const isHttps = (reply: FastifyReply) => publicUrlIsHttps || reply.request.protocol === 'https';
  const setSignedInHint = (reply: FastifyReply) => {
    reply.setCookie(SIGNED_IN_COOKIE_NAME, '1', {
      httpOnly: false,
      sameSite: 'lax',
      path: '/',
      secure: isHttps(reply),
      maxAge: SESSION_ABSOLUTE_MS / 1000,
    });
  };
  // The page writes this cookie itself with SameSite=Strict (lib/api/tokens.ts); the server's copy
  // says the same, so neither overwrites the other with a weaker setting.
  const setCsrf = (reply: FastifyReply, csrfToken: string) => {
    reply.setCookie(CSRF_COOKIE_NAME, csrfToken, {
      httpOnly: false,
      sameSite: 'strict',
      path: '/',
      secure: isHttps(reply),
      maxAge: CSRF_COOKIE_MAX_AGE_S,
    });
  };
  /** An httpOnly cookie, under its `__Host-` name over HTTPS and its plain name otherwise. */
  const setPrivate = (
    reply: FastifyReply,
    [hostName, plainName]: [string, string],
    value: string,
    maxAge: number,
  ) => {
    const https = isHttps(reply);
    reply.setCookie(https ? hostName : plainName, value, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: https,
      maxAge,
    });
  };
  app.decorate('sessionCookies', {
    /** Sets the httpOnly session cookie and the page-readable `csrf-token` cookie. */
    set(reply: FastifyReply, token: string, csrfToken: string) {
      setPrivate(
        reply,
        [HOST_SESSION_COOKIE, SESSION_COOKIE_NAME],
        token,
        SESSION_ABSOLUTE_MS / 1000,
      );
      setSignedInHint(reply);
      setCsrf(reply, csrfToken);
    },
    setCsrf,
    /**
     * Marks this browser as one that signed in to `value`'s account. httpOnly: no script reads
     * it; it outlives sign-out, which is the point.
     */
    setDevice(reply: FastifyReply, value: string) {
      setPrivate(reply, [HOST_DEVICE_COOKIE, DEVICE_COOKIE_NAME], value, DEVICE_COOKIE_MAX_AGE_S);
    },
    device(request: FastifyRequest) {
      return request.cookies[HOST_DEVICE_COOKIE] ?? request.cookies[DEVICE_COOKIE_NAME];
    },
    clear(reply: FastifyReply) {
      reply.clearCookie(SESSION_COOKIE_NAME, { path: '/' });
      if (isHttps(reply)) reply.clearCookie(HOST_SESSION_COOKIE, { path: '/', secure: true });
      reply.clearCookie(CSRF_COOKIE_NAME, { path: '/' });
      reply.clearCookie(SIGNED_IN_COOKIE_NAME, { path: '/' });
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Throws 403 unless `sent` (the x-csrf-token header unless given) is the caller's token. */
    verifyCsrf(request: FastifyRequest, sent?: unknown): void;
    sessionCookies: {
      set(reply: FastifyReply, token: string, csrfToken: string): void;
      setCsrf(reply: FastifyReply, csrfToken: string): void;
      setDevice(reply: FastifyReply, value: string): void;
      device(request: FastifyRequest): string | undefined;
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
  // ASVS asks for multi-factor authentication for administrative access: the console is shut
  // until the staff member has turned two-factor on.
  if (guard === 'admin' && !request.user.totpEnabledAt)
    throw new AppError(403, STAFF_TWO_FACTOR_REQUIRED, 'Forbidden', {
      reason: 'two_factor_required',
    });
  if (guard === 'purchase') assertCanPurchase(request.user);
}
