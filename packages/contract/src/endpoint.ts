import type { z } from 'zod';
import type { FeatureFlag } from './flags.js';

/**
 * Who may call an endpoint, checked before its input is validated:
 * - public: anyone;
 * - authenticated: a signed-in user (401 otherwise);
 * - purchase: a signed-in user who may buy (verified e-mail, complete 18+ profile; 403 otherwise);
 * - admin: a signed-in staff member (403 for anyone else).
 */
export type GuardKind = 'public' | 'authenticated' | 'purchase' | 'admin';
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** What the request body is: JSON (the default), a multipart upload, or raw bytes (signed webhooks). */
export type BodyKind = 'json' | 'multipart' | 'raw';
/** What the success answer is: JSON (the default), no body, bytes (images) or an event stream. */
export type ResponseKind = 'json' | 'empty' | 'binary' | 'event-stream';

type AnySchema = z.ZodType;
type ObjectSchema = z.ZodObject;

/** One API endpoint: the single declaration both apps obey. */
export interface Endpoint {
  method: HttpMethod;
  /** Fastify-style path: `/api/grail-cases/:caseId/packs`. */
  path: string;
  /** Stable name in the OpenAPI document (`operationId`). */
  operationId: string;
  summary: string;
  tags: readonly string[];
  guard: GuardKind;
  /** Unsafe methods need the x-csrf-token header unless exempt (public sign-in calls, webhooks). */
  csrfExempt?: boolean;
  /**
   * An HTML form (no script, so no header) may send the CSRF token in this field of an
   * application/x-www-form-urlencoded body instead; it is checked as soon as the body is read.
   */
  csrfFormField?: string;
  /** Reads and requires the Idempotency-Key header; a replay answers with Idempotent-Replayed. */
  idempotent?: boolean;
  /** Headers read besides the session and CSRF ones, documented in OpenAPI. */
  headers?: ObjectSchema;
  params?: ObjectSchema;
  query?: ObjectSchema;
  body?: AnySchema;
  bodyKind?: BodyKind;
  /** The success status (200 unless said); 302 for a page the browser is sent on to (OAuth callbacks). */
  status?: 200 | 201 | 202 | 204 | 302;
  response?: AnySchema;
  responseKind?: ResponseKind;
  /**
   * Counted against an abuse limit (a rate limit, or a cap on open streams): it answers 429 with
   * Retry-After when over it. The statuses add 429 from this, and the server refuses to take a
   * limit in an endpoint that does not say so, so no limited endpoint leaves its 429 undocumented.
   */
  rateLimited?: boolean;
  /** Error statuses this endpoint answers besides the ones its guard, inputs and limit imply. */
  errors?: readonly number[];
  /** Hidden from the OpenAPI document (development-only routes). */
  hidden?: boolean;
  /** The feature flag this endpoint belongs to: while the flag is off it answers 404. */
  flag?: FeatureFlag;
}

/** Declares an endpoint, keeping its literal types so both apps infer from it. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

/**
 * Declares the staff steps of one kind of record (POST <records>/:id/<step>): each answers 409 when
 * the record's state does not allow it. `common` holds what every step of the kind shares, the
 * step the rest.
 */
export const staffSteps =
  <const Records extends string, const Common extends Pick<Endpoint, 'tags'> & Partial<Endpoint>>(
    records: Records,
    common: Common,
  ) =>
  <
    const Step extends string,
    const Rest extends Pick<Endpoint, 'operationId' | 'summary'> & Partial<Endpoint>,
  >(
    step: Step,
    rest: Rest,
  ) =>
    endpoint({
      method: 'POST',
      path: `${records}/:id/${step}` as const,
      guard: 'admin',
      errors: [409] as const,
      ...common,
      ...rest,
    });

type Infer<S, Fallback> = S extends AnySchema ? z.output<S> : Fallback;
type InferInput<S, Fallback> = S extends AnySchema ? z.input<S> : Fallback;

export type EndpointParams<E extends Endpoint> = Infer<E['params'], undefined>;
export type EndpointQuery<E extends Endpoint> = Infer<E['query'], undefined>;
export type EndpointBody<E extends Endpoint> = Infer<E['body'], undefined>;
export type EndpointResponse<E extends Endpoint> = Infer<E['response'], void>;
/** What a caller sends: the schemas' input side (defaults may be left out). */
export type EndpointParamsInput<E extends Endpoint> = InferInput<E['params'], undefined>;
export type EndpointQueryInput<E extends Endpoint> = InferInput<E['query'], undefined>;
export type EndpointBodyInput<E extends Endpoint> = InferInput<E['body'], undefined>;

/** The statuses an endpoint can answer with, success first: what OpenAPI lists. */
export function endpointStatuses(e: Endpoint): number[] {
  const statuses = new Set<number>([e.status ?? 200]);
  const errors = new Set<number>(e.errors ?? []);
  if (e.params || e.query || e.body || e.idempotent || e.headers) errors.add(400);
  if (e.guard !== 'public') errors.add(401);
  if (e.guard === 'purchase' || e.guard === 'admin') errors.add(403);
  if (isUnsafe(e.method) && !e.csrfExempt) errors.add(403);
  if (e.idempotent) errors.add(422);
  if (e.rateLimited) errors.add(429);
  if (e.params || e.flag) errors.add(404);
  // The database refusing work for a moment, or (for writes) maintenance: retry later.
  errors.add(503);
  return [...statuses, ...[...errors].sort((a, b) => a - b)];
}

export const isUnsafe = (method: HttpMethod) =>
  method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';

/**
 * The URL of an endpoint: path parameters filled in (encoded) and the query appended, leaving out
 * undefined values. The only way either app turns an endpoint into a URL.
 */
export function endpointUrl(
  e: Pick<Endpoint, 'path'>,
  params?: Record<string, string | number> | undefined,
  query?: Record<string, unknown> | undefined,
): string {
  const path = e.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${e.path}`);
    return encodeURIComponent(String(value));
  });
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
