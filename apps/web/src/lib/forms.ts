import type { FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api/client';

/**
 * Puts a server error on its form field when the API names one (`field` in the error body) and
 * that field is on the form; otherwise answers the message to show above the form.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): string | null {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  const field = (error.data as { field?: unknown } | null)?.field;
  if (typeof field === 'string' && fields.includes(field)) {
    setError(field as Path<T>, { type: 'server', message: error.message });
    return null;
  }
  return error.message;
}

/**
 * A form's resolver whose schema loads on its first check (or `preloadWhenIdle()`, from the
 * page's effect) instead of with the page: a sign-in page paints without zod and its schemas.
 */
export function lazyResolver<T extends FieldValues>(
  load: () => Promise<Resolver<T>>,
): Resolver<T> & { preload(): Promise<Resolver<T>>; preloadWhenIdle(): () => void } {
  let loading: Promise<Resolver<T>> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      // A failed chunk download is tried again on the next check.
      loading = undefined;
      throw error;
    }));
  const resolver: Resolver<T> = async (values, context, options) =>
    (await preload())(values, context, options);
  // Once the browser is idle after the first paint, so the download never competes with it;
  // the returned function cancels it (an effect's cleanup).
  const preloadWhenIdle = () => {
    const start = () => void preload().catch(() => undefined);
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(start, { timeout: 3_000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(start, 200);
    return () => clearTimeout(id);
  };
  return Object.assign(resolver, { preload, preloadWhenIdle });
}
