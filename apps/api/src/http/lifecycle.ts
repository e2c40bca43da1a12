import { Server as NetServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/** Where an instance is in its life: what its readiness check answers. */
export type Phase = 'starting' | 'ready' | 'draining';

/** Paths that answer in every phase: a load balancer asks them while the instance starts or stops. */
const ALWAYS_ANSWERED = new Set(['/api/health', '/api/ready']);

/**
 * One instance's phase and the requests it has in flight. While starting (listening, but the
 * start-up work not done) every other API request gets 503; while draining everything is still
 * served, and `drain` waits for the requests in hand before the server closes.
 */
export class Lifecycle {
  private current: Phase;
  private inFlight = 0;
  /** When the last request arrived (ms since the epoch). */
  lastArrival = 0;
  private readonly idleWaiters = new Set<() => void>();
  private readonly drainHandlers = new Set<() => void>();

  constructor(phase: Phase = 'ready') {
    this.current = phase;
  }

  get phase(): Phase {
    return this.current;
  }

  /** The start-up work is done: the instance takes traffic. */
  ready(): void {
    if (this.current === 'starting') this.current = 'ready';
  }

  /** Runs `handler` when the drain starts (live-event streams end, so clients reconnect elsewhere). */
  onDrain(handler: () => void): void {
    this.drainHandlers.add(handler);
  }

  /** Counts every request until its response is sent or its connection closes. */
  register(app: FastifyInstance): void {
    app.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?')[0]!;
      if (this.current === 'starting' && path.startsWith('/api/') && !ALWAYS_ANSWERED.has(path)) {
        throw new AppError(
          503,
          'This instance is starting. Try again in a moment.',
          'Service Unavailable',
          {},
          { 'retry-after': '5' },
        );
      }
      this.lastArrival = Date.now();
      // A read sent to a draining instance is refused with 503, which a balancer resends to
      // another instance (nginx does so for idempotent requests) and takes as a sign to stop
      // sending here; a write in hand is served, as a balancer must not resend it.
      if (
        this.current === 'draining' &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !ALWAYS_ANSWERED.has(path)
      ) {
        throw new AppError(
          503,
          'This instance is shutting down. Try again in a moment.',
          'Service Unavailable',
          {},
          { 'retry-after': '1' },
        );
      }
      this.inFlight++;
      let done = false;
      const finished = () => {
        if (done) return;
        done = true;
        this.inFlight--;
        if (this.inFlight === 0) for (const wake of this.idleWaiters) wake();
      };
      reply.raw.once('finish', finished);
      reply.raw.once('close', finished);
    });
    // A draining instance closes each connection after its answer: a balancer keeping connections
    // open would otherwise go on sending new requests on them, and the drain would never end.
    app.addHook('onSend', async (_request, reply) => {
      if (this.current === 'draining') void reply.header('connection', 'close');
    });
  }
  /** Turns not-ready at once and ends what would hold the instance open (live-event streams). */
  beginDrain(): void {
    if (this.current === 'draining') return;
    this.current = 'draining';
    for (const handler of this.drainHandlers) handler();
  }

  /** Resolves true when no request is in flight, or false once `withinMs` has passed. */
  async whenIdle(withinMs: number): Promise<boolean> {
    if (this.inFlight === 0) return true;
    let wake: () => void = () => undefined;
    const idle = new Promise<true>((resolve) => {
      wake = () => resolve(true);
      this.idleWaiters.add(wake);
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), withinMs);
    });
    try {
      return await Promise.race([idle, late]);
    } finally {
      clearTimeout(timer);
      this.idleWaiters.delete(wake);
    }
  }
}

/** How long no request must arrive before a draining instance closes its idle connections. */
const QUIET_BEFORE_CLOSING_MS = 500;
/** How long no connection must arrive before a draining instance stops listening. */
const NO_NEW_CONNECTION_MS = 250;

/**
 * Drains `app` and closes it within `withinMs`.
 *
 * For at least `acceptMs` it still accepts connections (a balancer that checks readiness sees 503
 * and stops sending; reads get 503, which nginx resends elsewhere), and after that until no new
 * connection has come for a moment (at most half the time left): closing the listening socket
 * resets the connections still waiting in its queue, whose requests were sent. Then new
 * connections are refused, and a balancer sends them to another instance (nginx does so for any
 * method, as nothing was sent).
 *
 * Every answer now closes its connection, and the kept-alive connections left idle are closed
 * once no request is in flight and none has come for a moment, until none is left. The app closes
 * only then, as a request arriving on one after the close would get 503 or a reset, and nginx
 * resends neither for a purchase. What is still open at the deadline is cut. True when nothing
 * had to be cut.
 */
export async function drainAndClose(
  app: FastifyInstance & { lifecycle: Lifecycle },
  { withinMs, acceptMs }: { withinMs: number; acceptMs: number },
): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  const left = () => Math.max(0, deadline - Date.now());
  let lastConnection = Date.now();
  const connected = () => (lastConnection = Date.now());
  app.server.on('connection', connected);
  app.lifecycle.beginDrain();
  await sleep(Math.min(acceptMs, withinMs));
  const listenUntil = Date.now() + left() / 2;
  while (Date.now() < listenUntil && Date.now() - lastConnection < NO_NEW_CONNECTION_MS)
    await sleep(Math.min(50, Math.max(0, listenUntil - Date.now())));
  app.server.off('connection', connected);
  // Stops listening, and only that (http.Server#close would also close the idle connections, which
  // the loop below does once they are quiet).
  if (app.server.listening) NetServer.prototype.close.call(app.server);
  let drained = false;
  while (left() > 0) {
    if (!(await app.lifecycle.whenIdle(left()))) break;
    // Idle connections are closed only once no request has come for a while: a balancer still
    // sending on one may have a request on its way that the close would reset (and nginx does
    // not resend a purchase). nginx stops sending once a connection was refused, and closes its
    // own idle connections after its keepalive_timeout.
    const quietFor = Date.now() - app.lifecycle.lastArrival;
    if (quietFor >= QUIET_BEFORE_CLOSING_MS) {
      app.server.closeIdleConnections();
      if ((await connectionsOf(app.server)) === 0) {
        drained = true;
        break;
      }
    }
    await sleep(Math.min(Math.max(20, QUIET_BEFORE_CLOSING_MS - quietFor), left()));
  }
  if (!drained) {
    app.log.warn({ withinMs }, 'drain deadline reached: closing the connections still open');
    app.server.closeAllConnections();
  }
  await app.close();
  return drained;
}

function connectionsOf(server: NetServer): Promise<number> {
  return new Promise((resolve) => server.getConnections((err, count) => resolve(err ? 0 : count)));
}
