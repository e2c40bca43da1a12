import type { FastifyError, FastifyInstance } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { COMMITTED_CARD_MESSAGE } from '@grail/contract';
import { AppError } from '../errors.js';

const statusText = (status: number) => STATUS_CODES[status] ?? 'Error';

/**
 * PostgreSQL refusing work for a moment (too many connections, starting up or shutting down,
 * connection lost): the transaction did not commit, so the client may safely try again.
 */
const DATABASE_BUSY = new Set(['53300', '57P01', '57P03', '08000', '08003', '08006']);
function isDatabaseBusy(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return [e.code, e.cause?.code].some((c) => typeof c === 'string' && DATABASE_BUSY.has(c));
}

/**
 * The database refusing to change a committed Grail case (triggers of migration 0007): the
 * SQLSTATE names what was refused. Anything that reaches it past the services' own checks is
 * still a conflict with the published commitment, never a server fault.
 */
const GRAIL_COMMITMENT_REFUSALS: Record<string, string> = {
  GC001: COMMITTED_CARD_MESSAGE,
  GC002: 'This Grail case is committed and cannot be changed.',
  GC003: 'A recorded pull cannot be changed.',
};
function grailCommitmentRefusal(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  for (const code of [e.code, e.cause?.code]) {
    if (typeof code === 'string' && Object.hasOwn(GRAIL_COMMITMENT_REFUSALS, code)) {
      return GRAIL_COMMITMENT_REFUSALS[code];
    }
  }
  return undefined;
}

/** Every non-2xx answer is `{ message, error }`; 5xx never carry internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      for (const [name, value] of Object.entries(err.headers)) reply.header(name, value);
      return reply
        .status(err.statusCode)
        .send({ message: err.message, error: err.error, ...err.extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const where = err.validationContext ?? 'request';
      const field = first?.instancePath
        ? first.instancePath.replace(/^\//, '').replaceAll('/', '.')
        : ((first?.params as { issue?: { path?: unknown[] } })?.issue?.path ?? []).join('.');
      const name = field || where;
      return reply.status(400).send({
        message: `Invalid ${where} ${name}: ${first?.message ?? 'invalid value'}`.replace(
          `${where} ${where}`,
          where,
        ),
        error: 'Bad Request',
        field: name,
      });
    }
    const refusal = grailCommitmentRefusal(err);
    if (refusal) {
      return reply.status(409).send({ message: refusal, error: statusText(409) });
    }
    if (isDatabaseBusy(err)) {
      request.log.warn({ err }, 'database busy');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({
          message: 'The service is busy right now. Please try again in a moment.',
          error: statusText(503),
        });
    }
    const status =
      typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(status).send({
        message: 'Something went wrong on our side. Please try again.',
        error: statusText(status),
      });
    }
    const messages: Record<string, string> = {
      FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
      FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but its content type says JSON.',
      FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large (1 MB at most).',
      FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported here.',
    };
    return reply
      .status(status)
      .send({ message: messages[err.code] ?? err.message, error: statusText(status) });
  });
}
