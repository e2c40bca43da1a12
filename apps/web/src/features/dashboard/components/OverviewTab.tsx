import type { ReactNode } from 'react';
import type { PublicUser } from '@grail/contract';
import { Alert, Badge, Button, ButtonLink, Card } from '@/components/ui';
import { dateFormat } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useResendVerification } from '../api/useAccount';
import { OverviewSummary } from './OverviewSummary';
import styles from './OverviewTab.module.css';

/** The day an account was made: November 21, 2026. */
const memberSinceFormat = dateFormat({ year: 'numeric', month: 'long', day: 'numeric' });
const memberSince = (iso: string) => memberSinceFormat.format(new Date(iso));

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card title={title} className={styles.panel}>
      {children}
    </Card>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    // The value keeps its column beside the label and wraps within it (a long e-mail on a phone).
    <div className={styles.row}>
      <span className={styles.label}>{label}</span>
      <div className={styles.value}>{value}</div>
    </div>
  );
}

function EmailVerification({ user }: { user: PublicUser }) {
  const resend = useResendVerification();
  if (user.emailVerified) return <Badge tone="success">Verified</Badge>;
  return (
    <div className={styles.stack}>
      <Badge tone="warning">Not verified</Badge>
      <p className={styles.note}>
        Open the link we emailed to {user.email}. You need a verified email to buy packs and cards.
      </p>
      {resend.isSuccess ? (
        <Alert severity="success">{resend.data.message}</Alert>
      ) : (
        <Button
          variant="outlined"
          onClick={() => resend.mutate()}
          loading={resend.isPending}
          loadingText="Sending..."
        >
          Resend verification email
        </Button>
      )}
      {resend.isError && <Alert severity="error">{resend.error.message}</Alert>}
    </div>
  );
}

/**
 * Dashboard 'Overview': first what needs an answer, the portfolio, the wallet and the latest
 * activity; then the account, its verification, profile and two-factor state.
 */
export function OverviewTab({ user }: { user: PublicUser }) {
  const complete = user.profileComplete;
  return (
    <>
      <OverviewSummary />
      <div className={styles.grid}>
        <Panel title="Account">
          <Row label="Username" value={user.username} />
          <Row label="Email" value={user.email} />
          <Row label="Name" value={user.displayName ?? '—'} />
          <Row label="Member since" value={memberSince(user.createdAt)} />
        </Panel>
        <Panel title="Email">
          <EmailVerification user={user} />
        </Panel>
        <Panel title="Profile">
          <div className={styles.stack}>
            <Badge tone={complete ? 'success' : 'warning'}>
              {complete ? 'Complete' : 'Incomplete'}
            </Badge>
            <p className={styles.note}>
              {complete ? (
                <>
                  Cards ship to {user.shippingAddress?.line1}, {user.shippingAddress?.city}.
                </>
              ) : (
                'Add your name, date of birth and shipping address before your first pack.'
              )}
            </p>
            <ButtonLink
              to={paths.completeProfile.getHref()}
              variant={complete ? 'text' : 'contained'}
            >
              {complete ? 'Edit profile' : 'Complete your profile'}
            </ButtonLink>
          </div>
        </Panel>
        <Panel title="Two-factor sign-in">
          <div className={styles.stack}>
            <Badge tone={user.totpEnabled ? 'success' : 'neutral'}>
              {user.totpEnabled ? 'On' : 'Off'}
            </Badge>
            <p className={styles.note}>
              {user.totpEnabled
                ? 'Signing in asks for a code from your authenticator app.'
                : 'Protect your wallet and pulls with a code from an authenticator app.'}
            </p>
            {!user.totpEnabled && (
              <ButtonLink to={paths.totpSetup.getHref()} variant="outlined">
                Turn on two-factor
              </ButtonLink>
            )}
          </div>
        </Panel>
      </div>
    </>
  );
}
