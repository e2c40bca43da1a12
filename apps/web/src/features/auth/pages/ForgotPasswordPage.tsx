import { useState } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { ForgotPasswordRequest } from '@grail/contract';
import { paths } from '@/lib/paths';
import { Alert, ButtonLink, Form, FormSubmit, FormTextField } from '@/components/ui';
import ui from '@/lib/styles/ui.module.css';
import { AuthCard } from '../components/AuthCard';
import styles from '../components/authForm.module.css';
import { useForgotPassword } from '../api/recovery';

/** /forgot-password: asks for a reset link. The answer is the same whether the account exists. */
export default function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email of your account and we will send you a link to choose a new one."
    >
      {sent ? (
        <div className={styles.form}>
          <Alert severity="success">{sent}</Alert>
          <p className={clsx(ui.body2, ui.secondaryText)}>
            The link works once, for 1 hour. Nothing arrived? Check your spam folder or ask again.
          </p>
          <ButtonLink to={paths.login.getHref()} variant="contained">
            Back to sign in
          </ButtonLink>
        </div>
      ) : (
        <Form
          schema={ForgotPasswordRequest}
          defaultValues={{ email: '' }}
          onSubmit={async (body) => setSent((await forgot.mutateAsync(body)).message)}
        >
          <FormTextField name="email" label="Email" type="email" autoComplete="email" autoFocus />
          <FormSubmit pendingText="Sending...">Send reset link</FormSubmit>
          <p className={clsx(ui.body2, ui.secondaryText, styles.center)}>
            Remembered it?{' '}
            <Link to={paths.login.getHref()} className={ui.textLink}>
              Sign in
            </Link>
          </p>
        </Form>
      )}
    </AuthCard>
  );
}
