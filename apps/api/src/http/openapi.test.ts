import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, endpointStatuses, endpointUrl, type Endpoint } from '@grail/contract';
import { ALL_FLAGS_ON, createTestApp, testEngine, type TestApp } from '../../test/helpers.js';
import { createUser, type TestUser } from '../../test/users.js';

type Operation = {
  operationId: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { description: string; content?: Record<string, unknown> }>;
};

const declared = Object.values(endpoints as Record<string, Endpoint>).filter((e) => !e.hidden);
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe(`the OpenAPI document says what the server does (${testEngine})`, () => {
  let t: TestApp;
  let doc: {
    paths: Record<string, Record<string, Operation>>;
    components: { securitySchemes: Record<string, unknown> };
  };
  const operation = (e: Endpoint) => doc.paths[openApiPath(e.path)]?.[e.method.toLowerCase()];

  beforeAll(async () => {
    // Flagged endpoints answer 404 while their flag is off (every flag is off by default in tests).
    t = await createTestApp({ env: ALL_FLAGS_ON });
    doc = (await t.app.inject({ url: '/api/docs/json' })).json();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('documents every declared endpoint with its id, summary, tags and security', () => {
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'bearerToken',
      'csrfToken',
      'sessionCookie',
    ]);
    for (const e of declared) {
      const op = operation(e);
      expect(op, `${e.method} ${e.path}`).toBeDefined();
      expect(op!.operationId).toBe(e.operationId);
      expect(op!.summary).toBe(e.summary);
      expect(op!.tags).toEqual([...e.tags]);
      const schemes = (op!.security ?? []).flatMap((s) => Object.keys(s));
      expect(schemes.includes('sessionCookie'), e.operationId).toBe(e.guard !== 'public');
      const needsCsrf = e.method !== 'GET' && !e.csrfExempt;
      expect(schemes.includes('csrfToken'), e.operationId).toBe(needsCsrf);
    }
  });

  it('lists exactly the statuses each operation answers, each with its meaning', () => {
    for (const e of declared) {
      const responses = operation(e)!.responses;
      expect(Object.keys(responses).map(Number), e.operationId).toEqual(endpointStatuses(e));
      for (const [code, r] of Object.entries(responses)) {
        expect(r.description, `${e.operationId} ${code}`).not.toBe('Default Response');
      }
      if (e.responseKind === 'empty') expect(responses[String(e.status)]!.content).toBeUndefined();
    }
  });

  it('documents the headers and bodies that are not plain JSON', () => {
    for (const e of declared) {
      const params = operation(e)!.parameters ?? [];
      const header = (name: string) => params.find((p) => p.in === 'header' && p.name === name);
      if (e.idempotent) expect(header('idempotency-key')?.required, e.operationId).toBe(true);
      for (const name of Object.keys(e.headers?.shape ?? {}))
        expect(header(name), `${e.operationId} ${name}`).toBeDefined();
      const body = operation(e)!.requestBody?.content ?? {};
      if (e.bodyKind === 'multipart') expect(Object.keys(body)).toEqual(['multipart/form-data']);
      if (e.body && (e.bodyKind ?? 'json') !== 'multipart')
        expect(Object.keys(body), e.operationId).toEqual(['application/json']);
    }
    expect(declared.some((e) => e.bodyKind === 'multipart')).toBe(true);
    expect(declared.some((e) => e.headers?.shape['stripe-signature'])).toBe(true);
  });

  /**
   * The statuses every endpoint shares are reached here for each one; the statuses of one endpoint
   * (402, 409, 415, 422, 429…) are reached by its module's own suite.
   */
  describe('reaches the shared statuses it documents', () => {
    let user: TestUser;
    let admin: TestUser;
    let unverified: TestUser;
    beforeAll(async () => {
      user = await createUser(t);
      admin = await createUser(t, { role: 'admin' });
      unverified = await createUser(t, { verified: false });
    });

    const caller = (e: Endpoint) => (e.guard === 'admin' ? admin : user);
    /** A well-formed id of each parameter's kind that names nothing. */
    const unknownParams = (e: Endpoint) =>
      Object.fromEntries(
        Object.entries(e.params?.shape ?? {}).map(([name, schema]) => [
          name,
          [randomUUID(), '999999999', 'unknown-image'].find(
            (candidate) =>
              (schema as { safeParse(v: unknown): { success: boolean } }).safeParse(candidate)
                .success,
          ) ?? 'unknown',
        ]),
      );
    const send = (
      e: Endpoint,
      headers: Record<string, string>,
      url = endpointUrl(e, unknownParams(e)),
    ) =>
      t.app.inject({
        method: e.method,
        url,
        headers: {
          ...headers,
          ...(e.idempotent ? { 'idempotency-key': randomUUID() } : {}),
          ...(e.method === 'GET' ? {} : { 'content-type': 'application/json' }),
        },
        payload: e.method === 'GET' ? undefined : '{}',
      });

    it('401 for a visitor, 403 for the wrong kind of caller or a missing CSRF token', async () => {
      for (const e of declared.filter((x) => x.responseKind !== 'event-stream')) {
        const documented = endpointStatuses(e);
        if (e.guard !== 'public') expect((await send(e, {})).statusCode, e.operationId).toBe(401);
        if (e.guard === 'admin')
          expect((await send(e, user.headers)).statusCode, e.operationId).toBe(403);
        if (e.guard === 'purchase')
          expect((await send(e, unverified.headers)).statusCode, e.operationId).toBe(403);
        if (documented.includes(403) && e.method !== 'GET' && !e.csrfExempt) {
          const withoutCsrf = { authorization: caller(e).headers.authorization! };
          expect((await send(e, withoutCsrf)).statusCode, e.operationId).toBe(403);
        }
      }
    });

    it('400 for bad input and 404 for an unknown object', async () => {
      for (const e of declared.filter((x) => x.responseKind !== 'event-stream')) {
        const documented = endpointStatuses(e);
        const headers = caller(e).headers;
        if (documented.includes(400)) {
          const firstParam = Object.keys(e.params?.shape ?? {})[0];
          const url = firstParam
            ? endpointUrl(e, { ...unknownParams(e), [firstParam]: 'bad\u0000id' })
            : `${endpointUrl(e)}?${new URLSearchParams({ q: 'bad\u0000' })}`;
          const res = await t.app.inject({
            method: e.method,
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: e.method === 'GET' ? undefined : '{"text":"bad\\u0000"}',
          });
          expect(res.statusCode, `${e.operationId} ${res.body}`).toBe(400);
        }
        // Past validation only when an empty body is a valid one.
        const emptyBodyValid = !e.body || e.body.safeParse({}).success;
        if (documented.includes(404) && e.params && emptyBodyValid) {
          const res = await send(e, headers);
          expect(res.statusCode, `${e.operationId} ${res.body}`).toBe(404);
        }
      }
    });

    it('400 naming a path parameter longer than any id, wherever it sits in the path', async () => {
      for (const e of declared.filter((x) => x.params && x.responseKind !== 'event-stream')) {
        const [name] = Object.keys(e.params!.shape);
        const url = endpointUrl(e, { ...unknownParams(e), [name!]: 'x'.repeat(5000) });
        const res = await send(e, caller(e).headers, url);
        expect(res.statusCode, `${e.operationId} ${res.body.slice(0, 200)}`).toBe(400);
        expect(res.json().field, e.operationId).toBe(name);
      }
    });

    it('503 for every write while maintenance is on', async () => {
      await t.app.services.maintenance.set(true);
      try {
        // Signing in and out stays open (staff must sign in to end maintenance).
        const open = new Set(['login', 'loginTotp', 'logout', 'resetSession']);
        for (const e of declared.filter((x) => x.method !== 'GET' && !open.has(x.operationId))) {
          if (e.guard === 'admin') continue;
          const res = await send(e, e.csrfExempt ? {} : user.headers);
          expect(res.statusCode, `${e.operationId} ${res.body}`).toBe(503);
        }
      } finally {
        await t.app.services.maintenance.set(false);
      }
    });
  });

  it('is served in production only when API_DOCS=true', async () => {
    const production = {
      APP_ENV: 'production',
      PUBLIC_URL: 'https://grail.example',
      PAYMENT_PROVIDER: 'sandbox',
    };
    const hidden = await createTestApp({ env: production });
    const shown = await createTestApp({ env: { ...production, API_DOCS: 'true' } });
    try {
      expect((await hidden.app.inject({ url: '/api/docs/json' })).statusCode).toBe(404);
      expect((await shown.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
    } finally {
      await hidden.close();
      await shown.close();
    }
  });
});
