import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeReturnPath } from '@/lib/auth/returnPath';
import clsx from 'clsx';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { lazyResolver } from '@/lib/forms';
import { Form } from '@/components/ui/Form';
import { FormSubmit, FormTextField } from '@/components/ui/FormFields';
import { NewPasswordFields } from '@/components/NewPasswordFields';
import ui from '@/lib/styles/ui.module.css';
import { AcceptTermsCheckbox } from '../components/AcceptTermsCheckbox';
import { AuthCard } from '../components/AuthCard';
import styles from '../components/authForm.module.css';
import { useRegister } from '../api/signIn';
import type { RegisterForm } from '../forms/schemas';

const registerResolver = lazyResolver<RegisterForm>(() =>
  import('../forms/schemas').then((m) => m.registerResolver),
);

/** /register: email, username, password (with a strength meter), confirmation and terms. */
export default function RegisterPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // The page the sign-up started from (the checkout, a pack): the profile step and the
  // verification link both lead back there.
  const returnPath = safeReturnPath(searchParams.get('redirectTo')) ?? undefined;
  const auth = useAuth();
  const register = useRegister();

  const onSubmit = async ({ email, username, password }: RegisterForm) => {
    const result = await register.mutateAsync({
      email,
      username,
      password,
      acceptTerms: true,
      returnPath,
    });
    auth.signedIn(result);
    navigate(paths.completeProfile.getHref({ redirectTo: returnPath }), {
      replace: true,
      state: { welcome: true },
    });
  };

  return (
    <AuthCard title="Create your account" subtitle="Buy packs, track your pulls and sell cards.">
      <Form
        resolver={registerResolver}
        defaultValues={{
          email: '',
          username: '',
          password: '',
          confirmPassword: '',
          acceptTerms: false,
        }}
        onSubmit={onSubmit}
      >
        <FormTextField name="email" label="Email" type="email" autoComplete="email" autoFocus />
        <FormTextField
          name="username"
          label="Username"
          autoComplete="username"
          helperText={'3 to 24 letters, digits, _ . or -'}
        />
        <NewPasswordFields name="password" label="Password" confirmLabel="Confirm password" />
        <AcceptTermsCheckbox />
        <FormSubmit pendingText="Creating your account...">Create account</FormSubmit>
        <p className={clsx(ui.body2, ui.secondaryText, styles.center)}>
          Already have an account?{' '}
          <Link to={paths.login.getHref({ redirectTo: returnPath })} className={ui.textLink}>
            Sign in
          </Link>
        </p>
      </Form>
    </AuthCard>
  );
}
