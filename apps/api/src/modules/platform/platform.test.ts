import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';

describe(`platform on ${testEngine}`, () => {
  let t: TestApp;
  const webDist = mkdtempSync(join(tmpdir(), 'grail-web-'));
  const themeScript = "document.documentElement.classList.add('dark');";
  const pageStyles = 'body{margin:0}';

  beforeAll(async () => {
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(
      join(webDist, 'index.html'),
      `<!doctype html><html><head><meta property="csp-nonce" nonce="__STYLE_NONCE__" /><script>${themeScript}</script><style data-inline-styles>${pageStyles}</style><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<p>spa</p>'.repeat(300)}</body></html>`,
    );
    writeFileSync(
      join(webDist, 'assets', 'index-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(4000))});`,
    );
    writeFileSync(join(webDist, 'assets', 'built-def456.js'), `console.log('as built');`);
    writeFileSync(
      join(webDist, 'assets', 'built-def456.js.br'),
      brotliCompressSync(`console.log('compressed by the build');`),
    );
    t = await createTestApp({
      webDistDir: webDist,
      beforeReady(app) {
        app.get('/api/test/boom', async () => {
          throw new Error('secret internal detail at /srv/db');
        });
        app.post('/api/test/echo', async (request) => ({ body: request.body }));
        // The server ends this request's connection, as it does when it shuts down or is full.
        app.get('/api/test/connection-lost', async () => {
          await t.database.db.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
        });
      },
    });
  });
  afterAll(() => t.close());

  it('answers health with the engine and version', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: testEngine, version: expect.any(String) });
    expect(res.headers['x-request-id']).toMatch(/[\w-]{8,}/);
  });

  it('serves public config with flags, support email, X handle and environment', async () => {
    const res = await t.app.inject('/api/config');
    expect(res.json()).toMatchObject({
      flags: { BREAKS_ENABLED: false, ADVANCED_ANALYTICS: false, DISCORD_INTEGRATION: false },
      supportEmail: 'support@grailmachine.example',
      xProfileHandle: 'GrailMachine',
      appEnv: 'test',
    });
  });

  it('reports maintenance from the database setting', async () => {
    expect((await t.app.inject('/api/maintenance/status')).json()).toEqual({
      data: { isEnabled: false, startedAt: null },
    });
    await t.app.services.maintenance.set(true, new Date('2026-11-22T10:00:00Z'));
    expect((await t.app.inject('/api/maintenance/status')).json()).toEqual({
      data: { isEnabled: true, startedAt: '2026-11-22T10:00:00.000Z' },
    });
    await t.app.services.maintenance.set(false);
    expect((await t.app.inject('/api/maintenance/status')).json().data.isEnabled).toBe(false);
  });

  it('stores images as WebP variants without metadata and serves them immutably', async () => {
    const png = await sharp({
      create: { width: 900, height: 1260, channels: 3, background: '#c00' },
    })
      .withExif({ IFD0: { Copyright: 'someone private' } })
      .png()
      .toBuffer();
    const id = await t.app.services.images.store(png, 'front.png');
    const res = await t.app.inject(`/api/images/${id}?size=sm`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(320);
    expect(meta.exif).toBeUndefined();
    expect((await t.app.inject(`/api/images/${id}`)).statusCode).toBe(200);
  });

  it('refuses anything but JPEG, PNG and WebP with 415', async () => {
    await expect(
      t.app.services.images.store(Buffer.from('GIF89a not really')),
    ).rejects.toMatchObject({
      statusCode: 415,
      message: 'Only JPEG, PNG and WebP images are accepted.',
    });
  });

  it('answers unknown images and unknown API paths with 404 JSON', async () => {
    const image = await t.app.inject('/api/images/doesNotExist');
    expect(image.statusCode).toBe(404);
    expect(image.json()).toEqual({ message: 'Image not found', error: 'Not Found' });
    const bad = await t.app.inject('/api/images/..%2Fetc');
    expect(bad.statusCode).toBe(400);
    const route = await t.app.inject({ method: 'POST', url: '/api/nothing-here' });
    expect(route.statusCode).toBe(404);
    expect(route.json()).toEqual({
      message: 'Route POST /api/nothing-here not found',
      error: 'Not Found',
    });
  });

  it('answers a malformed JSON body with 400 and an oversized one with 413', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      message: 'The request body is not valid JSON.',
      error: 'Bad Request',
    });
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ a: 'x'.repeat(1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe('Payload Too Large');
  });

  it('hides internals of an unexpected fault behind a plain 500', async () => {
    const res = await t.app.inject('/api/test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      error: 'Internal Server Error',
    });
    expect(res.body).not.toContain('secret internal detail');
  });

  it.runIf(testEngine === 'postgres')(
    'answers 503 with Retry-After when the database drops the connection, so clients retry',
    async () => {
      const res = await t.app.inject('/api/test/connection-lost');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({
        message: 'The service is busy right now. Please try again in a moment.',
        error: 'Service Unavailable',
      });
      expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    },
  );

  it('sends security headers with a CSP limited to what the SPA needs', async () => {
    const res = await t.app.inject('/store');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // The page's own inline script runs by its hash; no other inline script may.
    const themeHash = createHash('sha256').update(themeScript).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${themeHash}';`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("allows the page's own stylesheet by its hash, other style elements only by a nonce new on every page", async () => {
    const stylesHash = createHash('sha256').update(pageStyles).digest('base64');
    const nonces = [];
    for (const url of ['/store', '/store']) {
      const res = await t.app.inject(url);
      const styleSrc = /style-src ([^;]*)/.exec(
        String(res.headers['content-security-policy']),
      )?.[1];
      expect(styleSrc).toMatch(/^'self' 'sha256-[^']+' 'nonce-[A-Za-z0-9+/]{22}=='$/);
      expect(styleSrc).toContain(`'sha256-${stylesHash}'`);
      expect(styleSrc).not.toContain('unsafe-inline');
      const nonce = /'nonce-([^']+)'/.exec(styleSrc!)![1]!;
      expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
      expect(res.body).not.toContain('__STYLE_NONCE__');
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("sends API answers a policy that loads and frames nothing, not the page's", async () => {
    const res = await t.app.inject('/api/health');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves the SPA for other paths, uncached, compressed; hashed assets for a year', async () => {
    const page = await t.app.inject({ url: '/store?x=1', headers: { 'accept-encoding': 'gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toContain('<p>spa</p>');

    const root = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(root.statusCode).toBe(200);

    const asset = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toContain('console.log');
  });

  it("serves the build's own brotli copy of an asset when there is one", async () => {
    const asset = await t.app.inject({
      url: '/assets/built-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(
      `console.log('compressed by the build');`,
    );
    const plain = await t.app.inject({ url: '/assets/built-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(`console.log('as built');`);
  });

  it('answers 503 on health when the database does not answer', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject('/api/health');
    expect(res.statusCode).toBe(503);
    expect(res.json().status).toBe('unavailable');
    await other.app.close();
  });
});
