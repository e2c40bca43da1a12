import { Stack, Typography } from '@mui/material';

/** One line of a purchase summary: a label on the left, its amount on the right. */
export function SummaryRow({
  label,
  value,
  strong,
}: {
  label: string;
  value: string;
  strong?: boolean;
}) {
  return (
    <Stack direction="row" justifyContent="space-between" spacing={2}>
      <Typography color={strong ? 'text.primary' : 'text.secondary'}>{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 700 : 500, textAlign: 'right' }}>{value}</Typography>
    </Stack>
  );
}
