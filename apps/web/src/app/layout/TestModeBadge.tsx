import { Chip } from '@mui/material';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import { usePublicConfig } from '@/lib/config';

/** Shown on every page while payments go to the sandbox provider: no real money moves. */
export function TestModeBadge() {
  const { paymentProvider } = usePublicConfig();
  if (paymentProvider !== 'sandbox') return null;
  return (
    // A native title, not MUI's Tooltip: Popper would ride along on every first paint.
    <Chip
      data-testid="test-mode-badge"
      icon={<ScienceOutlined />}
      label="Test mode"
      title="Payments run in the sandbox: no real money is charged."
      size="small"
      color="warning"
      variant="outlined"
      sx={{ fontWeight: 700 }}
    />
  );
}
