import { setTimeout } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import {
  createTestApp,
  createTestDatabase,
  testConfig,
  testEngine,
  type TestApp,
} from '../../test/helpers.js';
import { drainAndClose } from './lifecycle.js';

/**
 * A route that answers only when the test says so: a request held in flight. `arrived` resolves
 * once the request is in the handler (a fixed sleep raced a busy machine).
 */
function heldRoute(app: App) {
  let release: () => void = () => undefined;
  let arrive: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  app.get('/test/held', async () => {
    arrive();
    await released;
    return { done: true };
  });
  return { release, arrived };
}

async function listening(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

describe(`an instance's readiness and drain (${testEngine})`, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close().catch(() => undefined);
    t = undefined;
  });

  it('is ready after start; while draining it says 503, stays alive, and finishes what is in flight', async () => {
    let held!: ReturnType<typeof heldRoute>;
    t = await createTestApp({ beforeReady: (app) => void (held = heldRoute(app)) });
    const url = await listening(t.app);
    expect(await (await fetch(`${url}/api/ready`)).json()).toEqual({ status: 'ready' });

    // A live stream is open and says it is connected before the drain.
    const res = await fetch(`${url}/api/grail-cases/events`);
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes(': connected'))
      text += new TextDecoder().decode((await reader.read()).value);
    const streamText = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return text;
        text += new TextDecoder().decode(value);
      }
    })();
    const inFlight = fetch(`${url}/test/held`);
    await held.arrived;

    const drained = drainAndClose(t.app, { withinMs: 6_000, acceptMs: 1_000 });
    const ready = await fetch(`${url}/api/ready`);
    expect(ready.status).toBe(503);
    // Each answer while draining closes its connection, so a balancer cannot keep reusing it.
    expect(ready.headers.get('connection')).toBe('close');
    expect(await ready.json()).toMatchObject({
      message: 'This instance is shutting down.',
      status: 'draining',
    });
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    // A read is refused, for a balancer to send it to another instance and stop sending here.
    const read = await fetch(`${url}/api/grail-cases/active`);
    expect(read.status).toBe(503);
    expect(read.headers.get('retry-after')).toBe('1');
    expect(await read.json()).toMatchObject({
      message: 'This instance is shutting down. Try again in a moment.',
    });
    // The stream was told to come back soon (to another instance) and ended.
    expect(await streamText).toMatch(/retry: 500\n\n$/);
    // Once connections stop coming after the accepting window, or at half the drain (this loop
    // keeps connecting), new connections are refused (a balancer sends them elsewhere), while the
    // held request is still served.
    await expect
      .poll(
        () =>
          fetch(`${url}/api/health`).then(
            () => 'answered',
            () => 'refused',
          ),
        {
          timeout: 5_000,
        },
      )
      .toBe('refused');

    held.release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ done: true });
    expect(await drained).toBe(true);
  });

  it('ends under steady writes on kept-alive connections, serving each', async () => {
    t = await createTestApp({
      beforeReady: (app) =>
        void app.post('/test/slow', async () => {
          await setTimeout(30);
          return { done: true };
        }),
    });
    const url = await listening(t.app);
    let stop = false;
    const answered = { ok: 0, refused: 0, other: 0 };
    // Four callers, each sending its next request as soon as the last is answered: there is
    // always one in flight, as on a busy instance behind a balancer.
    const callers = Array.from({ length: 4 }, async () => {
      while (!stop) {
        await fetch(`${url}/test/slow`, { method: 'POST' }).then(
          (r) => void (r.status === 200 ? answered.ok++ : answered.other++),
          () => {
            answered.refused++;
            return setTimeout(10);
          },
        );
      }
    });
    await setTimeout(200);
    const started = Date.now();
    // These callers connect again after every answer, so the instance listens for half the drain.
    const drained = await drainAndClose(t.app, { withinMs: 4_000, acceptMs: 300 });
    const took = Date.now() - started;
    stop = true;
    await Promise.all(callers);
    expect(drained).toBe(true);
    expect(took).toBeLessThan(4_000);
    expect(answered.ok).toBeGreaterThan(10);
    expect(answered.refused).toBeGreaterThan(0);
    // Nothing was answered with an error: each request was served or never reached the instance.
    expect(answered.other).toBe(0);
  });

  it('cuts a request still open at the deadline, and closes', async () => {
    let held!: ReturnType<typeof heldRoute>;
    t = await createTestApp({ beforeReady: (app) => void (held = heldRoute(app)) });
    const url = await listening(t.app);
    const inFlight = fetch(`${url}/test/held`).then(
      (r) => r.status,
      () => 'cut',
    );
    await held.arrived;
    const started = Date.now();
    expect(await drainAndClose(t.app, { withinMs: 500, acceptMs: 100 })).toBe(false);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await inFlight).toBe('cut');
  });

  it('while starting, answers health and readiness (503) and holds every other API request', async () => {
    const db = await createTestDatabase();
    const app = await buildApp({
      config: testConfig(),
      database: db.database,
      logger: false,
      starting: true,
    });
    t = {
      app,
      database: db.database,
      config: testConfig(),
      close: async () => {
        await app.close();
        await db.drop();
      },
    };
    await app.ready();
    expect((await app.inject('/api/health')).statusCode).toBe(200);
    const ready = await app.inject('/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      message: 'This instance is starting.',
      status: 'starting',
    });
    const held = await app.inject('/api/config');
    expect(held.statusCode).toBe(503);
    expect(held.headers['retry-after']).toBe('5');
    expect(held.json()).toEqual({
      message: 'This instance is starting. Try again in a moment.',
      error: 'Service Unavailable',
    });

    app.lifecycle.ready();
    expect((await app.inject('/api/ready')).json()).toEqual({ status: 'ready' });
    expect((await app.inject('/api/config')).statusCode).toBe(200);
  });
});
