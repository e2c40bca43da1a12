import { Alert, FormControlLabel, Paper, Stack, Switch, Typography } from '@mui/material';
import { useMaintenanceStatus, useSetMaintenance } from '@/lib/api/maintenance';
import { dateTimeFormat } from '@/lib/format';

/** Maintenance mode for every instance: collectors see the maintenance page and writes pause. */
export function MaintenanceSwitch() {
  const status = useMaintenanceStatus();
  const set = useSetMaintenance();
  const data = status.data?.data;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1}>
        <Typography variant="h6" component="h2">
          Maintenance mode
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={Boolean(data?.isEnabled)}
              disabled={!data || set.isPending}
              onChange={(e) => set.mutate(e.target.checked)}
            />
          }
          label={data?.isEnabled ? 'On' : 'Off'}
        />
        <Typography variant="body2" color="text.secondary">
          {data?.isEnabled && data.startedAt
            ? `On since ${dateTimeFormat.format(new Date(data.startedAt))}. Collectors see the maintenance page and their changes are paused; staff keep the site.`
            : 'When on, collectors see the maintenance page and their changes pause; staff keep the site.'}
        </Typography>
        {set.isError && <Alert severity="error">{set.error.message}</Alert>}
      </Stack>
    </Paper>
  );
}
