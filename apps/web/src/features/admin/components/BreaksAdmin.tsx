import clsx from 'clsx';
import { useState } from 'react';
import { Alert, Badge, Button, Spinner } from '@/components/ui';
import { formatUsd } from '@/lib/format';
import { useAdminBreaks } from '../api/breaks';
import { BreakEditor } from './BreakEditor';
import { STATUS_LABEL } from './breakStatus';
import { NewBreakForm } from './NewBreakForm';
import admin from '../admin.module.css';
import styles from './BreaksAdmin.module.css';
import ui from '@/lib/styles/ui.module.css';

/** Staff's breaks: every break, a new draft, and the selected break's controls. */
export function BreaksAdmin() {
  const breaks = useAdminBreaks();
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const current = selected ?? breaks.data?.[0]?._id ?? null;
  return (
    <div className={styles.columns}>
      <div className={ui.paper}>
        <div className={styles.new}>
          <Button variant="contained" fullWidth onClick={() => setCreating(true)}>
            New break
          </Button>
        </div>
        {breaks.isPending && <Spinner label="Loading breaks" className={styles.spinner} />}
        {breaks.isError && <Alert severity="error">Could not load breaks.</Alert>}
        {breaks.data?.length === 0 && <p className={admin.panelEmpty}>No breaks yet.</p>}
        <ul aria-label="Breaks" className={styles.list}>
          {breaks.data?.map((b) => (
            <li key={b._id}>
              <button
                type="button"
                className={clsx(ui.rowButton, styles.entry)}
                aria-current={!creating && b._id === current ? 'true' : undefined}
                onClick={() => {
                  setCreating(false);
                  setSelected(b._id);
                }}
              >
                <span className={styles.title}>{b.title}</span>
                <span className={styles.line}>
                  <Badge>{STATUS_LABEL[b.status]}</Badge>
                  {b.spotsSold}/{b.totalSpots} · {formatUsd(b.spotPrice)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      {creating || (breaks.data && !current) ? (
        <NewBreakForm
          onCreated={(id) => {
            setSelected(id);
            setCreating(false);
          }}
          onCancel={() => setCreating(false)}
        />
      ) : current ? (
        <BreakEditor id={current} />
      ) : null}
    </div>
  );
}
