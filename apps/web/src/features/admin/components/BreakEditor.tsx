import { Link } from 'react-router';
import { z } from 'zod';
import clsx from 'clsx';
import { BREAK_FORMAT_LABELS, BreakUpdate, type AdminBreak } from '@grail/contract';
import {
  Alert,
  Badge,
  buttonClass,
  Form,
  FormSubmit,
  FormTextField,
  Spinner,
  Table,
} from '@/components/ui';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import { useAdminBreak, useBreakCommands, type BreakCommand } from '../api/breaks';
import admin from '../admin.module.css';
import { STATUS_LABEL } from './breakStatus';
import { BuybackCell } from './BreakBuybackCell';
import { ConfirmButton } from './ConfirmButton';
import { HitForm } from './BreakHitForm';
import styles from './BreakEditor.module.css';

/** The stream link as typed: blank removes it, else the contract's rule for a link. */
const StreamFields = z.object({
  streamUrl: z
    .string()
    .transform((text) => text.trim() || null)
    .pipe(BreakUpdate.shape.streamUrl.unwrap()),
});

/** The link to the live stream, changeable until the break is over. */
function StreamForm({ b }: { b: AdminBreak }) {
  const { update } = useBreakCommands();
  return (
    <Form
      // A link saved elsewhere starts the field over.
      key={b.streamUrl ?? ''}
      schema={StreamFields}
      defaultValues={{ streamUrl: b.streamUrl ?? '' }}
      onSubmit={(patch) => update.mutateAsync({ id: b._id, patch })}
    >
      <div className={admin.row}>
        <div className={styles.grow}>
          <FormTextField
            name="streamUrl"
            label="Live stream link"
            helperText="YouTube, Twitch or Whatnot URL"
          />
        </div>
        <FormSubmit size="small" variant="outlined" fullWidth={false}>
          Save link
        </FormSubmit>
      </div>
    </Form>
  );
}

type Spot = AdminBreak['spots'][number];
type Hit = AdminBreak['hits'][number];

