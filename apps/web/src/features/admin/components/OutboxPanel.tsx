import { useState } from 'react';
import {
  Alert,
  Button,
  Chip,
  Paper,
  Skeleton,
  Stack,
  TableCell,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { StackedTable } from '@/components/StackedTable';
import { RetryAlert } from '@/components/RetryAlert';
import { dateTimeFormat } from '@/lib/format';
import { useOutbox, useRetryOutbox, type OutboxFilter } from '../api/outbox';

/**
 * The outbox seen by staff: e-mails and webhooks that failed every attempt (dead), with their
 * last error and a button to send again, or still on their way (pending, with the next attempt).
 */
export function OutboxPanel() {
  const [status, setStatus] = useState<OutboxFilter>('dead');
  const messages = useOutbox(status);
  const retry = useRetryOutbox();
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ p: 2, pb: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h6" component="h2">
          E-mails and webhooks
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={status}
          onChange={(_, value: OutboxFilter | null) => value && setStatus(value)}
          aria-label="Which messages"
        >
          <ToggleButton value="dead">Failed</ToggleButton>
          <ToggleButton value="pending">On their way</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {retry.isError && (
        <Alert severity="error" sx={{ mx: 2 }}>
          {retry.error.message}
        </Alert>
      )}
      {messages.isPending ? (
        <Stack spacing={1} sx={{ p: 2 }}>
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Stack>
      ) : messages.isError ? (
        <Stack sx={{ p: 2 }}>
          <RetryAlert onRetry={() => void messages.refetch()}>
            Could not load the outbox.
          </RetryAlert>
        </Stack>
      ) : messages.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {status === 'dead' ? 'No failed messages.' : 'Nothing waiting to be sent.'}
        </Typography>
      ) : (
        <StackedTable
          label="Outbox messages"
          head={[
            'Created',
            'Message',
            'Attempts',
            'Last error',
            status === 'dead' ? 'Action' : 'Next attempt',
          ]}
        >
          {messages.data.map((m) => (
            <TableRow key={m._id} data-testid="outbox-message">
              <TableCell data-label="Created">
                {dateTimeFormat.format(new Date(m.createdAt))}
              </TableCell>
              <TableCell data-label="Message">
                <span>
                  <Chip
                    size="small"
                    label={m.kind === 'email' ? 'E-mail' : 'Webhook'}
                    sx={{ mr: 1 }}
                  />
                  {m.subject ? `${m.subject} → ` : ''}
                  {m.target}
                </span>
              </TableCell>
              <TableCell data-label="Attempts">{m.attempts}</TableCell>
              <TableCell data-label="Last error" sx={{ wordBreak: 'break-word' }}>
                {m.lastError ?? '—'}
              </TableCell>
              <TableCell data-label={status === 'dead' ? 'Action' : 'Next attempt'}>
                {status === 'dead' ? (
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
                )}
              </TableCell>
            </TableRow>
          ))}
        </StackedTable>
      )}
    </Paper>
  );
}
