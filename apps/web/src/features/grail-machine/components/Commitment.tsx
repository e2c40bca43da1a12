import { Box, Typography } from '@mui/material';

/**
 * One of a case's published fairness values (a hash, the revealed seed), shown whole: the hex
 * wraps anywhere rather than being cut, so it can be copied and compared. `pending` stands in
 * for a value not published yet, saying when it will be.
 */
export function Commitment({
  label,
  value,
  pending,
}: {
  label: string;
  value: string | null;
  pending?: string;
}) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      {value === null ? (
        // Words, not a hash: wrapped like prose so no word is split mid-way.
        <Typography variant="body2">{pending}</Typography>
      ) : (
        <Typography
          component="code"
          variant="body2"
          sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
        >
          {value}
        </Typography>
      )}
    </Box>
  );
}