/** One break as staff run it: its state, the command that moves it on, its spots and hits. */
export function BreakEditor({ id }: { id: string }) {
  const query = useAdminBreak(id);
  const { command, update, upload } = useBreakCommands();
  const b = query.data;
  if (query.isPending) return <Spinner label="Loading the break" />;
  if (query.isError || !b) return <Alert severity="error">Could not load this break.</Alert>;
  const run = (c: BreakCommand) => command.mutate({ id: b._id, command: c });
  const canChangeStream = b.status !== 'completed' && b.status !== 'cancelled';
  const uploadProduct = async (file: File) => {
    const { imageId } = await upload.mutateAsync({ id: b._id, file });
    update.mutate({ id: b._id, patch: { imageId } });
  };

  return (
    <div className={clsx(ui.paper, styles.panel)} data-testid="break-editor">
      <div>
        <div className={styles.heading}>
          <Badge>{STATUS_LABEL[b.status]}</Badge>
          <h3 className={styles.title}>{b.title}</h3>
        </div>
        <p className={clsx(admin.muted, admin.small)}>
          {BREAK_FORMAT_LABELS[b.format]} · {b.spotsSold} of {b.totalSpots} spots sold (runs with{' '}
          {b.minSpots}) · sales close {dateTimeFormat.format(new Date(b.salesDeadline))} · opens{' '}
          {dateTimeFormat.format(new Date(b.scheduledAt))}
        </p>
        {b.status !== 'draft' && (
          <div className={styles.links}>
            <Link to={paths.breakDetail.getHref(b._id)} className={ui.textLink}>
              Public page
            </Link>
            <Link to={paths.breakReveal.getHref(b._id)} className={ui.textLink}>
              Team draw
            </Link>
            <Link to={paths.breakPackReveal.getHref({ break: b._id })} className={ui.textLink}>
              Hits live
            </Link>
          </div>
        )}
      </div>

      <div className={styles.buttons}>
        {b.status === 'draft' && (
          <ConfirmButton
            label="Open sales"
            title="Put the spots on sale?"
            text="The team list, prices and times are then fixed, and the server seed's hash is published."
            onConfirm={() => run('open')}
            disabled={command.isPending}
          />
        )}
        {(b.status === 'open' || b.status === 'filled') && (
          <ConfirmButton
            label="Start break"
            title="Start the break now?"
            text="The teams are drawn live for everyone watching and the seed is revealed."
            onConfirm={() => run('start')}
            disabled={command.isPending || b.status !== 'filled'}
          />
        )}
        {b.status === 'live' && (
          <ConfirmButton
            label="End break"
            title="End the break?"
            text="No more hits can be entered; owners may then claim their hits, shipped within 48 hours."
            onConfirm={() => run('complete')}
            disabled={command.isPending}
          />
        )}
        {(b.status === 'draft' || b.status === 'open' || b.status === 'filled') && (
          <ConfirmButton
            label={b.spotsSold > 0 ? 'Cancel and refund' : 'Cancel break'}
            title="Cancel this break?"
            text={
              b.spotsSold > 0
                ? `Every one of the ${b.spotsSold} spots sold is refunded to its buyer's wallet.`
                : 'Nobody has bought a spot yet.'
            }
            color="error"
            variant="outlined"
            onConfirm={() => run('cancel')}
            disabled={command.isPending}
          />
        )}
      </div>
      {b.status === 'open' && (
        <p className={clsx(admin.muted, admin.small)}>
          The break can start once it fills, or at its deadline with at least {b.minSpots} sold
          (otherwise every spot is refunded automatically).
        </p>
      )}
      {command.error && <Alert severity="error">{command.error.message}</Alert>}
      {b.status === 'cancelled' && (
        <Alert severity="info">Cancelled: {b.refunds} spot(s) refunded.</Alert>
      )}

      {b.status === 'draft' && (
        <label className={clsx(buttonClass({ variant: 'outlined', size: 'small' }), styles.file)}>
          {b.imageUrl ? 'Replace product photo' : 'Add a product photo'}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className={ui.visuallyHidden}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void uploadProduct(file).catch(() => undefined);
            }}
          />
        </label>
      )}
      {(upload.error ?? update.error) && (
        <Alert severity="error">{(upload.error ?? update.error)!.message}</Alert>
      )}

      {canChangeStream && <StreamForm b={b} />}

      {b.status === 'live' && <HitForm b={b} />}

      <div className={styles.scroll}>
        <Table<Spot>
          label="Spots and buyers"
          rows={b.spots}
          rowKey={(s) => s.spotNumber}
          columns={[
            { key: 'spot', title: 'Spot', cell: (s) => s.spotNumber },
            { key: 'team', title: 'Team', cell: (s) => s.team ?? '—' },
            {
              key: 'buyer',
              title: 'Buyer',
              cell: (s) => (
                <span className={styles.buyer}>
                  {s.username ?? '—'}
                  {s.refunded && <Badge>Refunded</Badge>}
                </span>
              ),
            },
            { key: 'price', title: 'Price', align: 'right', cell: (s) => formatUsd(s.price) },
          ]}
        />
      </div>

      {b.hits.length > 0 && (
        <div className={styles.scroll}>
          <Table<Hit>
            label="Hits"
            rows={b.hits}
            rowKey={(h) => h._id}
            columns={[
              { key: 'number', title: '#', cell: (h) => h.hitNumber },
              {
                key: 'card',
                title: 'Card',
                cell: (h) => (
                  <span>
                    {h.cardName}
                    {h.detail && <span className={admin.subLine}>{h.detail}</span>}
                  </span>
                ),
              },
              { key: 'team', title: 'Team', cell: (h) => h.team },
              {
                key: 'owner',
                title: 'Owner',
                cell: (h) => (
                  <span>
                    {h.username ?? 'House'}
                    {h.spotNumber ? ` (spot ${h.spotNumber})` : ''}
                  </span>
                ),
              },
              { key: 'status', title: 'Status', cell: (h) => h.status.replace('_', ' ') },
              { key: 'buyback', title: 'Buyback', cell: (h) => <BuybackCell b={b} hit={h} /> },
            ]}
          />
        </div>
      )}
    </div>
  );
}
