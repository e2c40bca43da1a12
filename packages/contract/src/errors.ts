import { z } from 'zod';

/** Every non-2xx answer of the API has this body (ARCHITECTURE.md, "Errors"). */
export const ErrorBody = z.object({
  message: z.string(),
  error: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
