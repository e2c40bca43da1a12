import { Box, LinearProgress, Typography } from '@mui/material';

const LABELS = ['Too weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;
const COLORS = ['error', 'error', 'warning', 'success', 'success'] as const;
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

export function PasswordStrengthMeter({ password }: { password: string }) {
  const score = estimatePasswordScore(password);
  return (
    <Box aria-live="polite" sx={{ mt: -0.5 }}>
      <LinearProgress
        variant="determinate"
        value={password ? ((score + 1) / 5) * 100 : 0}
        color={COLORS[score]}
        aria-label="Password strength"
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color="text.secondary">
        {password
          ? `Strength: ${LABELS[score]}`
          : 'Use 8 or more characters; a few uncommon words work well.'}
      </Typography>
    </Box>
  );
}
