import clsx from 'clsx';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ProfileRequest, type ShippingAddress } from '@grail/contract';
import { useAuth } from '@/lib/auth';
import { safeReturnPath } from '@/lib/auth/returnPath';
import { paths } from '@/lib/paths';
import { FormAddressFields } from '@/components/FormAddressFields';
import { Alert, Form, FormSubmit, FormTextField } from '@/components/ui';
import ui from '@/lib/styles/ui.module.css';
import { AcceptTermsCheckbox } from '../components/AcceptTermsCheckbox';
import { AuthCard } from '../components/AuthCard';
import styles from '../components/authForm.module.css';
import { useSaveProfile } from '../api/profile';

type ProfileForm = {
  displayName: string;
  dateOfBirth: string;
  shippingAddress: Partial<ShippingAddress>;
  acceptTerms: boolean;
};

/**
 * /complete-profile (signed in): name, date of birth (18+) and shipping address, the profile a
 * collector needs before buying.
 */
export default function CompleteProfilePage() {
  const auth = useAuth();
  const user = auth.user;
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const save = useSaveProfile();
  const welcome = (location.state as { welcome?: boolean } | null)?.welcome === true;

  const onSubmit = async (values: ProfileRequest) => {
    // An emptied second line is no second line.
    const line2 = values.shippingAddress.line2 || undefined;
    await save.mutateAsync({ ...values, shippingAddress: { ...values.shippingAddress, line2 } });
    await auth.refresh();
    navigate(safeReturnPath(searchParams.get('redirectTo')) ?? paths.dashboard.getHref(), {
      replace: true,
    });
  };

  return (
    <AuthCard
      wide
      title={user?.profileComplete ? 'Your profile' : 'Complete your profile'}
      subtitle="We ship every card you pull or buy, so we need your name and address. You must be 18 or older to buy."
    >
      {welcome && (
        <Alert severity="success" className={styles.notice}>
          Welcome, {user?.username}! We sent a link to {user?.email}: open it to verify your email.
        </Alert>
      )}
      <Form<ProfileForm, ProfileRequest>
        schema={ProfileRequest}
        defaultValues={{
          displayName: user?.displayName ?? '',
          dateOfBirth: user?.dateOfBirth ?? '',
          shippingAddress: user?.shippingAddress ?? { country: 'US' },
          acceptTerms: false,
        }}
        onSubmit={onSubmit}
      >
        <FormTextField name="displayName" label="Display name" autoComplete="nickname" autoFocus />
        <FormTextField
          name="dateOfBirth"
          label="Date of birth"
          type="date"
          autoComplete="bday"
          helperText="You must be 18 or older."
        />
        <h2 className={clsx(ui.h6, styles.sectionTitle)}>Shipping address</h2>
        <FormAddressFields />
        <AcceptTermsCheckbox />
        <FormSubmit pendingText="Saving...">Save profile</FormSubmit>
      </Form>
    </AuthCard>
  );
}
