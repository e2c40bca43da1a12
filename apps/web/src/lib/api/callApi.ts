import {
  endpointUrl,
  type Endpoint,
  type EndpointBodyInput,
  type EndpointParamsInput,
  type EndpointQueryInput,
  type EndpointResponse,
} from '@grail/contract';
import { apiRequest } from './client';

/** What a call to endpoint E takes: exactly the inputs its contract declares. */
export type CallInput<E extends Endpoint> = { signal?: AbortSignal } & (E['params'] extends object
  ? { params: EndpointParamsInput<E> }
  : { params?: never }) &
  (E['query'] extends object ? { query?: Partial<EndpointQueryInput<E>> } : { query?: never }) &
  (E['bodyKind'] extends 'multipart'
    ? { body: FormData }
    : E['body'] extends object
      ? { body?: EndpointBodyInput<E> }
      : { body?: never }) &
  (E['idempotent'] extends true ? { idempotencyKey: string } : { idempotencyKey?: never });

type Args<E extends Endpoint> =
  object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/**
 * Calls one endpoint of the contract: builds its URL from the declared path and query, sends the
 * body and the Idempotency-Key it declares, and returns its response type. In development and
 * tests the answer is checked against the response schema, so a drift between the apps shows at
 * once rather than as an undefined field on a page.
 */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  ...[input]: Args<E>
): Promise<EndpointResponse<E>> {
  const { params, query, body, idempotencyKey, signal } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
    idempotencyKey?: string;
    signal?: AbortSignal;
  };
  const data = await apiRequest<unknown>(endpointUrl(endpoint, params, query), {
    method: endpoint.method,
    body: body ?? (endpoint.method === 'GET' || endpoint.method === 'HEAD' ? undefined : {}),
    headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
    signal,
    csrfExempt: endpoint.csrfExempt,
  });
  if (import.meta.env.DEV && endpoint.response && endpoint.responseKind !== 'empty') {
    const checked = endpoint.response.safeParse(data);
    if (!checked.success) {
      throw new Error(
        `${endpoint.method} ${endpoint.path} answered outside its contract: ${checked.error.message}`,
      );
    }
  }
  return data as EndpointResponse<E>;
}
