import { Box, LinearProgress, Typography } from '@mui/material';
import { STRENGTH_LABELS as LABELS, estimatePasswordScore } from './ui/passwordStrength';

// The estimate lives beside the build-time styled meter, which must not import MUI through here.
export { estimatePasswordScore };

const COLORS = ['error', 'error', 'warning', 'success', 'success'] as const;

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
