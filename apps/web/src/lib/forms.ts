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

/** A resolver whose schema loads on its first check; `preload()` starts the download sooner. */
export type LazyResolver<T extends FieldValues> = Resolver<T> & {
  preload(): Promise<Resolver<T>>;
};

/**
 * A form's resolver whose schema loads on its first check instead of with the page, so a sign-in
 * page paints without zod and its schemas. `Form` starts the download at the first input in the
 * form: a visitor who only looks never pays for it, and one who types has it by the first check.
 */
export function lazyResolver<T extends FieldValues>(
  load: () => Promise<Resolver<T>>,
): LazyResolver<T> {
  let loading: Promise<Resolver<T>> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      // A failed chunk download is tried again on the next check.
      loading = undefined;
      throw error;
    }));
  const resolver: Resolver<T> = async (values, context, options) =>
    (await preload())(values, context, options);
  return Object.assign(resolver, { preload });
}
