import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
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
