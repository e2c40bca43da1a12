import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../logger.js';
import { createTestApp, testEngine, type TestApp } from '../../test/helpers.js';

/** The hot reads leave their access lines out at the default level; every other route keeps them. */
describe(`hot reads: no access line per read (${testEngine})`, () => {
  let t: TestApp;
  const lines: { msg?: string; level?: number; req?: { url?: string } }[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp({ logger: { ...(loggerOptions('info') as object), stream } });
  });
  afterAll(() => t.close());

  const accessLinesOf = (url: string) =>
    lines.filter((l) => l.msg === 'incoming request' && l.req?.url === url);

  it('logs no request line for a hot read, and still logs one for an ordinary route', async () => {
    for (const url of ['/api/grail-cases/active', '/api/config', '/api/maintenance/status']) {
      expect((await t.app.inject({ url })).statusCode, url).toBeLessThan(500);
      expect(accessLinesOf(url), url).toEqual([]);
    }
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect(accessLinesOf('/api/health')).toHaveLength(1);
  });
});
