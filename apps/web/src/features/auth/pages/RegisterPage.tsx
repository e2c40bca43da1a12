import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeReturnPath } from '@/lib/auth/returnPath';
import { useForm } from 'react-hook-form';
import clsx from 'clsx';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { applyServerError, lazyResolver } from '@/lib/forms';
import { CheckboxField } from '@/components/form/CheckboxField';
import { FormField } from '@/components/form/FormField';
import { PasswordStrength } from '@/components/form/PasswordStrength';
import { SubmitButton } from '@/components/form/SubmitButton';
import ui from '@/lib/styles/ui.module.css';
import { AuthCard } from '../components/AuthCard';
import { AuthForm, EmailField } from '../components/AuthForm';
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
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RegisterForm>({
    resolver: registerResolver,
    defaultValues: {
      email: '',
      username: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
    },
  });
  // The form's schema downloads once the page is up, before the first check needs it.
  useEffect(() => registerResolver.preloadWhenIdle(), []);
  const { errors } = form.formState;
  const password = form.watch('password');

  const onSubmit = form.handleSubmit(({ email, username, password: pw }) => {
    setFormError(null);
    register.mutate(
      { email, username, password: pw, acceptTerms: true, returnPath },
      {
        onSuccess: (result) => {
          auth.signedIn(result);
          navigate(paths.completeProfile.getHref({ redirectTo: returnPath }), {
            replace: true,
            state: { welcome: true },
          });
        },
        onError: (error) =>
          setFormError(applyServerError(error, form.setError, ['email', 'username', 'password'])),
      },
    );
  });

  return (
    <AuthCard title="Create your account" subtitle="Buy packs, track your pulls and sell cards.">
      <AuthForm onSubmit={onSubmit} error={formError}>
        <EmailField form={form} />
        <FormField
          form={form}
          name="username"
          label="Username"
          autoComplete="username"
          hint={'3 to 24 letters, digits, _ . or -'}
        />
        <FormField
          form={form}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
        />
        <PasswordStrength password={password} />
        <FormField
          form={form}
          name="confirmPassword"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
        />
        <CheckboxField
          {...form.register('acceptTerms')}
          error={errors.acceptTerms?.message}
          label={
            <>
              I am 18 or older and accept the{' '}
              <Link to={paths.termsOfService.getHref()} target="_blank" className={ui.textLink}>
                Terms of Service
              </Link>
            </>
          }
        />
        <SubmitButton pending={register.isPending} pendingText="Creating your account...">
          Create account
        </SubmitButton>
        <p className={clsx(ui.body2, ui.secondaryText, styles.center)}>
          Already have an account?{' '}
          <Link to={paths.login.getHref({ redirectTo: returnPath })} className={ui.textLink}>
            Sign in
          </Link>
        </p>
      </AuthForm>
    </AuthCard>
  );
}
