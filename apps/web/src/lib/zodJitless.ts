/**
 * Imported first by main.tsx: zod decides at each object schema's creation whether to probe for
 * eval (new Function), and the contract's schemas are created while modules load, before
 * main.tsx's own code runs. The CSP forbids eval, and Chromium reports the refused probe as a
 * policy violation (Lighthouse's best practices) even though zod catches it.
 */
import { config } from 'zod';

config({ jitless: true });
