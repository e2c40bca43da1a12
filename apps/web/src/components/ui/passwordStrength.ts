/** The strength meters' words, from score 0 to 4. */
export const STRENGTH_LABELS = ['Too weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;

const COMMON = /(password|qwerty|letmein|welcome|admin|iloveyou|monkey|dragon|1234|abcd|1111)/i;

/**
 * A quick estimate while typing (length, variety, obvious patterns). The server has the final say
 * with a full dictionary check and explains a refusal on the field.
 */
export function estimatePasswordScore(password: string): number {
  if (!password) return 0;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(password)).length;
  let score = password.length >= 16 ? 3 : password.length >= 12 ? 2 : password.length >= 8 ? 1 : 0;
  if (classes >= 3) score += 1;
  if (password.length >= 12 && classes >= 2) score += 1;
  if (COMMON.test(password) || /^(.)\1+$/.test(password)) score = Math.min(score, 1);
  return Math.min(score, 4);
}
