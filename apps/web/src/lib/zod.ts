/**
 * What `zod` is in the web app: vite.config.ts resolves the bare name here, so these settings
 * apply before any schema exists, in whichever lazily loaded chunk first brings zod.
 * - jitless: zod probes for eval (new Function) when it creates an object schema. The CSP forbids
 *   eval, and Chromium reports the refused probe as a policy violation (Lighthouse's best
 *   practices) even though zod catches it.
 * - The product's words for a rule without a message of its own, as the server says them.
 */
import { config } from 'zod/v4';
import { plainMessage } from '@grail/contract/plain-messages';

config({ jitless: true, customError: plainMessage });

export * from 'zod/v4';
export { default } from 'zod/v4';
