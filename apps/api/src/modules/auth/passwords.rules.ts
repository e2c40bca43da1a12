import { hash, verify } from '@node-rs/argon2';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { badRequest } from '../../errors.js';

/**
 * argon2id at OWASP's floor or above (19 MiB, 2 passes). `algorithm: 2` is Argon2id: the
 * package's const enum cannot be imported under verbatimModuleSyntax.
 */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** zxcvbn score 0–4; below 3 a password falls to an offline guessing attack too quickly. */
const MIN_SCORE = 3;

export const hashPassword = (password: string) => hash(password, ARGON2);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a password nobody has, verified when the account is unknown so timing matches. */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = () => (decoyHash ??= hashPassword('no account has this password'));

/**
 * Loaded on the first check: unpacking and ranking the dictionaries cost most of a second of CPU,
 * which every start of the server (and every test file's import of the app) paid before.
 */
let strengthMeter: Promise<ZxcvbnFactory> | undefined;
const loadStrengthMeter = () =>
  (strengthMeter ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([{ ZxcvbnFactory }, common, en]) =>
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
      }),
  ));

/**
 * Rejects a guessable password with a message saying why (400 on the `password` field).
 * `personal` holds the person's own email and username, which make a password easy to guess.
 */
export async function assertStrongPassword(
  password: string,
  personal: string[] = [],
  field = 'password',
): Promise<void> {
  const words = personal.flatMap((p) => [p, ...p.split(/[@._-]/)]).filter((w) => w.length >= 3);
  const result = (await loadStrengthMeter()).check(password, words);
  if (result.score >= MIN_SCORE) return;
  const why = result.feedback.warning ?? 'This password would be easy to guess.';
  const tip = result.feedback.suggestions[0];
  throw badRequest(`Password is too weak. ${why}${tip ? ` ${tip}` : ''}`, { field });
}
