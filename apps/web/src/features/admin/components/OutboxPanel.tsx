import { useState } from 'react';
import { Alert, Badge, Button, Skeleton, Table } from '@/components/ui';
import { dateTimeFormat } from '@/lib/format';
import { useOutbox, useRetryOutbox, type OutboxFilter } from '../api/outbox';
import admin from '../admin.module.css';
import styles from './OutboxPanel.module.css';

const FILTERS: { value: OutboxFilter; label: string }[] = [
  { value: 'dead', label: 'Failed' },
  { value: 'pending', label: 'On their way' },
];

/**
 * The outbox seen by staff: e-mails and webhooks that failed every attempt (dead), with their
 * last error and a button to send again, or still on their way (pending, with the next attempt).
 */
export function OutboxPanel() {
  const [status, setStatus] = useState<OutboxFilter>('dead');
  const messages = useOutbox(status);
  const retry = useRetryOutbox();
  const last = status === 'dead' ? 'Action' : 'Next attempt';
  return (
    <div className={`${admin.panel} ${styles.panel}`}>
      <div className={styles.head}>
        <h2 className={admin.heading}>E-mails and webhooks</h2>
        <div role="group" aria-label="Which messages" className={styles.filters}>
          {FILTERS.map((filter) => (
            <Button
              key={filter.value}
              size="small"
              variant={filter.value === status ? 'contained' : 'outlined'}
              aria-pressed={filter.value === status}
              onClick={() => setStatus(filter.value)}
            >
              {filter.label}
            </Button>
          ))}
        </div>
      </div>
      {retry.isError && <Alert severity="error">{retry.error.message}</Alert>}
      {messages.isPending ? (
        <div className={admin.stack}>
          <Skeleton height={40} />
          <Skeleton height={40} />
        </div>
      ) : messages.isError ? (
        <Alert
          severity="error"
          action={
            <Button size="small" onClick={() => void messages.refetch()}>
              Retry
            </Button>
          }
        >
          Could not load the outbox.
        </Alert>
      ) : messages.data.length === 0 ? (
        <p className={admin.muted}>
          {status === 'dead' ? 'No failed messages.' : 'Nothing waiting to be sent.'}
        </p>
      ) : (
        <Table
          label="Outbox messages"
          rows={messages.data}
          rowKey={(m) => m._id}
          rowProps={() => ({ 'data-testid': 'outbox-message' })}
          columns={[
            {
              key: 'created',
              title: 'Created',
              cell: (m) => dateTimeFormat.format(new Date(m.createdAt)),
            },
            {
              key: 'message',
              title: 'Message',
              cell: (m) => (
                <span className={styles.message}>
                  <Badge>{m.kind === 'email' ? 'E-mail' : 'Webhook'}</Badge>
                  {m.subject ? `${m.subject} → ` : ''}
                  {m.target}
                </span>
              ),
            },
            { key: 'attempts', title: 'Attempts', cell: (m) => m.attempts },
            {
              key: 'error',
              title: 'Last error',
              cell: (m) => <span className={admin.wrapAnywhere}>{m.lastError ?? '—'}</span>,
            },
            {
              key: 'last',
              title: last,
              cell: (m) =>
                status === 'dead' ? (
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => retry.mutate(m._id)}
                    disabled={retry.isPending}
                    aria-label={`Send again: ${m.subject ?? m.target}`}
                  >
                    Send again
                  </Button>
                ) : (
                  dateTimeFormat.format(new Date(m.nextAttemptAt))
                ),
            },
          ]}
        />
      )}
    </div>
  );
}
