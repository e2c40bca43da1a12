import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { STAFF_TWO_FACTOR_REQUIRED } from '@grail/contract';
import { CenteredPanel } from '@/components/CenteredPanel';
import { paths } from '@/lib/paths';
import { buttonClass } from '@/components/ui/Button';

/** What staff without two-factor see in place of the console (the API refuses it too). */
export function StaffTwoFactorRequired() {
  return (
    <CenteredPanel
      icon={<ShieldCheck aria-hidden size={40} />}
      title="Two-factor authentication required"
      actions={
        <Link
          to={paths.totpSetup.getHref()}
          className={buttonClass({ variant: 'contained', size: 'large' })}
        >
          Set up two-factor authentication
        </Link>
      }
    >
      <p>{STAFF_TWO_FACTOR_REQUIRED}</p>
      <p>
        Staff sign in with a code from an authenticator app as well as their password, so a stolen
        password alone cannot open the shop&apos;s controls.
      </p>
    </CenteredPanel>
  );
}
