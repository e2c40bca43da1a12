import { Alert, Switch } from '@/components/ui';
import { useMaintenanceStatus, useSetMaintenance } from '@/lib/api/maintenance';
import { dateTimeFormat } from '@/lib/format';
import admin from '../admin.module.css';

/** Maintenance mode for every instance: collectors see the maintenance page and writes pause. */
export function MaintenanceSwitch() {
  const status = useMaintenanceStatus();
  const set = useSetMaintenance();
  const data = status.data?.data;
  return (
    <div className={`${admin.panel} ${admin.stack}`}>
      <h2 className={admin.heading}>Maintenance mode</h2>
      <Switch
        label={data?.isEnabled ? 'On' : 'Off'}
        checked={Boolean(data?.isEnabled)}
        disabled={!data || set.isPending}
        onCheckedChange={(on) => set.mutate(on)}
      />
      <p className={`${admin.muted} ${admin.small}`}>
        {data?.isEnabled && data.startedAt
          ? `On since ${dateTimeFormat.format(new Date(data.startedAt))}. Collectors see the maintenance page and their changes are paused; staff keep the site.`
          : 'When on, collectors see the maintenance page and their changes pause; staff keep the site.'}
      </p>
      {set.isError && <Alert severity="error">{set.error.message}</Alert>}
    </div>
  );
}
