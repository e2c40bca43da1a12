import clsx from 'clsx';
import { Link as RouterLink } from 'react-router';
import { PullPreferences, type Pull, type PullStatus } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { PullDecisionButtons, usePullDecision } from '@/components/PullDecisionDialogs';
import {
  Alert,
  Badge,
  Button,
  ButtonLink,
  Card,
  Form,
  FormSubmit,
  FormTextField,
  Skeleton,
  Spinner,
  Switch,
} from '@/components/ui';
import { claimId, useMyPulls, usePullActions } from '@/lib/api/pulls';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { usePullPreferences, useSavePullPreferences } from '../api/usePullPreferences';
import { paths } from '@/lib/paths';
import { TrackingLink } from '@/components/TrackingLink';
import styles from './PullsTab.module.css';
import tab from './tab.module.css';
import ui from '@/lib/styles/ui.module.css';

const STATUS: Record<
  PullStatus,
  { label: string; tone: 'neutral' | 'info' | 'primary' | 'success' | 'warning' }
> = {
  revealed: { label: 'Revealed', tone: 'info' },
  claimed: { label: 'Claimed', tone: 'primary' },
  shipped: { label: 'Shipped', tone: 'success' },
  delivered: { label: 'Delivered', tone: 'success' },
  sold_back: { label: 'Sold back', tone: 'warning' },
};

const date = (iso: string) => dateTimeFormat.format(new Date(iso));

function PullRow({ pull }: { pull: Pull }) {
  const actions = usePullActions();
  const { claim, sellBack } = actions;
  const claiming = claim.variables !== undefined && claimId(claim.variables) === pull._id;
  const busy =
    (claim.isPending && claiming) || (sellBack.isPending && sellBack.variables === pull._id);
  const error =
    (claiming ? claim.error : null) ?? (sellBack.variables === pull._id ? sellBack.error : null);
  const { decide, dialogs } = usePullDecision(pull, busy, actions);
  const status = STATUS[pull.status];
  return (
    <div className={clsx(ui.paper, styles.row)} data-testid="pull-row">
      <CardImage src={pull.card.imageUrl} alt={pull.card.name} sizes="88px" />
      <div className={styles.info}>
        <div className={styles.status}>
          <Badge tone={status.tone} variant="filled">
            {status.label}
          </Badge>
          <span className={styles.caption}>
            pull #{pull.k} of {pull.totalItems} · {pull.caseName}
          </span>
        </div>
        <p className={tab.cardName}>{pull.card.name}</p>
        <p className={tab.cardMeta}>
          {/* A name that ends with the grade ('… #16 SGC 10') is not followed by it again. */}
          {[
            pull.card.name.includes(pull.card.grade) ? null : pull.card.grade,
            `FMV ${formatUsd(pull.card.fmv)}`,
            date(pull.pulledAt),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {pull.shipment && pull.status === 'claimed' && (
          <p className={styles.small}>Ships by {date(pull.shipment.shipBy)}</p>
        )}
        {pull.shipment?.trackingNumber && (
          <p className={styles.small}>
            {pull.shipment.carrier} tracking{' '}
            <strong>
              <TrackingLink
                carrier={pull.shipment.carrier}
                trackingNumber={pull.shipment.trackingNumber}
              />
            </strong>
          </p>
        )}
        {pull.status === 'sold_back' && pull.soldBackFor !== null && (
          <p className={styles.small}>Sold back for {formatUsd(pull.soldBackFor)}</p>
        )}
        {error && (
          <Alert severity="error" className={styles.error}>
            {error.message}
          </Alert>
        )}
      </div>
      {/* A label never breaks inside its button: on a phone the buttons wrap to a second line. */}
      <div className={clsx(ui.buttonRow, styles.actions)}>
        <PullDecisionButtons pull={pull} busy={busy} size="small" onDecide={decide} />
        <ButtonLink size="small" to={paths.grailReveal.getHref({ pull: pull._id })}>
          View
        </ButtonLink>
      </div>
      {dialogs}
    </div>
  );
}

function PullPreferencesForm() {
  const prefs = usePullPreferences();
  const save = useSavePullPreferences();
  return (
    <Card title="Fairness and privacy" level={3} className={styles.prefs}>
      <Form
        // Filled in again once the saved preferences arrive.
        key={prefs.data ? 'loaded' : 'loading'}
        schema={PullPreferences}
        defaultValues={prefs.data ?? { clientSeed: '', pullsAnonymous: false }}
        className={styles.prefsForm}
        onSubmit={(values) => save.mutateAsync(values)}
      >
        {(form) => (
          <>
            <div className={styles.seed}>
              <div className={styles.seedField}>
                <FormTextField
                  name="clientSeed"
                  label="Client seed"
                  helperText="Mixed into every pull you buy; change it any time."
                  disabled={prefs.isPending}
                />
              </div>
              <Button
                size="small"
                className={styles.randomize}
                onClick={() =>
                  form.setValue('clientSeed', crypto.randomUUID().replaceAll('-', ''), {
                    shouldDirty: true,
                    shouldValidate: true,
                  })
                }
              >
                Randomize
              </Button>
            </div>
            <Switch
              label="Show my pulls as Anonymous"
              checked={form.watch('pullsAnonymous')}
              onCheckedChange={(on) => form.setValue('pullsAnonymous', on, { shouldDirty: true })}
            />
            <div className={styles.save}>
              <FormSubmit variant="outlined" size="small" fullWidth={false}>
                Save
              </FormSubmit>
              {save.isSuccess && <span className={styles.saved}>Saved.</span>}
              <RouterLink to={paths.fairness.getHref()} className={styles.link}>
                How pulls are verified
              </RouterLink>
            </div>
          </>
        )}
      </Form>
    </Card>
  );
}

/** Dashboard 'My Pulls': every pull with its status and what can still be done with it. */
export function PullsTab() {
  const pulls = useMyPulls();
  return (
    <div className={tab.tab}>
      <h2 className={tab.heading}>My Pulls</h2>
      {pulls.isPending && (
        <div className={tab.loading} role="status" aria-label="Loading pulls">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={120} />
          ))}
        </div>
      )}
      {pulls.isError && <Alert severity="error">Could not load your pulls.</Alert>}
      {pulls.data?.length === 0 && (
        <Card className={styles.none}>
          <p className={styles.noneText}>No pulls yet.</p>
          <ButtonLink to={paths.grailMachine.getHref()} variant="contained">
            Open your first pack
          </ButtonLink>
        </Card>
      )}
      {pulls.data?.map((p) => (
        <PullRow key={p._id} pull={p} />
      ))}
      {pulls.isFetching && !pulls.isPending && <Spinner size={18} label="Refreshing" />}
      <PullPreferencesForm />
    </div>
  );
}
