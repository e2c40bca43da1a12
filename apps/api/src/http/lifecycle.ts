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
  }

  /**
   * Turns not-ready at once, ends what would hold the instance open (live-event streams), and
   * resolves when no request is in flight or `withinMs` has passed, whichever comes first: true
   * when every request finished.
   */
  async drain(withinMs: number): Promise<boolean> {
    this.current = 'draining';
    for (const handler of this.drainHandlers) handler();
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

/**
 * Drains `app` and closes it within `withinMs`: in-flight requests finish (new ones are still
 * served until then, as a load balancer may send some before it sees the readiness change), the
 * server stops listening, and connections still open at the deadline are cut. True when nothing
 * had to be cut.
 */
export async function drainAndClose(
  app: FastifyInstance & { lifecycle: Lifecycle },
  withinMs: number,
): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  const drained = await app.lifecycle.drain(withinMs);
  const closing = app.close();
  let timer: NodeJS.Timeout | undefined;
  const cut = await Promise.race([
    closing.then(() => false),
    new Promise<true>((resolve) => {
      timer = setTimeout(() => resolve(true), Math.max(0, deadline - Date.now()));
    }),
  ]);
  clearTimeout(timer);
  if (cut) {
    app.log.warn({ withinMs }, 'drain deadline reached: closing the connections still open');
    app.server.closeAllConnections();
    await closing;
  }
  return drained && !cut;
}
