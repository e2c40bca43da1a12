import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import { CSRF_HEADER_NAME, endpoints, SESSION_COOKIE_NAME, type Endpoint } from '@grail/contract';

/** How a caller authenticates and proves a write is its own (declared before routes refer to them). */
export const securitySchemes = {
  sessionCookie: { type: 'apiKey' as const, in: 'cookie' as const, name: SESSION_COOKIE_NAME },
  bearerToken: { type: 'http' as const, scheme: 'bearer' },
  csrfToken: { type: 'apiKey' as const, in: 'header' as const, name: CSRF_HEADER_NAME },
};

/** What each error status means for any operation; an operation lists the ones it can answer. */
const ERROR_MEANINGS: Record<number, string> = {
  400: 'Bad input: `field` names what is wrong',
  401: 'Not signed in',
  402: 'The wallet balance is short: `shortfall` says by how much',
  403: 'Not allowed: a missing or wrong CSRF token, staff only, or buying needs a verified e-mail and a complete 18+ profile',
  404: 'No such object, or not the caller’s',
  409: 'Conflicts with the current state, named in the message',
  413: 'The body is too large',
  415: 'Not a supported type of file',
  422: 'The Idempotency-Key was already used with a different request',
  429: 'Too many attempts: retry after `Retry-After` seconds',
  502: 'The payment provider did not answer',
  503: 'Busy, starting, or under maintenance (writes pause): retry after `Retry-After` seconds',
};

type Operation = {
  operationId?: string;
  requestBody?: unknown;
  responses?: Record<string, { description?: string; content?: unknown }>;
  [key: string]: unknown;
};
type Document = {
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
  [key: string]: unknown;
};

const byOperationId = new Map(
  Object.values(endpoints as Record<string, Endpoint>).map((e) => [e.operationId, e]),
);

/**
 * Completes what the schema transform cannot say: each status's meaning, bodies that are not
 * JSON (multipart uploads, signed webhooks), answers that are bytes or a stream, and no content
 * on 204.
 */
export function completeOpenApiDocument(
  input: { openapiObject: unknown } | { swaggerObject: unknown },
): Document {
  if (!('openapiObject' in input)) throw new Error('Only OpenAPI 3 documents are produced');
  const doc = input.openapiObject as Document;
  for (const methods of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(methods)) {
      const e = operation.operationId ? byOperationId.get(operation.operationId) : undefined;
      if (!e) continue;
      describeResponses(e, operation);
      if (e.bodyKind === 'multipart' && e.body) {
        operation.requestBody = {
          required: true,
          content: {
            'multipart/form-data': {
              schema: z.toJSONSchema(e.body, { io: 'input', unrepresentable: 'any' }),
            },
          },
        };
      } else if (e.bodyKind === 'raw') {
        operation.requestBody = {
          required: true,
          description: 'The exact bytes the sender signed',
          content: { 'application/json': { schema: { type: 'string' } } },
        };
      }
    }
  }
  return doc;
}

function describeResponses(e: Endpoint, operation: Operation) {
  const success = e.status ?? 200;
  for (const [code, response] of Object.entries(operation.responses ?? {})) {
    const status = Number(code);
    if (status >= 400) {
      response.description = ERROR_MEANINGS[status] ?? STATUS_CODES[status] ?? 'Error';
    } else if (status === success) {
      response.description = e.idempotent
        ? `${e.summary}. A repeated Idempotency-Key answers the first answer again, with Idempotent-Replayed: true.`
        : e.summary;
    }
    if (status >= 400) continue;
    if (e.responseKind === 'empty') delete response.content;
    if (e.responseKind === 'binary')
      response.content = { 'image/webp': { schema: { type: 'string', format: 'binary' } } };
    if (e.responseKind === 'event-stream')
      response.content = { 'text/event-stream': { schema: { type: 'string' } } };
  }
}
