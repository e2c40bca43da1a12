import { isSafeReturnPath } from '@grail/contract';

/**
 * `value` when it is a path of this site to send a person back to (after signing in, completing
 * the profile or paying), else null. The contract's rule, the same check the API makes: never
 * another origin, however it is written (`//host`, `/\host`, `/%2F%2Fhost`, `https://…`).
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  return typeof value === 'string' && isSafeReturnPath(value) ? value : null;
}
