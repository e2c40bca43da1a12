import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import clsx from 'clsx';
import { z } from 'zod';
import { ResetPasswordRequest } from '@grail/contract';
import { paths } from '@/lib/paths';
import { applyServerError } from '@/lib/forms';
import { Alert, ButtonLink, Form, FormSubmit } from '@/components/ui';
import { NewPasswordFields } from '@/components/NewPasswordFields';
import ui from '@/lib/styles/ui.module.css';
import { AuthCard } from '../components/AuthCard';
import styles from '../components/authForm.module.css';
import { useResetPassword } from '../api/recovery';

const ResetForm = ResetPasswordRequest.pick({ password: true })
  .extend({ confirmPassword: z.string().min(1, 'Confirm your password') })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });
type ResetForm = z.infer<typeof ResetForm>;

/** /reset-password/:token (or ?token=): a new password from the mailed link. */
export default function ResetPasswordPage() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const token = params.token ?? searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const [done, setDone] = useState<string | null>(null);
  // A refused link gets its own alert, with the way to a new one.
  const [formError, setFormError] = useState<string | null>(null);

  if (!token) {
    return (
      <AuthCard title="Reset your password">
        <div className={styles.form}>
          <Alert severity="warning">
            This page needs the link from your reset email. Open the link again, or ask for a new
            one.
          </Alert>
          <ButtonLink to={paths.forgotPassword.getHref()} variant="contained">
            Send me a reset link
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" subtitle="Pick one you do not use anywhere else.">
      {done ? (
        <div className={styles.form}>
          <Alert severity="success">{done}</Alert>
          <ButtonLink to={paths.login.getHref()} variant="contained">
            Sign in
          </ButtonLink>
        </div>
      ) : (
        <Form<ResetForm>
          schema={ResetForm}
          defaultValues={{ password: '', confirmPassword: '' }}
          onSubmit={async ({ password }, form) => {
            setFormError(null);
            try {
              setDone((await reset.mutateAsync({ token, password })).message);
            } catch (error) {
              setFormError(applyServerError(error, form.setError, ['password']));
            }
          }}
        >
          {formError && (
            <Alert severity="error">
              {formError}{' '}
              <Link to={paths.forgotPassword.getHref()} className={ui.textLink}>
                Ask for a new link
              </Link>
            </Alert>
          )}
          <NewPasswordFields
            name="password"
            label="New password"
            confirmLabel="Confirm new password"
            autoFocus
          />
          <FormSubmit pendingText="Saving...">Save new password</FormSubmit>
          <p className={clsx(ui.body2, ui.secondaryText, styles.center)}>
            Saving it signs you out everywhere else.
          </p>
        </Form>
      )}
    </AuthCard>
  );
}
